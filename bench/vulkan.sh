#!/bin/bash
# What the Vulkan target costs, measured in this one invocation as medians
# of alternating runs (ROUNDS, default 9):
#
#   compile: `-c` of bench/compile-saxpy.mlir for the host target alone and
#   for the host and Vulkan together (lowering to SPIR-V, serialization and
#   the spirv-val job), and the difference in milliseconds (the goal is
#   30 ms at most).
#
# The launch cost against a minimal C program's dispatch needs mlirc's
# Vulkan runtime, which does not exist yet. Prints times; asserts nothing.
# Needs spirv-val (Debian: spirv-tools).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench/vulkan}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
rounds=${ROUNDS:-9}
measure=("python3" "$root/bench/measure.py")
if ! command -v spirv-val > /dev/null; then
  echo "vulkan.sh: no spirv-val in PATH (Debian: apt-get install spirv-tools)" >&2
  exit 1
fi

median() {
  printf '%s\n' "$@" | sort -g |
    awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}

saxpy=$root/bench/compile-saxpy.mlir
host=() both=()
for ((round = 0; round < rounds; ++round)); do
  result=($("${measure[@]}" "$mlirc" -c "$saxpy" --offload-arch=host -o "$out/host.o"))
  host+=("${result[0]}")
  result=($("${measure[@]}" "$mlirc" -c "$saxpy" --offload-arch=host,vulkan -o "$out/both.o"))
  both+=("${result[0]}")
done
time_host=$(median "${host[@]}")
time_both=$(median "${both[@]}")
echo "== saxpy, -c (median of $rounds)"
printf '  host           %6.3f s\n' "$time_host"
printf '  host + vulkan  %6.3f s\n' "$time_both"
awk -v a="$time_both" -v b="$time_host" \
  'BEGIN {printf "  the Vulkan target adds %.0f ms (goal: at most 30)\n", (a - b) * 1000}'
