#!/bin/bash
# Fuzzes mlirc's in-process compile (fuzz/MLIRFuzzer.cpp) for the given
# number of seconds (default 60) with libFuzzer, seeded with every .mlir
# program of the tests and examples. Uses the ASan+UBSan build
# (build-sanitized/, configured with MLIRC_FUZZER=ON); the corpus it grows
# stays in build-sanitized/fuzz/corpus for the next run. Exits non-zero when
# it finds a crash, a hang (-timeout) or a memory blow-up, leaving the input
# in build-sanitized/fuzz/artifacts/. Further arguments go to libFuzzer,
# e.g. -jobs=2 -workers=2 (each job's log: build-sanitized/fuzz/fuzz-N.log).
# MLIRC_FUZZ_ARCHS=sm_80,host picks the targets.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-60}
shift || true
scripts/configure-sanitized.sh
ninja -C build-sanitized mlirc-fuzz

root=$(pwd)
work=$root/build-sanitized/fuzz
mkdir -p "$work/corpus" "$work/artifacts" "$work/seeds"
find test examples -name '*.mlir' -print0 |
  xargs -0 -I{} sh -c 'cp "$1" "$0/$(echo "$1" | tr / _)"' "$work/seeds" {}
# With -jobs, libFuzzer writes a fuzz-<job>.log per job where it runs.
cd "$work"

export ASAN_OPTIONS=detect_leaks=0:abort_on_error=0
export UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
# -close_fd_mask=2: mlirc's diagnostics for the (mostly invalid) inputs
# would cost more than the compiles; crash reports still come through.
exec "$root/build-sanitized/bin/mlirc-fuzz" -max_total_time="$seconds" \
  -timeout=60 -rss_limit_mb=8192 -max_len=16384 -dict="$root/fuzz/mlir.dict" \
  -close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$work/artifacts/" "$@" \
  "$work/corpus" "$work/seeds"
