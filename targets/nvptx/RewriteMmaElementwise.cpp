//===- RewriteMmaElementwise.cpp - MMA subtraction as NVVM lowers it ------===//
//
// MLIR 22's NVVM lowering of gpu.subgroup_mma_elementwise crashes on subf
// and negatef. Both are exact in the kinds it takes: -a is a * -1 and
// a - b is a + b * -1 (IEEE defines subtraction so), with a constant
// matrix of -1.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_REWRITEMMAELEMENTWISE
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct RewriteMmaElementwisePass
    : public mlirc::impl::RewriteMmaElementwiseBase<RewriteMmaElementwisePass> {
  void runOnOperation() override {
    SmallVector<gpu::SubgroupMmaElementwiseOp> ops;
    getOperation().walk([&](gpu::SubgroupMmaElementwiseOp op) {
      gpu::MMAElementwiseOp kind = op.getOpType();
      auto type = cast<gpu::MMAMatrixType>(op.getType());
      if ((kind == gpu::MMAElementwiseOp::SUBF ||
           kind == gpu::MMAElementwiseOp::NEGATEF) &&
          isa<FloatType>(type.getElementType()))
        ops.push_back(op);
    });
    for (gpu::SubgroupMmaElementwiseOp op : ops)
      rewrite(op);
  }

  void rewrite(gpu::SubgroupMmaElementwiseOp op) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto type = cast<gpu::MMAMatrixType>(op.getType());
    Value minusOne = arith::ConstantOp::create(
        b, loc, b.getFloatAttr(type.getElementType(), -1.0));
    Value minusOnes =
        gpu::SubgroupMmaConstantMatrixOp::create(b, loc, type, minusOne);
    auto elementwise = [&](gpu::MMAElementwiseOp kind, Value lhs, Value rhs) {
      return gpu::SubgroupMmaElementwiseOp::create(b, loc, type,
                                                   ValueRange{lhs, rhs}, kind)
          .getResult();
    };
    ValueRange args = op.getArgs();
    Value negated =
        elementwise(gpu::MMAElementwiseOp::MULF, args.back(), minusOnes);
    Value result =
        op.getOpType() == gpu::MMAElementwiseOp::NEGATEF
            ? negated
            : elementwise(gpu::MMAElementwiseOp::ADDF, args[0], negated);
    op.replaceAllUsesWith(result);
    op.erase();
  }
};

} // namespace
