//===- BitPackedVectors.cpp - Vectors of sub-byte elements in memory ------===//
//
// A memref whose element is not a whole number of bytes (i1, i4, f4E2M1FN,
// i12, ...) holds each element in whole bytes (memref.load and store,
// LLVM's scalar loads), while LLVM packs a vector of them in memory bit by
// bit: MLIR's lowering of a vector load, store or transfer of such a
// memref read and wrote the wrong bytes (eight i1 lanes 1, 0, 1, 0, ...
// read back as 1, 0, 0, 0, ...; i4 lanes 0 to 7 as 0, 0, 1, 0, 2, ...;
// mlir-opt's pipeline too). Those accesses become one per element, in
// bounds or under their mask bit.
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
#define GEN_PASS_DEF_BITPACKEDVECTORS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True for a memref whose elements LLVM packs in a vector bit by bit.
bool isBitPacked(Value memref) {
  auto type = dyn_cast<MemRefType>(memref.getType());
  if (!type || !type.getElementType().isIntOrFloat())
    return false;
  return type.getElementType().getIntOrFloatBitWidth() % 8 != 0;
}

/// Element \p k of a 1-D access of \p base at \p indices, loaded where
/// \p mask (if any) has it, else \p passThru's.
Value loadElement(OpBuilder &b, Location loc, Value base, ValueRange indices,
                  int64_t k, Value mask, Value passThru) {
  if (!mask)
    return memref::LoadOp::create(b, loc, base,
                                  mlirc::getElementIndices(b, loc, indices, k));
  Value set = vector::ExtractOp::create(b, loc, mask, k);
  return mlirc::loadLaneIf(
      b, loc, set, passThru, k, base, indices, [&](OpBuilder &inside) -> Value {
        return arith::ConstantIndexOp::create(inside, loc, k);
      });
}

/// Element \p k of \p value stored where \p mask (if any) has it.
void storeElement(OpBuilder &b, Location loc, Value value, Value base,
                  ValueRange indices, int64_t k, Value mask) {
  if (mask) {
    Value set = vector::ExtractOp::create(b, loc, mask, k);
    return mlirc::storeLaneIf(
        b, loc, set, value, k, base, indices, [&](OpBuilder &inside) -> Value {
          return arith::ConstantIndexOp::create(inside, loc, k);
        });
  }
  Value element = vector::ExtractOp::create(b, loc, value, k);
  memref::StoreOp::create(b, loc, element, base,
                          mlirc::getElementIndices(b, loc, indices, k));
}

template <typename LoadOp>
struct LoadElements : public OpRewritePattern<LoadOp> {
  using OpRewritePattern<LoadOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getVectorType();
    if (!isBitPacked(op.getBase()) || type.getRank() != 1 ||
        type.isScalable() || op.getIndices().empty())
      return failure();
    Value mask, passThru;
    if constexpr (std::is_same_v<LoadOp, vector::MaskedLoadOp>) {
      mask = op.getMask();
      passThru = op.getPassThru();
    }
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k)
      elements.push_back(loadElement(rewriter, op.getLoc(), op.getBase(),
                                     op.getIndices(), k, mask, passThru));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
};

template <typename StoreOp>
struct StoreElements : public OpRewritePattern<StoreOp> {
  using OpRewritePattern<StoreOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getVectorType();
    if (!isBitPacked(op.getBase()) || type.getRank() != 1 ||
        type.isScalable() || op.getIndices().empty())
      return failure();
    Value mask;
    if constexpr (std::is_same_v<StoreOp, vector::MaskedStoreOp>)
      mask = op.getMask();
    for (int64_t k = 0; k < type.getNumElements(); ++k)
      storeElement(rewriter, op.getLoc(), op.getValueToStore(), op.getBase(),
                   op.getIndices(), k, mask);
    rewriter.eraseOp(op);
    return success();
  }
};

struct BitPackedVectorsPass
    : public mlirc::impl::BitPackedVectorsBase<BitPackedVectorsPass> {
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
    patterns
        .add<LoadElements<vector::LoadOp>, LoadElements<vector::MaskedLoadOp>,
             StoreElements<vector::StoreOp>,
             StoreElements<vector::MaskedStoreOp>>(&getContext());
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }
};

} // namespace
