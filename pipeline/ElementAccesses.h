//===- ElementAccesses.h - Vector memory accesses lane by lane --*- C++ -*-===//
//
// The pieces of a vector load or store done one element at a time: where
// lane k goes, and a lane loaded or stored under its mask bit. Vulkan
// (whose logical addressing takes no vector pointers) and memrefs of
// elements narrower than bytes (BitPackedVectors) access vectors so.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ELEMENTACCESSES_H
#define MLIRC_PIPELINE_ELEMENTACCESSES_H

#include "mlir/IR/Builders.h"

namespace mlirc {

/// The indices of element \p k of a 1-D access at \p indices: the last
/// index advanced by k.
llvm::SmallVector<mlir::Value> getElementIndices(mlir::OpBuilder &b,
                                                 mlir::Location loc,
                                                 mlir::ValueRange indices,
                                                 int64_t k);

/// Where a lane of an element-wise access goes, from the last of its
/// indices (made inside the lane's guard).
using LaneOffset = llvm::function_ref<mlir::Value(mlir::OpBuilder &)>;

/// Lane \p k of \p value stored to \p base where \p set.
void storeLaneIf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value set,
                 mlir::Value value, int64_t k, mlir::Value base,
                 mlir::ValueRange indices, LaneOffset offset);

/// Lane \p k loaded from \p base where \p set, else lane \p k of
/// \p passThru.
mlir::Value loadLaneIf(mlir::OpBuilder &b, mlir::Location loc, mlir::Value set,
                       mlir::Value passThru, int64_t k, mlir::Value base,
                       mlir::ValueRange indices, LaneOffset offset);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ELEMENTACCESSES_H
