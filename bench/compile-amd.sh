#!/bin/bash
# Compile-time benchmark for AMD GPUs: the same saxpy kernel built into an
# executable for two AMD archs by mlirc (bench/saxpy.mlir), by hipcc
# (Debian's, ROCm 5.2 with clang 15) and by LLVM 22's clang++ -x hip
# (bench/saxpy.hip), side by side, each the best and median of several
# runs. Prints times and ratios; asserts nothing.
#
# Debian's ROCm 5.2 device libraries have no oclc_isa_version file for
# gfx942, which hipcc and clang need (mlirc does not), and LLVM 22 no
# longer knows gfx940: the shared pair is gfx90a+gfx1030. mlirc's time for
# gfx90a+gfx942 is printed too.
set -euo pipefail
shopt -s inherit_errexit
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
clang=/usr/lib/llvm-22/bin/clang++
bitcode=/usr/lib/x86_64-linux-gnu/amdgcn/bitcode
rounds=${ROUNDS:-5}

if ! command -v hipcc >/dev/null; then
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends \
    hipcc >/dev/null
fi

# seconds COMMAND...: the wall time of one run.
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" >/dev/null
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

# measure NAME COMMAND...: best and median of $rounds runs, as "best median".
measure() {
  local name=$1 times=() round
  shift
  for ((round = 0; round < rounds; ++round)); do
    times+=("$(seconds "$@")")
  done
  printf '%s\n' "${times[@]}" | sort -g |
    awk -v n="$name" '{ t[NR] = $1 } END {
      printf "%s %.3f %.3f\n", n, t[1], t[int((NR + 1) / 2)] }'
}

results=$(
  measure mlirc "$mlirc" -O2 "$root/bench/saxpy.mlir" \
    --offload-arch=gfx90a,gfx1030 -o "$out/saxpy-amd-mlirc"
  measure hipcc hipcc -O2 --offload-arch=gfx90a --offload-arch=gfx1030 \
    "$root/bench/saxpy.hip" -o "$out/saxpy-amd-hipcc"
  measure clang "$clang" -x hip -O2 --offload-arch=gfx90a \
    --offload-arch=gfx1030 --rocm-device-lib-path=$bitcode \
    -mcode-object-version=5 \
    "$root/bench/saxpy.hip" -o "$out/saxpy-amd-clang" -lamdhip64
  measure mlirc-gfx942 "$mlirc" -O2 "$root/bench/saxpy.mlir" \
    --offload-arch=gfx90a,gfx942 -o "$out/saxpy-amd-mlirc-942"
)
echo "$results" | awk '
  { best[$1] = $2; median[$1] = $3 }
  END {
    printf "saxpy for gfx90a+gfx1030, source to executable (best / median of runs)\n"
    printf "  mlirc          %.3f s / %.3f s\n", best["mlirc"], median["mlirc"]
    printf "  hipcc          %.3f s / %.3f s   mlirc/hipcc %.2f / %.2f\n",
           best["hipcc"], median["hipcc"], best["mlirc"] / best["hipcc"],
           median["mlirc"] / median["hipcc"]
    printf "  clang++ -x hip %.3f s / %.3f s   mlirc/clang %.2f / %.2f\n",
           best["clang"], median["clang"], best["mlirc"] / best["clang"],
           median["mlirc"] / median["clang"]
    printf "saxpy for gfx90a+gfx942 (mlirc only)\n"
    printf "  mlirc          %.3f s / %.3f s\n", best["mlirc-gfx942"],
           median["mlirc-gfx942"]
  }'
