#!/bin/bash
# Compile time of mlirc against the tool chains its users have today, on
# the same work, as medians of alternating runs in this one invocation:
#
#   (a) `-c` of one saxpy kernel for sm_80: mlirc against MLIR's own tool
#       chain (mlir-opt's gpu-lower-to-nvvm-pipeline, mlir-translate,
#       clang -c), bench/compile-saxpy.mlir;
#   (b) the saxpy program to an executable for sm_80 and sm_90: mlirc
#       against nvcc and clang++ --offload-new-driver -fgpu-rdc on the same
#       program in CUDA C++ (bench/compile-saxpy.cu);
#   (c) 1, 10, 100 and 400 kernels in one file (bench/gen-kernels.py), `-c`
#       for sm_80 and for the host, against nvcc -c on the same kernels in
#       CUDA C++: time and peak memory, and what 400 kernels cost over 100;
#   (d) the 400 kernels for the host, their module compiled in parts on
#       every core (the default) against the same parts on one thread and
#       the module compiled whole, as before parts; the objects of parts
#       are compared byte for byte.
#
# Prints times and ratios; asserts nothing. Needs the CUDA toolkit
# (CUDA_PATH, else /usr/local/cuda). ROUNDS (default 5) and TABLE_ROUNDS
# (default 5) set the runs per measurement.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/build/bench/compile}
mkdir -p "$out"
mlirc=$root/build/bin/mlirc
llvm=/usr/lib/llvm-22/bin
cuda=${CUDA_PATH:-/usr/local/cuda}
rounds=${ROUNDS:-5}
table_rounds=${TABLE_ROUNDS:-5}
measure=("python3" "$root/bench/measure.py")
if [ ! -x "$cuda/bin/nvcc" ]; then
  echo "compile.sh: no CUDA toolkit at $cuda (set CUDA_PATH)" >&2
  exit 1
fi

median() {
  printf '%s\n' "$@" | sort -g |
    awk '{v[NR] = $1} END {print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.2fx", a / b}'; }

# run ROUNDS NAME... : runs the commands `cmd_<NAME>` in turns, ROUNDS times
# each; sets time_<NAME> and mem_<NAME> to the medians.
run() {
  local rounds=$1 name round result
  shift
  declare -A times=() mems=()
  for ((round = 0; round < rounds; ++round)); do
    for name in "$@"; do
      result=($("${measure[@]}" "cmd_$name"))
      times[$name]+="${result[0]} "
      mems[$name]+="${result[1]} "
    done
  done
  for name in "$@"; do
    declare -g "time_$name=$(median ${times[$name]})"
    declare -g "mem_$name=$(median ${mems[$name]})"
  done
}
export -f median

# The commands, as scripts measure.py runs.
command() {
  local name=$1
  shift
  printf '#!/bin/bash\nset -e\n%s\n' "$*" > "$out/cmd_$name"
  chmod +x "$out/cmd_$name"
}
PATH=$out:$PATH

saxpy=$root/bench/compile-saxpy
command mlirc_c "'$mlirc' -c '$saxpy.mlir' --offload-arch=sm_80 --cuda-path='$cuda' -o '$out/saxpy-mlirc.o'"
command chain_c "PATH='$cuda/bin':\$PATH '$llvm/mlir-opt' '$saxpy.mlir' --gpu-lower-to-nvvm-pipeline='cubin-chip=sm_80 cubin-features=+ptx80 cubin-format=fatbin' | '$llvm/mlir-translate' --mlir-to-llvmir | '$llvm/clang' -c -O2 -x ir - -o '$out/saxpy-chain.o' 2>/dev/null"
command mlirc_exe "'$mlirc' '$saxpy.mlir' --offload-arch=sm_80,sm_90 --cuda-path='$cuda' -o '$out/saxpy-mlirc'"
command nvcc_exe "'$cuda/bin/nvcc' -O2 -gencode arch=compute_80,code=sm_80 -gencode arch=compute_90,code=sm_90 '$saxpy.cu' -o '$out/saxpy-nvcc'"
command clang_exe "'$llvm/clang++' -O2 -x cuda --offload-new-driver -fgpu-rdc --offload-arch=sm_80 --offload-arch=sm_90 --cuda-path='$cuda' -Wno-unknown-cuda-version '$saxpy.cu' -L'$cuda/lib64' -lcudart_static -ldl -lrt -lpthread -fuse-ld=lld -o '$out/saxpy-clang'"

