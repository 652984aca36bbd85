//===- Passes.h - mlirc's own MLIR passes -----------------------*- C++ -*-===//

#ifndef MLIRC_PIPELINE_PASSES_H
#define MLIRC_PIPELINE_PASSES_H

#include "targets/OffloadTarget.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

namespace mlir {
class Pass;
} // namespace mlir

namespace mlirc {

/// Renames every kernel to a name unique across the linked program, derived
/// from \p programId, its gpu.module and its own name.
std::unique_ptr<mlir::Pass>
createUniqueKernelNamesPass(llvm::StringRef programId);

/// Replaces several async dependencies of one gpu op with a single
/// `gpu.wait async` joining them, the only form gpu-to-llvm lowers.
std::unique_ptr<mlir::Pass> createMergeAsyncDependenciesPass();

/// Sets the device targets of every gpu.module.
std::unique_ptr<mlir::Pass>
createAttachTargetsPass(std::vector<OffloadTarget> targets, unsigned optLevel);

/// Gives every non-kernel device symbol internal linkage so that device code
/// from separately compiled files never collides at device link time.
std::unique_ptr<mlir::Pass> createInternalizeDeviceSymbolsPass();

/// Lowers LLVM-typed gpu.launch_func ops to mlircLaunchKernel calls on a
/// per-kernel handle and erases gpu.binary ops.
std::unique_ptr<mlir::Pass> createLowerLaunchesToRuntimePass();

/// Rewrites gpu.all_reduce, gpu.subgroup_id and gpu.subgroup_reduce into
/// ops the NVVM lowering handles.
std::unique_ptr<mlir::Pass> createExpandGpuOpsPass();

/// Builds a CPU block function for every kernel (host target). Unless
/// \p keepDeviceBodies (a GPU target also wants them), kernel bodies are
/// emptied afterwards.
std::unique_ptr<mlir::Pass> createLowerKernelsToHostPass(bool keepDeviceBodies);

/// Moves loop annotations left as plain attributes on llvm.br into the
/// branch's own annotation, which the translation to LLVM IR reads.
std::unique_ptr<mlir::Pass> createMoveLoopAnnotationsPass();

/// Gives every host block function an entry taking the launch's argument
/// array and registers it with the runtime in a global constructor.
std::unique_ptr<mlir::Pass> createRegisterHostKernelsPass();

} // namespace mlirc

#endif // MLIRC_PIPELINE_PASSES_H
