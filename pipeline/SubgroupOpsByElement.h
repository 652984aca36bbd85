//===- SubgroupOpsByElement.h - Subgroup ops on vectors ---------*- C++ -*-===//
//
// MLIR's shuffle lowerings of gpu.subgroup_reduce take vectors only when
// the whole vector fits one shuffle, and its NVVM and ROCDL lowerings of
// gpu.shuffle take 32-bit scalars: a vector<4xf32> reduction stayed for
// the NVVM and ROCDL conversions ("failed to legalize operation"), a
// shuffle of vector<2xf32> made an invalid nvvm.shfl.sync. Their elements
// go one by one instead.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_SUBGROUPOPSBYELEMENT_H
#define MLIRC_PIPELINE_SUBGROUPOPSBYELEMENT_H

#include "llvm/ADT/SmallVector.h"

namespace mlir {
class RewritePatternSet;
namespace gpu {
class SubgroupReduceOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// Replaces \p op, a gpu.subgroup_reduce of a 1-D vector, by one
/// gpu.subgroup_reduce of each element (same kind, uniformity and
/// cluster), and returns them.
llvm::SmallVector<mlir::gpu::SubgroupReduceOp>
reduceElementByElement(mlir::gpu::SubgroupReduceOp op);

/// That rewrite for the vector reductions whose elements are at least
/// \p shuffleBits wide, which MLIR's break-down patterns leave; and
/// gpu.shuffle and gpu.rotate of vectors as one of each element.
void populateSubgroupOpsByElementPatterns(mlir::RewritePatternSet &patterns,
                                          unsigned shuffleBits);

} // namespace mlirc

#endif // MLIRC_PIPELINE_SUBGROUPOPSBYELEMENT_H
