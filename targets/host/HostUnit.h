//===- HostUnit.h - The host CPU as a device target ------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_HOST_HOSTUNIT_H
#define MLIRC_TARGETS_HOST_HOSTUNIT_H

#include "targets/TargetUnit.h"
#include <memory>

namespace mlirc {

/// `--offload-arch=host`: kernels run on the CPU, blocks on all cores.
std::unique_ptr<TargetUnit> createHostUnit();

} // namespace mlirc

#endif // MLIRC_TARGETS_HOST_HOSTUNIT_H
