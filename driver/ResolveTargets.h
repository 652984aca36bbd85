//===- ResolveTargets.h - The device targets of --offload-arch --*- C++ -*-===//

#ifndef MLIRC_DRIVER_RESOLVETARGETS_H
#define MLIRC_DRIVER_RESOLVETARGETS_H

#include "driver/DriverOptions.h"
#include "targets/TargetUnit.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <vector>

namespace mlirc {

/// The targets of --offload-arch (native expanded, duplicates dropped), or
/// this machine's GPUs, else the fallback, when it is not given.
llvm::Expected<std::vector<OffloadTarget>>
resolveTargets(const DriverOptions &options,
               llvm::ArrayRef<std::unique_ptr<TargetUnit>> units);

/// What the command line asks of the target units.
TargetSettings getTargetSettings(const DriverOptions &options);

} // namespace mlirc

#endif // MLIRC_DRIVER_RESOLVETARGETS_H
