//===- HostPasses.h - The host target's own MLIR passes ---------*- C++ -*-===//

#ifndef MLIRC_TARGETS_HOST_HOSTPASSES_H
#define MLIRC_TARGETS_HOST_HOSTPASSES_H

#include <memory>

namespace mlir {
class Pass;
} // namespace mlir

namespace mlirc {

/// Builds a CPU block function for every kernel (host target). Unless
/// \p keepDeviceBodies (a GPU target also wants them), kernel bodies are
/// emptied afterwards.
std::unique_ptr<mlir::Pass> createLowerKernelsToHostPass(bool keepDeviceBodies);

/// Gives every host block function an entry taking the launch's argument
/// array and registers it with the runtime in a global constructor.
std::unique_ptr<mlir::Pass> createRegisterHostKernelsPass();

} // namespace mlirc

#endif // MLIRC_TARGETS_HOST_HOSTPASSES_H
