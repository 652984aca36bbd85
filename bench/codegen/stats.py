#!/usr/bin/env python3
"""Per-kernel code statistics of PTX (with ptxas -v) and AMDGPU assembly.

  stats.py ptx FILE.ptx PTXAS_LOG   -> name instructions fmas registers spills
  stats.py amd FILE.s               -> name instructions fmas vgprs sgprs scratch

FMAs are the fused multiply-adds a thread does: a packed one (AMD's
v_pk_fma_f32) counts as the two it does.

mlirc's kernel names carry a program suffix (_1a2b3c4d) and a module
prefix (k_), both dropped so the names match the CUDA ones.
"""
import re
import sys


def base(name):
    name = re.sub(r"_[0-9a-f]{8}$", "", name)
    return name[2:] if name.startswith("k_") else name


def ptx(path, log):
    text = open(path).read()
    stats = {}
    for m in re.finditer(r"\.entry\s+(\w+)\((.*?)\n\}", text, re.S):
        body = m.group(2)
        lines = [l.strip() for l in body.splitlines()]
        instrs = [l for l in lines if re.match(r"^(@!?%\w+\s+)?[a-z][\w.:]*", l)
                  and l.endswith(";") and not l.startswith(".")]
        fmas = sum(1 for l in instrs if re.search(r"\bfma\.", l))
        stats[base(m.group(1))] = [len(instrs), fmas, 0, 0]
    current = None
    for line in open(log):
        m = re.search(r"Function properties for (\w+)", line) or \
            re.search(r"Compiling entry function '(\w+)'", line)
        if m:
            current = base(m.group(1))
        m = re.search(r"(\d+) bytes spill stores", line)
        if m and current in stats:
            stats[current][3] = int(m.group(1))
        m = re.search(r"Used (\d+) registers", line)
        if m and current in stats:
            stats[current][2] = int(m.group(1))
    return stats


def amd(path):
    text = open(path).read()
    stats = {}
    for m in re.finditer(r"^(\w+):[ \t]*(?:;[^\n]*)?\n(.*?)^\.Lfunc_end\d+:", text,
                         re.S | re.M):
        if m.group(1).startswith("."):
            continue
        instrs = [l.strip() for l in m.group(2).splitlines()
                  if re.match(r"^\s+[a-z]\w*", l) and not l.strip().startswith(".")]
        # A packed FMA (v_pk_fma_f32, _f16) does two.
        fmas = sum(2 if l.startswith("v_pk_") else 1
                   for l in instrs if re.match(r"v_(pk_)?fmac?_", l))
        stats[base(m.group(1))] = [len(instrs), fmas, 0, 0, 0]
    name = None
    for line in text.splitlines():
        m = re.match(r"\s+\.name:\s+(\w+)", line)
        if m:
            name = base(m.group(1))
            continue
        for key, col in ((".vgpr_count", 2), (".sgpr_count", 3),
                         (".private_segment_fixed_size", 4)):
            m = re.match(r"\s+" + re.escape(key) + r":\s+(\d+)", line)
            if m and name in stats:
                stats[name][col] = int(m.group(1))
    return stats


if __name__ == "__main__":
    result = ptx(sys.argv[2], sys.argv[3]) if sys.argv[1] == "ptx" \
        else amd(sys.argv[2])
    for name, values in sorted(result.items()):
        print(name, *values)
