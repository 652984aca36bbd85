#!/bin/bash
# Runs mlirc's GPU execution checks on a machine with an NVIDIA GPU but
# without LLVM, in two steps:
#
#   scripts/gpu-check.sh prepare DIR   # here: build the programs into DIR
#   scripts/gpu-check.sh run DIR       # there: run them, check the output
#
# `prepare` compiles the examples (interop included), the host target's
# integration programs and other test programs for the common NVIDIA
# architectures (and one vecadd for NVIDIA, AMD and the CPU at once), and
# packs them, their expected output and any shared library a bare machine
# lacks into DIR/bundle.tar.xz, about 2 MB (the programs link mlirc's
# runtime statically). `run` needs only bash, python3 and the
# NVIDIA driver. On a machine that has both a GPU and mlirc's build,
# `lit build/test` and `lit build/test/integration/host --param
# offload_arch=native` run the same checks directly.
set -euo pipefail

archs=${MLIRC_GPU_ARCHS:-sm_75,sm_80,sm_86,sm_89,sm_90}
root=$(cd "$(dirname "$0")/.." && pwd)
mode=${1:?usage: gpu-check.sh prepare|run DIR}
dir=${2:?usage: gpu-check.sh prepare|run DIR}

prepare() {
  local mlirc=$root/build/bin/mlirc
  mkdir -p "$dir"
  : > "$dir/checks.txt"
  for example in vecadd saxpy matmul async math; do
    "$mlirc" "$root/examples/$example.mlir" --offload-arch="$archs" \
      -o "$dir/$example"
    cp "$root/examples/$example.expected" "$dir/"
    echo "$example $example.expected 0" >> "$dir/checks.txt"
  done
  # The host target's integration programs, with the same expected output,
  # but for those only the host target can run (`REQUIRES:
  # offload-arch-host`: non-uniform all_reduce, a libm call from a kernel).
  for test in "$root"/test/integration/host/*.mlir; do
    name=$(basename "$test" .mlir)
    grep -q 'REQUIRES: offload-arch-host' "$test" && continue
    # The flags of its RUN line that choose what runs.
    flags=$(grep -o -- '--entry-point=[^ ]*' "$test" | head -1 || true)
    "$mlirc" "$test" $flags --offload-arch="$archs" -o "$dir/$name"
    cp "$test" "$dir/$name.expected"
    sorted=0
    grep -q '| sort' "$test" && sorted=1
    echo "$name $name.expected 0 $sorted" >> "$dir/checks.txt"
  done
  # C++ calling a device function written in MLIR, from separate objects.
  "$mlirc" -c "$root/examples/interop/saxpy.mlir" --offload-arch="$archs" \
    -o "$dir/interop-saxpy.o"
  "$mlirc" "$dir/interop-saxpy.o" "$root/examples/interop/main.cpp" \
    -o "$dir/interop"
  rm "$dir/interop-saxpy.o"
  cp "$root/examples/interop/app.expected" "$dir/interop.expected"
  echo "interop interop.expected 0" >> "$dir/checks.txt"
  # One executable for NVIDIA, AMD and the CPU picks the NVIDIA GPU.
  "$mlirc" "$root/examples/vecadd.mlir" \
    --offload-arch="$archs,gfx90a,gfx1100,host" -o "$dir/three-vendor-app"
  printf '#!/bin/bash\nMLIRC_VERBOSE=1 exec "$(dirname "$0")/three-vendor-app"\n' \
    > "$dir/three-vendor"
  chmod +x "$dir/three-vendor"
  { echo 'CHECK: mlirc runtime: running kernels on the CUDA device'
    cat "$root/examples/vecadd.expected"; } > "$dir/three-vendor.expected"
  echo "three-vendor three-vendor.expected 0" >> "$dir/checks.txt"
  "$mlirc" "$root/test/Inputs/same-name.mlir" --offload-arch="$archs" \
    -o "$dir/same-name"
  printf 'CHECK: [1,   1,   1,   1]\nCHECK: [2,   2,   2,   2]\n' \
    > "$dir/same-name.expected"
  echo "same-name same-name.expected 0" >> "$dir/checks.txt"
  "$mlirc" "$root/test/Inputs/oversized-launch.mlir" \
    --offload-arch="$archs" -o "$dir/oversized-launch"
  printf 'CHECK: with 2048 threads per block in x; the device runs at most 1024\n' \
    > "$dir/oversized-launch.expected"
  echo "oversized-launch oversized-launch.expected 1" >> "$dir/checks.txt"
  "$mlirc" "$root/test/Inputs/oversized-grid.mlir" \
    --offload-arch="$archs" -o "$dir/oversized-grid"
  printf 'CHECK: with 65536 blocks in y; the device runs at most 65535\n' \
    > "$dir/oversized-grid.expected"
  echo "oversized-grid oversized-grid.expected 1" >> "$dir/checks.txt"
  # TMA (sm_90a: the descriptor is made on the host, the copy is Hopper's)
  # and thread block clusters (sm_90).
  if [[ ,$archs, == *,sm_90,* ]]; then
    "$mlirc" "$root/test/Inputs/tma-load.mlir" --offload-arch=sm_90a \
      -o "$dir/tma-load"
    printf 'CHECK: 512\nCHECK-NEXT: 1023\n' > "$dir/tma-load.expected"
    echo "tma-load tma-load.expected 0" >> "$dir/checks.txt"
    "$mlirc" "$root/test/Inputs/cluster-ids.mlir" --offload-arch=sm_90 \
      -o "$dir/cluster-ids"
    for b in 0 1 2 3; do
      echo "CHECK-NEXT: block $b: cluster $((b / 2)), block $((b % 2)) of 2"
    done | sed '1s/-NEXT//' > "$dir/cluster-ids.expected"
    echo "cluster-ids cluster-ids.expected 0 1" >> "$dir/checks.txt"
  fi
  cp "$root/test/utils/check_output.py" "$dir/"

  # Shared libraries outside glibc and libstdc++ that the programs load.
  local libs
  libs=$(ldd "$dir"/vecadd "$dir"/math | awk '/=> \// {print $3}' |
    { grep -vE '/(libc|libm|libdl|librt|libpthread|libstdc\+\+|libgcc_s|ld-linux)[.-]' || true; } |
    sort -u)
  mkdir -p "$dir/lib"
  for lib in $libs; do cp -L "$lib" "$dir/lib/"; done
  # One compressed bundle.
  local bundle
  bundle=$(mktemp)
  tar -C "$dir" -cJf "$bundle" .
  find "$dir" -mindepth 1 -maxdepth 1 -exec rm -rf {} +
  mv "$bundle" "$dir/bundle.tar.xz"
}

run() {
  cd "$dir"
  if [ ! -f checks.txt ]; then
    python3 -c 'import tarfile; tarfile.open("bundle.tar.xz").extractall(".")'
  fi
  export LD_LIBRARY_PATH=$PWD/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  local failed=0
  while read -r program expected status sorted; do
    set +e
    output=$("./$program" 2>&1)
    rc=$?
    set -e
    [ "${sorted:-0}" = 1 ] && output=$(echo "$output" | sort)
    if { [ "$status" = 0 ] && [ $rc != 0 ]; } ||
       { [ "$status" != 0 ] && [ $rc = 0 ]; }; then
      echo "FAIL $program: exit code $rc"; echo "$output"; failed=1; continue
    fi
    if echo "$output" | python3 check_output.py "$expected" >/dev/null; then
      echo "PASS $program"
    else
      echo "FAIL $program: output does not match $expected"; echo "$output"
      failed=1
    fi
  done < checks.txt
  return $failed
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: gpu-check.sh prepare|run DIR" >&2; exit 2 ;;
esac
