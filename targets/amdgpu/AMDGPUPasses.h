//===- AMDGPUPasses.h - The AMD target's own MLIR passes --------*- C++ -*-===//

#ifndef MLIRC_TARGETS_AMDGPU_AMDGPUPASSES_H
#define MLIRC_TARGETS_AMDGPU_AMDGPUPASSES_H

#include <memory>

namespace mlir {
class Pass;
} // namespace mlir

namespace mlirc {

/// Moves every llvm.alloca of a gpu.module into AMDGPU's private address
/// space, cast back to the flat pointer its users expect.
std::unique_ptr<mlir::Pass> createPrivateAllocasPass();

/// Replaces every cf.assert of a gpu.module with a branch to a gpu.printf
/// of its location and message and a trap.
std::unique_ptr<mlir::Pass> createLowerAssertsPass();

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_AMDGPUPASSES_H
