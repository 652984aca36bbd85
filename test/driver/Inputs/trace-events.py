"""Prints the complete events of a Chrome trace, one per line: the name,
then the detail mlirc gives it; fails unless the file is a trace."""
import json
import sys

with open(sys.argv[1]) as f:
    trace = json.load(f)
for event in trace["traceEvents"]:
    if event.get("ph") != "X":
        continue
    assert event["dur"] >= 0 and event["ts"] >= 0
    detail = event.get("args", {}).get("detail", "")
    print(event["name"], detail)
