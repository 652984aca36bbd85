//===- TargetRegistry.h - The target units mlirc compiles for ---*- C++ -*-===//

#ifndef MLIRC_TARGETS_TARGETREGISTRY_H
#define MLIRC_TARGETS_TARGETREGISTRY_H

#include "targets/TargetUnit.h"
#include <memory>
#include <vector>

namespace mlirc {

/// A fresh instance of every target unit, the host unit first (its device
/// lowering runs before any GPU unit's). A unit keeps what its setUp found
/// for one mlirc invocation.
std::vector<std::unique_ptr<TargetUnit>> createTargetUnits();

} // namespace mlirc

#endif // MLIRC_TARGETS_TARGETREGISTRY_H
