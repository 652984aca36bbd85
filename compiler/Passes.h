//===- Passes.h - The passes that walk the target units ---------*- C++ -*-===//
//
// Built by the pipeline with what the driver resolved: the target units,
// the requested targets, callbacks.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_PASSES_H
#define MLIRC_COMPILER_PASSES_H

#include "compiler/Pipeline.h"
#include "targets/TargetUnit.h"
#include <memory>
#include <vector>

namespace mlir {
class Attribute;
class Pass;
} // namespace mlir

namespace mlirc {

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

} // namespace mlirc

#endif // MLIRC_COMPILER_PASSES_H
