//===- TargetRegistry.cpp - The target units mlirc compiles for -----------===//
//
// Adding a target is a folder under targets/ and one line here.
//
//===----------------------------------------------------------------------===//

#include "targets/TargetRegistry.h"
#include "targets/amdgpu/AMDGPUUnit.h"
#include "targets/host/HostUnit.h"
#include "targets/nvptx/NVPTXUnit.h"
#include "targets/vulkan/VulkanUnit.h"

using namespace mlirc;

std::vector<std::unique_ptr<TargetUnit>> mlirc::createTargetUnits() {
  std::vector<std::unique_ptr<TargetUnit>> units;
  units.push_back(createHostUnit());
  units.push_back(createNVPTXUnit());
  units.push_back(createAMDGPUUnit());
  units.push_back(createVulkanUnit());
  return units;
}
