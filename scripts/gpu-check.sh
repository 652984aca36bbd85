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
# the code-quality suite of bench/codegen.sh twice, by mlirc and by nvcc
# (`run` times each kernel against its CUDA version, after the checks), and
# packs them, their expected output and any shared library a bare machine
# lacks into DIR/bundle.tar.xz, about 4 MB (the programs link mlirc's
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
  local test name line args argv status sorted split having
  for test in "$root"/test/integration/host/*.mlir; do
    name=$(basename "$test" .mlir)
    grep -q 'REQUIRES: offload-arch-host' "$test" && continue
    # The RUN line that builds the program for the target under test (or
    # for the host target, whose output a GPU's must match) as %t, and
    # whether a `not` run of %t expects it to fail.
    line=$(grep -E -m1 '^// RUN: %mlirc (%s|%t\.d/[^ ]*) (.* )?--offload-arch=(%offload_arch|host)( .*)? -o %t( |$)' \
      "$test" || true)
    [ -n "$line" ] || { echo "gpu-check: no GPU run in $name" >&2; continue; }
    status=0
    grep -qE '^// RUN: .*not (--crash )?%t( |$)' "$test" && status=1
    sorted=0
    grep -qE '^// RUN: .*%t \| sort' "$test" && sorted=1
    args=${line#*%mlirc }
    args=${args%% -o %t*}
    split=$dir/$name.d
    if [[ $args == *%t.d/* ]]; then
      /usr/lib/llvm-22/bin/split-file "$test" "$split"
    fi
    args=${args//%s/$test}
    args=${args//%t.d/$split}
    args=${args//%offload_arch/$archs}
    args=${args//--offload-arch=host/--offload-arch=$archs}
    read -ra argv <<< "$args"
    # One with an op some of the archs lack (f64 tensor cores before
    # sm_80) is built for those that have it, which mlirc's error names.
    if ! "$mlirc" "${argv[@]}" -o "$dir/$name" 2> "$dir/$name.log"; then
      having=$(sed -n 's/.*of the requested archs, \([^;(]*\) ha\(s\|ve\) it.*/\1/p' \
        "$dir/$name.log" | head -1 | tr -d ' ')
      if [ -z "$having" ]; then
        echo "gpu-check: $name is not built for $archs:" >&2
        cat "$dir/$name.log" >&2
        rm -rf "$dir/$name.log" "$split"
        continue
      fi
      "$mlirc" "${argv[@]/--offload-arch=$archs/--offload-arch=$having}" \
        -o "$dir/$name"
    fi
    rm -rf "$dir/$name.log" "$split"
    cp "$test" "$dir/$name.expected"
    echo "$name $name.expected $status $sorted" >> "$dir/checks.txt"
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

  # The code-quality suite timed against its CUDA version: mlirc's build
  # of bench/codegen (host-main.mlir launching kernels.mlir's kernels) and
  # nvcc's of the same kernels in CUDA (cuda-main.cu), for the same archs.
  local codegen=$root/bench/codegen gencode=() arch
  { sed '$d' "$codegen/kernels.mlir"; cat "$codegen/host-main.mlir"; } \
    > "$dir/timing.mlir"
  "$mlirc" -O3 "$dir/timing.mlir" --offload-arch="$archs" \
    -o "$dir/codegen-mlirc"
  rm "$dir/timing.mlir"
  for arch in ${archs//,/ }; do
    gencode+=(-gencode "arch=compute_${arch#sm_},code=$arch")
  done
  "${CUDA_PATH:-/usr/local/cuda}/bin/nvcc" -O3 "${gencode[@]}" \
    "$codegen/cuda-main.cu" -o "$dir/codegen-cuda"
  cp "$codegen/best-times.awk" "$codegen/ncu-times.py" "$dir/"

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
    # A kernel that waits for another that never runs would hang.
    output=$(timeout 60 "./$program" 2>&1 < /dev/null)
    rc=$?
    set -e
    if [ $rc = 124 ]; then
      echo "FAIL $program: still running after 60 s"; failed=1; continue
    fi
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
  timing
  return $failed
}

# Each kernel of bench/codegen.sh's suite, mlirc's build against nvcc's:
# best of 15 runs (three rounds of five, taking turns), and the ratio; the
# goal is within 5% (1.05x). A benchmark: it prints, and asserts nothing.
timing() {
  [ -x codegen-mlirc ] && [ -x codegen-cuda ] || return 0
  for round in 1 2 3; do
    ./codegen-mlirc | paste - - | sed 's/^/mlirc /'
    ./codegen-cuda | paste - - | sed 's/^/cuda /'
  done | awk -v title="bench/codegen kernels on the GPU, seconds (best of 15 runs)" \
    -v first=mlirc -v second=cuda -v label=CUDA -v goal=1.05 \
    -f best-times.awk || true
  # The kernels alone, without the launch, which the times above include
  # (tens of microseconds of them): their durations as Nsight Compute
  # reads them from the GPU, where ncu is installed.
  command -v ncu > /dev/null || return 0
  for program in codegen-mlirc codegen-cuda; do
    ncu --clock-control none --metrics gpu__time_duration.sum --csv \
      "./$program" 2> /dev/null | python3 ncu-times.py "${program#codegen-}"
  done | awk -v title="bench/codegen kernels on the GPU, seconds of the kernel alone (ncu, best of 5)" \
    -v first=mlirc -v second=cuda -v label=CUDA -v goal=1.05 \
    -f best-times.awk || true
}

case $mode in
  prepare) prepare ;;
  run) run ;;
  *) echo "usage: gpu-check.sh prepare|run DIR" >&2; exit 2 ;;
esac
