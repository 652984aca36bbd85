//===- VulkanUnit.h - Vulkan compute as a device target ---------*- C++ -*-===//

#ifndef MLIRC_TARGETS_VULKAN_VULKANUNIT_H
#define MLIRC_TARGETS_VULKAN_VULKANUNIT_H

#include "targets/TargetUnit.h"
#include <memory>

namespace mlirc {

/// `--offload-arch=vulkan` (vulkan1.1, 1.2, 1.3): kernels as SPIR-V
/// compute shaders, for any GPU with a Vulkan driver.
std::unique_ptr<TargetUnit> createVulkanUnit();

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_VULKANUNIT_H
