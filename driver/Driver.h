//===- Driver.h - The mlirc driver ------------------------------*- C++ -*-===//

#ifndef MLIRC_DRIVER_DRIVER_H
#define MLIRC_DRIVER_DRIVER_H

#include "driver/DriverOptions.h"
#include "targets/TargetUnit.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <vector>

namespace mlirc {

/// Runs mlirc on \p argv; returns the process exit code.
int runDriver(int argc, char **argv);

/// The targets of --offload-arch (native expanded, duplicates dropped), or
/// this machine's GPUs, else the fallback, when it is not given.
llvm::Expected<std::vector<OffloadTarget>>
resolveTargets(const DriverOptions &options,
               llvm::ArrayRef<std::unique_ptr<TargetUnit>> units);

} // namespace mlirc

#endif // MLIRC_DRIVER_DRIVER_H
