//===- mlirc-vulkan-probe.cpp - Which Vulkan device programs would use ----===//
//
// Prints what mlirc's Vulkan runtime finds: 2 for a GPU, 1 for only a CPU
// implementation (lavapipe), 0 for none; then, with a device, its
// subgroup size. The test suite's vulkan-* features come from it.
// MLIRC_VERBOSE=1 names the device.
//
//===----------------------------------------------------------------------===//

#include "runtime/VulkanDevice.h"

#include <cstdio>

int main() {
  using mlirc::vulkan::Device;
  int rank = Device::probe();
  if (rank == 0) {
    std::printf("0\n");
    return 0;
  }
  Device &device = Device::get();
  std::printf("%d %u\n", rank, device.features.subgroupSize);
  return 0;
}
