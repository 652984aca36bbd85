#!/bin/bash
# Installs the Debian packages mlirc builds and tests with. Idempotent: runs
# apt-get only when a package is missing.
set -euo pipefail

packages=(
  llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools
  clang-22 libclang-22-dev libclang-cpp22-dev libclang-rt-22-dev
  clang-tools-22 lld-22
  rocm-device-libs libamdhip64-dev
  spirv-tools mesa-vulkan-drivers libvulkan-dev vulkan-validationlayers
  cmake ninja-build make ccache python3 zstd libzstd-dev binutils libc6-dev
  libstdc++-12-dev zlib1g-dev libomp-dev
)

missing=()
for package in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null |
      grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if [ ${#missing[@]} -gt 0 ]; then
  echo "mlirc: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -q
  apt-get install -y -q --no-install-recommends "${missing[@]}"
fi
