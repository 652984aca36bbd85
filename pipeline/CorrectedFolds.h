//===- CorrectedFolds.h - Folds MLIR 22 gets wrong ------------*- C++ -*-===//
//
// mlirc folds through its own pattern (BoundedRewrites.cpp), which asks
// here first: an op whose MLIR 22 fold gives another value than the op
// computes at run time is folded as it computes.
//
// - math.atan2(±0, ±0): MLIR folds it to NaN; C's atan2, which every
//   target computes, gives ±0 or ±pi.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_CORRECTEDFOLDS_H
#define MLIRC_PIPELINE_CORRECTEDFOLDS_H

#include "mlir/IR/OpDefinition.h"
#include <optional>

namespace mlirc {

/// Folds \p op into \p results when it is an op whose MLIR fold is wrong:
/// success or failure then, std::nullopt for every other op.
std::optional<mlir::LogicalResult>
foldCorrected(mlir::Operation *op,
              llvm::SmallVectorImpl<mlir::OpFoldResult> &results);

} // namespace mlirc

#endif // MLIRC_PIPELINE_CORRECTEDFOLDS_H
