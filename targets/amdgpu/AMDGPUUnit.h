//===- AMDGPUUnit.h - AMD GPUs as a device target ---------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_AMDGPU_AMDGPUUNIT_H
#define MLIRC_TARGETS_AMDGPU_AMDGPUUNIT_H

#include "targets/TargetUnit.h"
#include <memory>

namespace mlirc {

/// gfxNNN[:feature±...]: code objects for AMD GPUs.
std::unique_ptr<TargetUnit> createAMDGPUUnit();

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_AMDGPUUNIT_H
