#!/bin/bash
# Configures build-sanitized/: mlirc under ASan and UBSan, with the fuzzer
# mlirc-fuzz (MLIRC_FUZZER implies MLIRC_SANITIZE).
set -euo pipefail
cd "$(dirname "$0")/.."
launcher=()
if command -v ccache >/dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
fi
if [ ! -f build-sanitized/build.ninja ] ||
   ! grep -q '^MLIRC_FUZZER:BOOL=ON' build-sanitized/CMakeCache.txt; then
  cmake -G Ninja -S . -B build-sanitized -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=clang-22 -DCMAKE_CXX_COMPILER=clang++-22 \
    -DMLIRC_FUZZER=ON "${launcher[@]}"
fi
