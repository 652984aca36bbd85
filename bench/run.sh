#!/bin/bash
# Benchmarks of the host-CPU target, each against a reference built and run
# in the same invocation: saxpy and a shared-memory tiled matmul against
# the same computation in C with OpenMP (clang -O3 -fopenmp, all cores), a
# host scf.parallel loop with reductions against an OpenMP reduction loop,
# a linalg program on tensors against the same program on memrefs (both
# by mlirc), and the cost of one empty launch. Each program reports its best of
# several runs and is itself run three times. Prints times and ratios;
# asserts nothing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
clang=/usr/lib/llvm-22/bin/clang

# clang's OpenMP runtime (sets omp=(...) for clang -fopenmp).
source "$root/bench/openmp.sh"

# build NAME [CPU]: the benchmark and its reference, for the baseline
# x86-64 or, both alike, for -march=CPU (named NAME-CPU).
build() {
  local name=$1 cpu=${2:-}
  local march=(${cpu:+-march=$cpu}) program=$1${cpu:+-$cpu}
  "$mlirc" -O3 "${march[@]}" --offload-arch=host "$root/bench/$name.mlir" \
    -o "$out/$program"
  if [ -f "$root/bench/$name.c" ]; then
    "$clang" -O3 "${march[@]}" -fopenmp "${omp[@]}" "$root/bench/$name.c" \
      -o "$out/$program-c"
  fi
}

# The machine's load varies from second to second, so the two programs
# take turns, $rounds times each, and both the best and the median times
# are compared.
rounds=${ROUNDS:-7}

# compare NAME [REFERENCE MINE-LABEL REFERENCE-LABEL]: $out/NAME against
# $out/REFERENCE (default NAME-c, C with OpenMP).
compare() {
  local name=$1 ref=${2:-$1-c} me=${3:-mlirc} other=${4:-C+OpenMP}
  local mine=() reference=() result="" round line
  for ((round = 0; round < rounds; ++round)); do
    line=($("$out/$name"))
    mine+=("${line[0]}")
    result=${line[1]}
    line=($("$out/$ref"))
    reference+=("${line[0]}")
    if [ "$result" != "${line[1]}" ]; then
      echo "$name: results differ: $me $result, $other ${line[1]}" >&2
      exit 1
    fi
  done
  awk -v n="$name" -v m="${mine[*]}" -v c="${reference[*]}" -v me="$me" \
      -v other="$other" '
    function sort(a, k,   i, j, t) {
      for (i = 2; i <= k; ++i)
        for (j = i; j > 1 && a[j - 1] > a[j]; --j) {
          t = a[j]; a[j] = a[j - 1]; a[j - 1] = t
        }
    }
    BEGIN {
      k = split(m, mt, " "); split(c, ct, " ")
      sort(mt, k); sort(ct, k)
      mid = int((k + 1) / 2)
      printf "%-14s best:   %s %.4f s   %s %.4f s   ratio (%s time / %s time) %.2f\n",
             n, me, mt[1], other, ct[1], other, me, ct[1] / mt[1]
      printf "%-14s median: %s %.4f s   %s %.4f s   ratio (%s time / %s time) %.2f\n",
             n, me, mt[mid], other, ct[mid], other, me, ct[mid] / mt[mid]
    }'
}

for name in saxpy matmul reduce launch linalg-tensors linalg-memrefs; do
  build "$name"
done
for name in saxpy matmul; do build "$name" native; done
compare saxpy
compare matmul
compare reduce
# Both sides built for this machine's CPU (AVX2, FMA, ... where it has them).
compare saxpy-native
compare matmul-native
# The same linalg program on tensors (bufferized by mlirc) and on memrefs.
compare linalg-tensors linalg-memrefs tensors memrefs
launch=($("$out/launch"))
awk -v s="${launch[0]}" -v a="${launch[1]}" 'BEGIN {
  printf "launch         empty 1x1x1 kernel: %.3f us synchronous, %.3f us async\n",
         s, a }'
