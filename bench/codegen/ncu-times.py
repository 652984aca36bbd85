#!/usr/bin/env python3
"""Kernel times from Nsight Compute, as best-times.awk reads them.

Reads `ncu --csv --metrics gpu__time_duration.sum` output on standard input
and prints "<program> <kernel number> <seconds>" per launch of a kernel of
the code-quality suite (numbered as best-times.awk names them), whatever
suffix or signature the compiler gave its name.
"""
import csv
import re
import sys

KERNELS = ("saxpy matmul reduce stencil dot transpose histogram math rowmax "
           "gemv i8dot")
SCALE = {"nsecond": 1e-9, "usecond": 1e-6, "msecond": 1e-3, "second": 1.0}


def main():
    program = sys.argv[1]
    names = KERNELS.split()
    rows = csv.DictReader(line for line in sys.stdin if line.startswith('"'))
    for row in rows:
        if row.get("Metric Name") != "gpu__time_duration.sum":
            continue
        # "void saxpy(long, ...)"; mlirc's "k_saxpy_1a2b3c4d" (the
        # gpu.module's name, the kernel's, a hash).
        name = re.sub(r"^void ", "", row["Kernel Name"]).split("(")[0]
        name = re.sub(r"_[0-9a-f]{8}$", "", name)
        name = next((n for n in names if name in (n, "k_" + n)), None)
        if name is None:
            continue
        value = float(row["Metric Value"].replace(",", ""))
        seconds = value * SCALE.get(row["Metric Unit"], 1e-9)
        print(program, names.index(name), seconds)


if __name__ == "__main__":
    main()
