#!/usr/bin/env python3
"""Per-kernel code statistics of PTX (with ptxas -v) and AMDGPU assembly.

  stats.py ptx FILE.ptx PTXAS_LOG   -> name instructions fmas registers spills
  stats.py amd FILE.s               -> name instructions fmas vgprs sgprs scratch

FMAs are the fused multiply-adds a thread does: a packed one (AMD's
v_pk_fma_f32) counts as the two it does. An fma that multiplies by 1 or -1
and adds 0 does neither (CUDA's math library negates so, with
fma(x, -1.0, 0.0), where LLVM folds it into 0 - x): it is not counted.

mlirc's kernel names carry a program suffix (_1a2b3c4d) and a module
prefix (k_), both dropped so the names match the CUDA ones.
"""
import re
import sys


def base(name):
    name = re.sub(r"_[0-9a-f]{8}$", "", name)
    return name[2:] if name.startswith("k_") else name


ONES = {"0f3F800000", "0fBF800000", "1.0", "-1.0"}
ZEROS = {"0f00000000", "0f80000000", "0", "0.0", "-0.0"}


def real_fma(operands, constants):
    """Whether an fma's operands (destination first) multiply and add."""
    value = [constants.get(o, o) for o in operands[1:4]]
    return len(value) < 3 or not (
        (value[0] in ONES or value[1] in ONES) and value[2] in ZEROS)


def ptx(path, log):
    text = open(path).read()
    stats = {}
    for m in re.finditer(r"\.entry\s+(\w+)\(", text):
        # The body up to its closing brace: inline assembly's braces and
        # vector operands' nest inside.
        start = text.index("\n{", m.end())
        depth, end = 0, start
        for end in range(start, len(text)):
            depth += {"{": 1, "}": -1}.get(text[end], 0)
            if depth == 0 and text[end] == "}":
                break
        body = text[start + 2:end]
        # Inline assembly (cuda_fp16.h's operators) sits in braces:
        # `{mul.f16 %rs2,%rs1,%rs4;` and `}`, or on one line,
        # `{  cvt.f32.f16 %f1, %rs1;}` (__half2float).
        lines = [l.strip().lstrip("{").rstrip("}").strip()
                 for l in body.splitlines()]
        instrs = [l for l in lines if re.match(r"^(@!?%\w+\s+)?[a-z][\w.:]*", l)
                  and l.endswith(";") and not l.startswith(".")]
        constants, fmas = {}, 0
        for l in instrs:
            mov = re.match(r"mov\.[bf]32\s+(%\w+),\s*(0f[0-9A-F]{8});", l)
            if mov:
                constants[mov.group(1)] = mov.group(2)
            fma = re.match(r"(?:@!?%\w+\s+)?fma\.\S+\s+(.*);", l)
            if fma and real_fma([o.strip() for o in fma.group(1).split(",")],
                                constants):
                fmas += 1
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
                   for l in instrs if re.match(r"v_(pk_)?fmac?_", l) and
                   real_fma([o.strip() for o in
                             l.split(None, 1)[1].split(";")[0].split(",")],
                            {}))
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
