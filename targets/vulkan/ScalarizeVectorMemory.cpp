//===- ScalarizeVectorMemory.cpp - Vector memory access per element -------===//

#include "targets/vulkan/ScalarizeVectorMemory.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

/// The indices of element \p k of a 1-D access at \p indices: the last
/// index advanced by k.
SmallVector<Value> getElementIndices(OpBuilder &b, Location loc,
                                     ValueRange indices, int64_t k) {
  SmallVector<Value> result(indices);
  if (k != 0)
    result.back() = arith::AddIOp::create(
        b, loc, result.back(), arith::ConstantIndexOp::create(b, loc, k));
  return result;
}

struct LoadElements : public OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::LoadOp load,
                                PatternRewriter &rewriter) const override {
    VectorType type = load.getVectorType();
    if (type.getRank() != 1 || type.isScalable() || load.getIndices().empty())
      return failure();
    Location loc = load.getLoc();
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k)
      elements.push_back(memref::LoadOp::create(
          rewriter, loc, load.getBase(),
          getElementIndices(rewriter, loc, load.getIndices(), k)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(load, type, elements);
    return success();
  }
};

struct StoreElements : public OpRewritePattern<vector::StoreOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::StoreOp store,
                                PatternRewriter &rewriter) const override {
    VectorType type = store.getVectorType();
    if (type.getRank() != 1 || type.isScalable() || store.getIndices().empty())
      return failure();
    Location loc = store.getLoc();
    for (int64_t k = 0; k < type.getNumElements(); ++k) {
      Value element =
          vector::ExtractOp::create(rewriter, loc, store.getValueToStore(), k);
      memref::StoreOp::create(
          rewriter, loc, element, store.getBase(),
          getElementIndices(rewriter, loc, store.getIndices(), k));
    }
    rewriter.eraseOp(store);
    return success();
  }
};

} // namespace

void mlirc::populateScalarizeVectorMemoryPatterns(RewritePatternSet &patterns) {
  patterns.add<LoadElements, StoreElements>(patterns.getContext());
  // Transfers that may leave the memref as masked ones, those as masked
  // loads and stores.
  vector::populateVectorMaskMaterializationPatterns(
      patterns, /*force32BitVectorIndices=*/true);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  vector::populateVectorMaskedLoadStoreEmulationPatterns(patterns);
}
