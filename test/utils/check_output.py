#!/usr/bin/env python3
"""A FileCheck subset for machines without LLVM (the GPU check script).

Reads CHECK:, CHECK-NEXT:, CHECK-COUNT-<n>:, CHECK-DAG: and CHECK-NOT:
lines (also behind `//`) from the check file and matches them, in order
(a run of CHECK-DAG lines in any order), against the lines of standard
input: runs of whitespace count as one space, {{regex}} parts are regular
expressions and [[@LINE+N]] is a line number. Exits 1 naming the first pattern
that did not match.
"""
import re
import sys


def canon(text):
    return re.sub(r"\s+", " ", text).strip()


def to_regex(pattern):
    parts = re.split(r"\{\{(.*?)\}\}", pattern)
    return re.compile("".join(p if i % 2 else re.escape(p)
                              for i, p in enumerate(parts)))


def main():
    checks = []
    for number, line in enumerate(open(sys.argv[1]), 1):
        # [[@LINE+N]] is the number of the line N lines below this one.
        line = re.sub(r"\[\[@LINE([+-]\d+)?\]\]",
                      lambda m: str(number + int(m.group(1) or 0)), line)
        match = re.match(
            r"\s*(?://\s*)?(CHECK(?:-NEXT|-NOT|-DAG|-COUNT-\d+)?):(.*)", line)
        if match:
            checks.append((match.group(1), to_regex(canon(match.group(2)))))
    lines = [canon(line) for line in sys.stdin.read().splitlines()]
    pos = -1
    forbidden = []
    dag_start, dag_used = None, set()
    for kind, regex in checks:
        if kind != "CHECK-DAG":
            dag_start, dag_used = None, set()
        if kind == "CHECK-NOT":
            forbidden.append(regex)
            continue
        if kind == "CHECK-DAG":
            # Any unused line after the one before the run; the run ends
            # after the last line it matched.
            if dag_start is None:
                dag_start = pos + 1
            found = next((i for i in range(dag_start, len(lines))
                          if i not in dag_used and regex.search(lines[i])),
                         None)
            if found is None:
                sys.exit("check failed: %s: %s" % (kind, regex.pattern))
            dag_used.add(found)
            pos = max(pos, found)
            continue
        count = int(kind.rsplit("-", 1)[1]) if "COUNT" in kind else 1
        for _ in range(count):
            start = pos + 1
            if kind == "CHECK-NEXT":
                found = start < len(lines) and regex.search(lines[start])
                pos = start
            else:
                pos = start
                while pos < len(lines) and not regex.search(lines[pos]):
                    pos += 1
                found = pos < len(lines)
            if not found:
                sys.exit("check failed: %s: %s" % (kind, regex.pattern))
            for skipped in lines[start:pos]:
                for bad in forbidden:
                    if bad.search(skipped):
                        sys.exit("check failed: CHECK-NOT: %s" % bad.pattern)
            forbidden = []
    print("ok")


if __name__ == "__main__":
    main()
