#!/bin/bash
# Quick start (2): installs what mlirc needs, builds it and runs the whole
# test suite; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
ninja -C build mlirc-test-inputs
/usr/lib/llvm-22/bin/lit -sv build/test
