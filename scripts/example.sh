#!/bin/bash
# Quick start (1): installs what mlirc needs, builds it, compiles
# examples/vecadd.mlir for this machine (its NVIDIA or AMD GPU, else its CPU) and
# runs it.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh

mkdir -p build/examples
build/bin/mlirc -v examples/vecadd.mlir -o build/examples/vecadd 2>&1 |
  grep '^mlirc: targets:' || true
build/examples/vecadd
