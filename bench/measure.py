#!/usr/bin/env python3
"""Runs a command once, quietly, and prints its wall time in seconds and
its peak memory (the largest resident set of it and its children) in MiB:

    measure.py COMMAND...
"""
import resource
import subprocess
import sys
import time

start = time.monotonic()
result = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE)
seconds = time.monotonic() - start
if result.returncode != 0:
    sys.stderr.write(result.stderr.decode(errors="replace"))
    sys.exit(f"measure.py: {sys.argv[1]} failed with exit code "
             f"{result.returncode}")
peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
print(f"{seconds:.3f} {peak:.0f}")
