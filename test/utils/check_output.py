#!/usr/bin/env python3
"""A FileCheck subset for machines without LLVM (the GPU check script).

Reads CHECK: and CHECK-NEXT: lines from the check file and matches them, in
order, as substrings of standard input lines, with runs of whitespace
treated as one space. Exits 1 with the first pattern that did not match.
"""
import re
import sys


def canon(text):
    return re.sub(r"\s+", " ", text).strip()


def main():
    checks = []
    for line in open(sys.argv[1]):
        match = re.match(r"\s*(?://\s*)?(CHECK|CHECK-NEXT):(.*)", line)
        if match:
            checks.append((match.group(1), canon(match.group(2))))
    lines = [canon(line) for line in sys.stdin.read().splitlines()]
    pos = -1
    for kind, pattern in checks:
        if kind == "CHECK-NEXT":
            pos += 1
            if pos >= len(lines) or pattern not in lines[pos]:
                sys.exit("check failed: CHECK-NEXT: %s" % pattern)
            continue
        pos += 1
        while pos < len(lines) and pattern not in lines[pos]:
            pos += 1
        if pos >= len(lines):
            sys.exit("check failed: CHECK: %s" % pattern)
    print("ok")


if __name__ == "__main__":
    main()
