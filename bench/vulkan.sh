#!/bin/bash
# What the Vulkan target costs, measured in this one invocation as medians
# of alternating runs (ROUNDS, default 9):
#
#   compile: `-c` of bench/compile-saxpy.mlir for the host target alone and
#   for the host and Vulkan together (lowering to SPIR-V, serialization and
#   the spirv-val job), and the difference in milliseconds (the goal is
#   30 ms at most).
#
#   launch: microseconds per synchronous launch of bench/vulkan-launch.mlir
#   on the Vulkan device against bench/vulkan-dispatch.c, a minimal C
#   program that submits one command buffer recorded once and waits on a
#   fence (the same kernel, bench/vulkan-fill.spvasm), and the ratio (the
#   goal is 1.5 at most). Needs a Vulkan device (lavapipe counts) and
#   Vulkan's headers (Debian: libvulkan-dev).
#
# Prints times; asserts nothing. Needs spirv-val and spirv-as (Debian:
# spirv-tools).
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

# The launch: both programs alternate, medians of their own per-launch
# times.
spirv-as --target-env vulkan1.1 "$root/bench/vulkan-fill.spvasm" -o "$out/fill.spv"
clang-22 -O2 "$root/bench/vulkan-dispatch.c" -o "$out/dispatch" -lvulkan
"$mlirc" "$root/bench/vulkan-launch.mlir" --offload-arch=vulkan -o "$out/launch"
c=() ours=()
for ((round = 0; round < rounds; ++round)); do
  c+=("$("$out/dispatch" "$out/fill.spv")")
  ours+=("$(MLIRC_VULKAN_VALIDATION=0 "$out/launch")")
done
time_c=$(median "${c[@]}")
time_ours=$(median "${ours[@]}")
echo "== one synchronous launch on the Vulkan device (median of $rounds)"
printf '  minimal C dispatch  %8.1f us\n' "$time_c"
printf '  mlirc               %8.1f us\n' "$time_ours"
awk -v a="$time_ours" -v b="$time_c" \
  'BEGIN {printf "  ratio %.2f (goal: at most 1.5)\n", a / b}'