echo "== saxpy, -c for sm_80 (median of $rounds)"
run "$rounds" mlirc_c chain_c
printf '  mlirc          %6.3f s\n' "$time_mlirc_c"
printf '  MLIR chain     %6.3f s\n' "$time_chain_c"
echo "  mlirc / MLIR chain: $(ratio "$time_mlirc_c" "$time_chain_c")"

echo "== saxpy, executable for sm_80+sm_90 (median of $rounds)"
run "$rounds" mlirc_exe nvcc_exe clang_exe
printf '  mlirc          %6.3f s\n' "$time_mlirc_exe"
printf '  nvcc           %6.3f s\n' "$time_nvcc_exe"
printf '  clang++        %6.3f s\n' "$time_clang_exe"
echo "  mlirc / nvcc: $(ratio "$time_mlirc_exe" "$time_nvcc_exe"), mlirc / clang++: $(ratio "$time_mlirc_exe" "$time_clang_exe")"

echo "== N kernels in one file, -c (median of $table_rounds; seconds, peak MiB)"
printf '  %5s  %16s  %16s  %16s  %9s  %9s\n' kernels "mlirc sm_80" "mlirc host" "nvcc sm_80" "sm_80/nvcc" "host/nvcc"
for n in 1 10 100 400; do
  python3 "$root/bench/gen-kernels.py" "$n" "$out/k$n.mlir" "$out/k$n.cu"
  command "sm80_$n" "'$mlirc' -c '$out/k$n.mlir' --offload-arch=sm_80 --cuda-path='$cuda' -o '$out/k$n-sm80.o'"
  command "host_$n" "'$mlirc' -c '$out/k$n.mlir' --offload-arch=host -o '$out/k$n-host.o'"
  command "nvcc_$n" "'$cuda/bin/nvcc' -O2 -c -gencode arch=compute_80,code=sm_80 '$out/k$n.cu' -o '$out/k$n-nvcc.o'"
  run "$table_rounds" "sm80_$n" "host_$n" "nvcc_$n"
  declare -n s="time_sm80_$n" h="time_host_$n" v="time_nvcc_$n"
  declare -n sm="mem_sm80_$n" hm="mem_host_$n" vm="mem_nvcc_$n"
  printf '  %5s  %7.3f (%5s)  %7.3f (%5s)  %7.3f (%5s)  %9s  %9s\n' "$n" \
    "$s" "$sm" "$h" "$hm" "$v" "$vm" "$(ratio "$s" "$v")" "$(ratio "$h" "$v")"
  unset -n s h v sm hm vm
done
echo "  400 kernels / 100 kernels: mlirc sm_80 $(ratio "$time_sm80_400" "$time_sm80_100"), mlirc host $(ratio "$time_host_400" "$time_host_100"), nvcc $(ratio "$time_nvcc_400" "$time_nvcc_100")"

echo "== 400 kernels for the host, -c: the host module in parts (median of $table_rounds)"
k400=$out/k400.mlir
parts=(-mllvm -mlirc-host-part-threads=1)
command parts_cores "'$mlirc' -c '$k400' --offload-arch=host -o '$out/k400-cores.o'"
command parts_one "'$mlirc' -c '$k400' --offload-arch=host ${parts[*]} -o '$out/k400-one.o'"
command whole "'$mlirc' -c '$k400' --offload-arch=host -mllvm -mlirc-host-part-instructions=0 -o '$out/k400-whole.o'"
run "$table_rounds" parts_cores parts_one whole
printf '  parts, %2d cores %6.3f s\n' "$(nproc)" "$time_parts_cores"
printf '  parts, 1 thread  %6.3f s\n' "$time_parts_one"
printf '  whole module     %6.3f s\n' "$time_whole"
same=different
cmp -s "$out/k400-cores.o" "$out/k400-one.o" && same=identical
echo "  whole / parts on every core: $(ratio "$time_whole" "$time_parts_cores"); objects on every core and on one thread: $same"
