#!/usr/bin/env python3
"""A FileCheck subset for machines without LLVM (the GPU check script).

Reads CHECK:, CHECK-NEXT:, CHECK-COUNT-<n>:, CHECK-DAG: and CHECK-NOT:
lines (also behind `//`) from the check file and matches them, in order
(a run of CHECK-DAG lines in any order; a CHECK also later on the line of
the previous match), against the lines of standard input: runs of
whitespace count as one space, {{regex}} parts are regular expressions and
[[@LINE+N]] is a line number. Exits 1 naming the first pattern that did
not match.
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
    # The last match: its line and where on it it ended (a CHECK may match
    # later on the same line, as FileCheck's do).
    pos, col = -1, 0
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
            if found > pos:
                pos, col = found, len(lines[found])
            continue
        count = int(kind.rsplit("-", 1)[1]) if "COUNT" in kind else 1
        for _ in range(count):
            start = pos + 1
            match = None
            if kind == "CHECK-NEXT":
                line = start
                if line < len(lines):
                    match = regex.search(lines[line])
            else:
                line = pos
                if pos >= 0:
                    match = regex.search(lines[pos], col)
                while not match and line + 1 < len(lines):
                    line += 1
                    match = regex.search(lines[line])
            if not match:
                sys.exit("check failed: %s: %s" % (kind, regex.pattern))
            for skipped in lines[start:line]:
                for bad in forbidden:
                    if bad.search(skipped):
                        sys.exit("check failed: CHECK-NOT: %s" % bad.pattern)
            forbidden = []
            pos, col = line, match.end()
    print("ok")


if __name__ == "__main__":
    main()
