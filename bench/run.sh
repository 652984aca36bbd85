#!/bin/bash
# Benchmarks of the host-CPU target, each against a reference built and run
# in the same invocation: saxpy and a shared-memory tiled matmul against
# the same computation in C with OpenMP (clang -O3 -fopenmp, all cores),
# and the cost of one empty launch. Each program reports its best of
# several runs and is itself run three times. Prints times and ratios;
# asserts nothing.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
clang=/usr/lib/llvm-22/bin/clang

# clang's OpenMP runtime: LLVM 22's when installed, else Debian's default.
omp=()
if ! echo 'int main(void){return 0;}' |
    "$clang" -x c -fopenmp - -o "$out/omp-check" 2>/dev/null; then
  for dir in /usr/lib/llvm-*/lib; do
    if [ -e "$dir/libomp.so" ]; then
      omp=(-L"$dir" -Wl,-rpath,"$dir")
      break
    fi
  done
  if [ ${#omp[@]} -eq 0 ]; then
    apt-get install -y -q libomp-dev >/dev/null
    exec "$0" "$@"
  fi
fi

build() {
  "$mlirc" -O3 --offload-arch=host "$root/bench/$1.mlir" -o "$out/$1"
  if [ -f "$root/bench/$1.c" ]; then
    "$clang" -O3 -fopenmp "${omp[@]}" "$root/bench/$1.c" -o "$out/$1-c"
  fi
}

# Best of three runs of each program: the machine's load varies.
best() {
  local best_time="" result=""
  for _ in 1 2 3; do
    local out
    out=($("$1"))
    if [ -z "$best_time" ] || awk -v a="${out[0]}" -v b="$best_time" \
        'BEGIN { exit !(a < b) }'; then
      best_time=${out[0]}
      result=${out[1]}
    fi
  done
  echo "$best_time $result"
}

compare() {
  local name=$1
  local mine reference
  mine=($(best "$out/$name"))
  reference=($(best "$out/$name-c"))
  if [ "${mine[1]}" != "${reference[1]}" ]; then
    echo "$name: results differ: mlirc ${mine[1]}, C ${reference[1]}" >&2
    exit 1
  fi
  awk -v n="$name" -v m="${mine[0]}" -v c="${reference[0]}" 'BEGIN {
    printf "%-8s mlirc %.4f s   C+OpenMP %.4f s   ratio (C time / mlirc time) %.2f\n",
           n, m, c, c / m }'
}

for name in saxpy matmul launch; do build "$name"; done
compare saxpy
compare matmul
launch=($("$out/launch"))
awk -v s="${launch[0]}" -v a="${launch[1]}" 'BEGIN {
  printf "launch   empty 1x1x1 kernel: %.3f us synchronous, %.3f us async\n",
         s, a }'
