//===- SubgroupReduceElements.cpp - Vector subgroup reductions ------------===//

#include "pipeline/SubgroupReduceElements.h"

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

} // namespace

void mlirc::populateSubgroupReduceElementsPatterns(RewritePatternSet &patterns,
                                                   unsigned shuffleBits) {
  patterns.add<ReduceWideElements>(patterns.getContext(), shuffleBits);
}
