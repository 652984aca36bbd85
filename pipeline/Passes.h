//===- Passes.h - mlirc's own MLIR passes -----------------------*- C++ -*-===//

#ifndef MLIRC_PIPELINE_PASSES_H
#define MLIRC_PIPELINE_PASSES_H

#include "pipeline/Pipeline.h"
#include "targets/OffloadTarget.h"
#include "llvm/ADT/StringRef.h"
#include <memory>
#include <string>
#include <vector>

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlirc {

// The passes of Passes.td: create<Name>() and <Name>Options for each, and
// registerMlircPasses(), which registers them all (mlirc-opt does).
#define GEN_PASS_DECL
#include "pipeline/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "pipeline/Passes.h.inc"

/// Adds a pass that crashes to \p pm when the hidden test option
/// --mlirc-crash-in-phase-for-testing names \p phase.
void addCrashForTesting(mlir::OpPassManager &pm, llvm::StringRef phase);

/// Dies of SIGSEGV when --mlirc-crash-in-phase-for-testing names \p where,
/// for code outside passes (e.g. "amdgpu-codegen").
void crashHereForTesting(llvm::StringRef where);

/// Reports, at the op, inputs that verify but that MLIR's rewrites or the
/// targets in \p units cannot take: constant dimension indices out of
/// range, constant launch sizes beyond a target's limits.
std::unique_ptr<mlir::Pass>
createCheckInputPass(std::vector<const TargetUnit *> units);

/// Renames every kernel to a name unique across the linked program, derived
/// from \p programId, its gpu.module and its own name.
std::unique_ptr<mlir::Pass>
createUniqueKernelNamesPass(llvm::StringRef programId);

/// Makes host_shared gpu.allocs synchronous again after gpu-async-region,
/// the only form gpu-to-llvm lowers.
std::unique_ptr<mlir::Pass> createSyncHostSharedAllocsPass();

/// Replaces several async dependencies of one gpu op with a single
/// `gpu.wait async` joining them, the only form gpu-to-llvm lowers.
std::unique_ptr<mlir::Pass> createMergeAsyncDependenciesPass();

/// Gives every gpu.module the target attributes of the first GPU unit in
/// \p units and a copy of it, named `<module>_<unit>`, to each other GPU
/// unit, with that unit's attributes.
std::unique_ptr<mlir::Pass>
createAttachTargetsPass(std::vector<const TargetUnit *> units,
                        std::vector<OffloadTarget> targets, unsigned optLevel);

/// Runs \p unit's device lowering (a gpu.module pipeline for the targets
/// of \p targets a module carries) on every gpu.module whose targets are
/// \p unit's.
std::unique_ptr<mlir::Pass>
createLowerTargetModulesPass(const TargetUnit *unit,
                             std::vector<OffloadTarget> targets);

/// Serializes every gpu.module into a gpu.binary through its targets'
/// TargetAttrInterface, with device libraries from the toolkit of the unit
/// that owns each target; \p callback, when set, sees the linked IR.
std::unique_ptr<mlir::Pass>
createSerializeDeviceModulesPass(std::vector<const TargetUnit *> units,
                                 DeviceIRCallback callback);

/// Gives every non-kernel device symbol internal linkage so that device code
/// from separately compiled files never collides at device link time.
std::unique_ptr<mlir::Pass> createInternalizeDeviceSymbolsPass();

/// Lowers LLVM-typed gpu.launch_func ops to mlircLaunchKernel calls on a
/// per-kernel handle and erases gpu.binary ops.
std::unique_ptr<mlir::Pass> createLowerLaunchesToRuntimePass();

/// Rewrites gpu.all_reduce, gpu.subgroup_id, gpu.subgroup_size and
/// gpu.subgroup_reduce into ops the NVVM and ROCDL lowerings handle, for
/// subgroups of \p subgroupSize threads; \p vendor names the targets in
/// errors.
std::unique_ptr<mlir::Pass> createExpandGpuOpsPass(unsigned subgroupSize,
                                                   llvm::StringRef vendor);

/// Checks, before each op of host code (the host target's kernels included)
/// whose result \p checks name as undefined for some operands, that they are
/// not, and reports a failure through UBSan's runtime at the op's location.
std::unique_ptr<mlir::Pass>
createInstrumentUndefinedBehaviorPass(UndefinedBehaviorChecks checks);

/// MLIR's canonicalizer with a bound on its rewrites that grows with the
/// module; reaching it is an error naming the pass, not a hang.
std::unique_ptr<mlir::Pass> createBoundedCanonicalizerPass();

/// Turns the scf.parallel loops of host code (not those of kernels) into
/// async work over the async runtime's worker threads.
std::unique_ptr<mlir::Pass> createParallelizeHostLoopsPass();

/// Makes the GPU tokens that async.execute bodies yield events recorded on
/// their streams, as gpu-to-llvm lowers the tokens those bodies receive.
std::unique_ptr<mlir::Pass> createYieldGpuEventsPass();

/// Lowers linalg ops on memrefs to loops (MLIR's convert-linalg-to-loops)
/// in modules that hold any.
std::unique_ptr<mlir::Pass> createLowerLinalgToLoopsPass();

/// Moves loop annotations left as plain attributes on llvm.br into the
/// branch's own annotation, which the translation to LLVM IR reads.
std::unique_ptr<mlir::Pass> createMoveLoopAnnotationsPass();

} // namespace mlirc

#endif // MLIRC_PIPELINE_PASSES_H
