#!/bin/bash
# Builds mlirc with AddressSanitizer and UndefinedBehaviorSanitizer into
# build-sanitized/ and runs the whole lit suite with it. The runtime
# libraries that programs link stay uninstrumented; leaks of the compiler
# itself (LLVM's and MLIR's globals live until exit) are not reported.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/configure-sanitized.sh
ninja -C build-sanitized
ninja -C build-sanitized mlirc-test-inputs
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
/usr/lib/llvm-22/bin/lit -sv build-sanitized/test
