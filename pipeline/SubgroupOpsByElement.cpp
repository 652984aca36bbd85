//===- SubgroupOpsByElement.cpp - Vector subgroup reductions ------------===//

#include "pipeline/SubgroupOpsByElement.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

static SmallVector<Value> createElementReductions(OpBuilder &b,
                                                  gpu::SubgroupReduceOp op) {
  auto type = cast<VectorType>(op.getType());
  Location loc = op.getLoc();
  SmallVector<Value> elements;
  for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
    Value element =
        vector::ExtractOp::create(b, loc, op.getValue(), ArrayRef<int64_t>{i});
    elements.push_back(gpu::SubgroupReduceOp::create(
        b, loc, element, op.getOp(), op.getUniform(), op.getClusterSize(),
        op.getClusterStride()));
  }
  return elements;
}

SmallVector<gpu::SubgroupReduceOp>
mlirc::reduceElementByElement(gpu::SubgroupReduceOp op) {
  OpBuilder b(op);
  SmallVector<Value> elements = createElementReductions(b, op);
  Value whole =
      vector::FromElementsOp::create(b, op.getLoc(), op.getType(), elements);
  op.replaceAllUsesWith(whole);
  op.erase();
  return llvm::map_to_vector(elements, [](Value element) {
    return element.getDefiningOp<gpu::SubgroupReduceOp>();
  });
}

namespace {

struct ReduceWideElements : public OpRewritePattern<gpu::SubgroupReduceOp> {
  ReduceWideElements(MLIRContext *context, unsigned shuffleBits)
      : OpRewritePattern(context), shuffleBits(shuffleBits) {}
  LogicalResult matchAndRewrite(gpu::SubgroupReduceOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || type.getRank() != 1 || type.isScalable() ||
        type.getElementTypeBitWidth() < shuffleBits)
      return failure();
    SmallVector<Value> elements = createElementReductions(rewriter, op);
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
  unsigned shuffleBits;
};

/// gpu.shuffle or gpu.rotate of a 1-D vector as one of each element, all
/// valid alike.
template <typename OpTy> struct MoveByElement : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getValue().getType());
    if (!type || type.isScalable())
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> elements;
    Value valid;
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value element = vector::ExtractOp::create(rewriter, loc, op.getValue(),
                                                ArrayRef<int64_t>{i});
      OpTy moved;
      if constexpr (std::is_same_v<OpTy, gpu::ShuffleOp>)
        moved = gpu::ShuffleOp::create(rewriter, loc, element, op.getOffset(),
                                       op.getWidth(), op.getMode());
      else
        moved = gpu::RotateOp::create(rewriter, loc, element, op.getOffset(),
                                      op.getWidth());
      elements.push_back(moved->getResult(0));
      valid = moved->getResult(1);
    }
    Value whole = vector::FromElementsOp::create(rewriter, loc, type, elements);
    rewriter.replaceOp(op, {whole, valid});
    return success();
  }
};

} // namespace

void mlirc::populateSubgroupOpsByElementPatterns(RewritePatternSet &patterns,
                                                 unsigned shuffleBits) {
  patterns.add<ReduceWideElements>(patterns.getContext(), shuffleBits);
  // Before the rewrites of shuffles into the targets' own ops.
  patterns.add<MoveByElement<gpu::ShuffleOp>, MoveByElement<gpu::RotateOp>>(
      patterns.getContext(), /*benefit=*/3);
}
