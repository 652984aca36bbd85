#!/bin/bash
# Quick start (2): installs what mlirc needs, builds it and runs the whole
# test suite; exits non-zero on any failure.
set -euo pipefail
cd "$(dirname "$0")/.."
# In CI (CI=true) the README's two commands run on a fresh Debian root
# instead (scripts/check-fresh-machine.sh), this script among them: the
# suite runs once, where a package only this machine happens to have is
# missing, and CI takes one suite's time instead of two.
if [ "${CI:-}" = true ]; then
  exec scripts/check-fresh-machine.sh
fi
scripts/install-deps.sh
scripts/build.sh
ninja -C build mlirc-test-inputs
lit=/usr/lib/llvm-22/bin/lit
# The host target's programs, each built as one executable for NVIDIA (with
# a CUDA toolkit), AMD and the CPU: without a GPU they run on the CPU with
# the same expected output. The rest of the suite runs with the sanitized
# build below: the same sources, so running it here too would only double
# the time.
archs=gfx90a,gfx1100,host
if [ -x /usr/local/cuda/bin/ptxas ]; then archs=sm_80,sm_90,$archs; fi
"$lit" -sv build/test/integration/host --param offload_arch=$archs
# And on Vulkan: Mesa's lavapipe runs them on the CPU with the Khronos
# validation layer on (what a program only the host target can run says
# so with `UNSUPPORTED: offload-arch-vulkan`).
"$lit" -sv build/test/integration/host --param offload_arch=vulkan
# The whole lit suite, with mlirc under AddressSanitizer and
# UndefinedBehaviorSanitizer (a build of its own, build-sanitized/).
scripts/check-sanitized.sh
# The fuzzer (built by the sanitized build) for one minute, from the test
# programs and the corpus of earlier runs.
scripts/fuzz.sh 60
# No output of mlirc's replaces what is not a regular file, /dev/null least
# of all (the suite writes to it as root).
if [ ! -c /dev/null ]; then
  echo "check: /dev/null is no longer a character device" >&2
  exit 1
fi
