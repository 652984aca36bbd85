#!/bin/bash
# Quick start (1): installs what mlirc needs, builds it, compiles
# examples/vecadd.mlir and runs it on this machine's GPU. On a machine
# without a GPU it compiles for sm_80 and shows the device images the
# executable carries instead.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh

mkdir -p build/examples
tools=/usr/lib/llvm-22/bin
if "$tools/nvptx-arch" 2>/dev/null | grep -q sm_; then
  build/bin/mlirc examples/vecadd.mlir -o build/examples/vecadd
  build/examples/vecadd
else
  echo "mlirc: no GPU on this machine; building for sm_80 and listing the"
  echo "mlirc: device images instead of running"
  build/bin/mlirc -c examples/vecadd.mlir --offload-arch=sm_80 \
    -o build/examples/vecadd.o
  "$tools/llvm-objdump" --offloading build/examples/vecadd.o
  build/bin/mlirc build/examples/vecadd.o -o build/examples/vecadd
  PATH="$tools:$PATH" python3 test/utils/nvfatbin.py build/examples/vecadd
fi
