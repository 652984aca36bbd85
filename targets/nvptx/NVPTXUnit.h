//===- NVPTXUnit.h - NVIDIA GPUs as a device target ------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_NVPTX_NVPTXUNIT_H
#define MLIRC_TARGETS_NVPTX_NVPTXUNIT_H

#include "targets/TargetUnit.h"
#include <memory>

namespace mlirc {

/// sm_NN and compute_NN: cubins and PTX for NVIDIA GPUs.
std::unique_ptr<TargetUnit> createNVPTXUnit();

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_NVPTXUNIT_H
