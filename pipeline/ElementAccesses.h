//===- ElementAccesses.h - Vector memory accesses lane by lane --*- C++ -*-===//
//
// Vector loads and stores done one element at a time: where lane k goes, a
// lane loaded or stored under its mask bit, and patterns that rewrite each
// kind of 1-D vector access so. Vulkan (whose logical addressing takes no
// vector pointers) accesses every vector so; the LLVM lowerings those of
// memrefs whose vectors LLVM cannot address as a whole
// (ElementwiseVectorAccesses).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ELEMENTACCESSES_H
#define MLIRC_PIPELINE_ELEMENTACCESSES_H

#include "mlir/IR/Builders.h"

#include <functional>

namespace mlir {
class MemRefType;
class RewritePatternSet;
} // namespace mlir

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

/// Selects the memrefs whose vector accesses go element by element.
using ElementwiseMemRefs = std::function<bool(mlir::MemRefType)>;

/// 1-D vector.load, store, maskedload, maskedstore, expandload,
/// compressstore, gather and scatter of the memrefs \p selected picks as a
/// memref.load or memref.store of each element (lane k of a gather or
/// scatter at the last index plus its index, the set lanes of an expanding
/// load or compressing store one after another), masked lanes each under
/// their mask bit, the others of a load taking the pass-through value.
void populateElementwiseVectorAccessPatterns(mlir::RewritePatternSet &patterns,
                                             ElementwiseMemRefs selected);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ELEMENTACCESSES_H
