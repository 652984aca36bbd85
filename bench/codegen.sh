#!/bin/bash
# Device code quality against the vendors' compilers, on the kernels of
# bench/codegen/kernels.mlir and their CUDA/HIP twins in kernels.cu (same
# index width): per kernel, for sm_90 against nvcc, PTX instructions, FMAs,
# ptxas -v registers and spill bytes; for gfx90a against LLVM 22's clang
# -x hip, ISA instructions, FMAs, VGPRs, SGPRs and scratch bytes; and the
# ratios mlirc/vendor. Needs the CUDA toolkit (nvcc, ptxas) and the ROCm
# device libraries and HIP headers (scripts/install-deps.sh). Asserts
# nothing: the goals (FMAs at least the vendor's, instructions and
# registers at most 1.1x, no spill where the vendor has none) are read off
# the table. Then the same kernels on the host target against C with
# OpenMP (kernels-omp.c, clang -O3 -fopenmp, all cores), as run time.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench/codegen}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
cuda=${CUDA_PATH:-/usr/local/cuda}
clang=/usr/lib/llvm-22/bin/clang
bitcode=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
src=$root/bench/codegen
stats=$src/stats.py

# mlirc's registers are those of its own ptxas job (-Xcuda-ptxas -v).
(cd "$out" && "$mlirc" -O3 -c "$src/kernels.mlir" --offload-arch=sm_90,gfx90a \
  --cuda-path="$cuda" -save-temps -Xcuda-ptxas -v -o kernels.o \
  2> "$out/mlirc.log")
"$cuda/bin/nvcc" -arch=sm_90 -O3 --ptx "$src/kernels.cu" -o "$out/nvcc.ptx"
"$cuda/bin/ptxas" -arch=sm_90 -v "$out/nvcc.ptx" -o /dev/null 2> "$out/nvcc.log"
"$clang" -x hip --offload-arch=gfx90a -O3 --offload-device-only -S \
  -mcode-object-version=5 --rocm-device-lib-path="$bitcode" \
  "$src/kernels.cu" -o "$out/hip.s"

# table TITLE COLUMNS MLIRC VENDOR: one row per kernel, mlirc/vendor each.
table() {
  echo "$1 (mlirc/vendor)"
  join <(sort <<< "$3") <(sort <<< "$4") | awk -v cols="$2" '
    BEGIN { n = split(cols, name, " "); printf "%-10s", "kernel";
            for (i = 1; i <= n; i++) printf " %18s", name[i]; print "" }
    { printf "%-10s", $1
      for (i = 1; i <= n; i++) {
        m = $(1 + i); v = $(1 + n + i)
        ratio = v > 0 ? sprintf("%.2f", m / v) : (m > 0 ? "inf" : "-")
        printf " %18s", m "/" v " " ratio }
      print "" }'
  echo
}
table "sm_90 against nvcc -O3" "instructions fmas registers spill-bytes" \
  "$(python3 "$stats" ptx "$out/kernels.k.sm_90.ptx" "$out/mlirc.log")" \
  "$(python3 "$stats" ptx "$out/nvcc.ptx" "$out/nvcc.log")"
table "gfx90a against clang -x hip -O3" \
  "instructions fmas vgprs sgprs scratch-bytes" \
  "$(python3 "$stats" amd "$out/kernels.k.gfx90a.s")" \
  "$(python3 "$stats" amd "$out/hip.s")"

# The host target against C with OpenMP: host-main.mlir launches each
# kernel as a GPU program would; both programs print the best of five runs
# per kernel, and take turns three times.
source "$root/bench/openmp.sh"
{ sed '$d' "$src/kernels.mlir"; cat "$src/host-main.mlir"; } > "$out/host.mlir"
"$mlirc" -O3 "$out/host.mlir" --offload-arch=host -o "$out/host"
"$clang" -O3 -fopenmp "${omp[@]}" "$src/kernels-omp.c" -lm -o "$out/omp"
for round in 1 2 3; do
  "$out/host" | paste - - | sed 's/^/mlirc /'
  "$out/omp" | paste - - | sed 's/^/omp /'
done | awk -v title="host target against C with OpenMP, seconds (best of 15 runs)" \
  -v first=mlirc -v second=omp -v label=C+OpenMP -f "$src/best-times.awk"
