//===- mlirc-vulkan-probe.cpp - Which Vulkan device programs would use ----===//
//
// Prints 2 when mlirc's Vulkan runtime finds a GPU, 1 when it finds only a
// CPU implementation (lavapipe), 0 when it finds none; the test suite's
// `vulkan-device` feature comes from it. MLIRC_VERBOSE=1 names the device.
//
//===----------------------------------------------------------------------===//

#include <cstdio>

extern "C" int mlircVulkanDeviceRank();
extern "C" void *mgpuStreamCreate();
extern "C" void mgpuStreamDestroy(void *);

int main() {
  int rank = mlircVulkanDeviceRank();
  // Creating the device shows that it works, and names it when verbose.
  if (rank > 0)
    mgpuStreamDestroy(mgpuStreamCreate());
  std::printf("%d\n", rank);
  return 0;
}
