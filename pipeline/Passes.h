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

enum class ObjectFormat;

// The passes of Passes.td: create<Name>() and <Name>Options for each, and
// registerMlircPasses(), which registers them all (mlirc-opt does).
#define GEN_PASS_DECL
#include "pipeline/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "pipeline/Passes.h.inc"

/// Adds a pass that crashes to \p pm when the hidden test option
/// --mlirc-crash-in-phase-for-testing names \p phase, and one that leaves
/// invalid IR when --mlirc-invalid-ir-in-phase-for-testing does.
void addCrashForTesting(mlir::OpPassManager &pm, llvm::StringRef phase);

/// Dies of SIGSEGV when --mlirc-crash-in-phase-for-testing names \p where,
/// for code outside passes (e.g. "amdgpu-codegen").
void crashHereForTesting(llvm::StringRef where);

/// Reports, at the op, inputs that verify but that MLIR's rewrites or the
/// targets in \p units cannot take: constant dimension indices out of
/// range, constant launch sizes beyond a target's limits.
std::unique_ptr<mlir::Pass>
createCheckInputPass(std::vector<const TargetUnit *> units);

/// Reports, at the op, each gpu.binary of the input (prebuilt device code,
/// from MLIR's gpu-module-to-binary, say) that has no object for one of
/// \p targets, or whose object for one comes in a format its unit does not
/// build images from.
std::unique_ptr<mlir::Pass>
createCheckPrebuiltBinariesPass(std::vector<OffloadTarget> targets);

/// What \p object, a #gpu.object, holds.
ObjectFormat getObjectFormat(mlir::Attribute object);

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

/// Checks, before each op of host code (the host target's kernels included)
/// whose result \p checks name as undefined for some operands, that they are
/// not, and reports a failure through UBSan's runtime at the op's location.
std::unique_ptr<mlir::Pass>
createInstrumentUndefinedBehaviorPass(UndefinedBehaviorChecks checks);

} // namespace mlirc

#endif // MLIRC_PIPELINE_PASSES_H
