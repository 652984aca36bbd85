//===- ElementwiseVectorAccesses.cpp - Vectors LLVM cannot address whole -===//
//
// MLIR's LLVM lowering accesses a vector in memory through one pointer to
// its first element, as if its elements lay next to each other (bit by bit
// for elements of less than a byte). Two kinds of memref break that:
// - a memref whose element is not a whole number of bytes (i1, i4,
//   f4E2M1FN, i12, ...) holds each element in whole bytes (memref.load and
//   store, LLVM's scalar loads): a vector load, store or transfer read and
//   wrote the wrong bytes (eight i1 lanes 1, 0, 1, 0, ... read back as
//   1, 0, 0, 0, ...; i4 lanes 0 to 7 as 0, 0, 1, 0, 2, ...; mlir-opt's
//   pipeline too);
// - a memref whose last dimension is not contiguous (a subview of every
//   other column, a dynamic last stride): a masked load or store, an
//   expanding load or a compressing store read and wrote the neighbouring
//   elements, and a gather or scatter had no lowering at all.
// Those accesses become one per element, in bounds or under their mask
// bit. (vector-to-scf already reads and writes transfers of the latter
// element by element.)
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/ElementAccesses.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"

namespace mlirc {
#define GEN_PASS_DEF_ELEMENTWISEVECTORACCESSES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True for a memref type whose elements LLVM packs in a vector bit by bit.
bool isBitPacked(MemRefType type) {
  if (!type.getElementType().isIntOrFloat())
    return false;
  return type.getElementType().getIntOrFloatBitWidth() % 8 != 0;
}

bool isBitPacked(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  return type && isBitPacked(type);
}

/// True for a memref type whose vectors LLVM cannot access through a
/// pointer to their first element.
bool needsElementwiseAccess(MemRefType type) {
  return isBitPacked(type) || !type.isLastDimUnitStride();
}

struct ElementwiseVectorAccessesPass
    : public mlirc::impl::ElementwiseVectorAccessesBase<
          ElementwiseVectorAccessesPass> {
  void runOnOperation() override {
    // Transfers of such memrefs (vector-to-scf left them 1-D) as loads and
    // stores, masked where they may leave the memref.
    SmallVector<Operation *> transfers;
    getOperation()->walk([&](VectorTransferOpInterface op) {
      if (isBitPacked(op.getBase()) && op.getVectorType().getRank() == 1)
        transfers.push_back(op);
    });
    if (!transfers.empty()) {
      RewritePatternSet patterns(&getContext());
      vector::populateVectorMaskMaterializationPatterns(
          patterns, /*force32BitVectorIndices=*/false);
      vector::populateVectorTransferLoweringPatterns(patterns,
                                                     /*maxTransferRank=*/1);
      if (failed(mlirc::applyOpPatternsWithBound(transfers, std::move(patterns),
                                                 getArgument())))
        return signalPassFailure();
    }
    RewritePatternSet patterns(&getContext());
    mlirc::populateElementwiseVectorAccessPatterns(patterns,
                                                   needsElementwiseAccess);
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }
};

} // namespace
