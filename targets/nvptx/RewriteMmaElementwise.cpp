//===- RewriteMmaElementwise.cpp - MMA elementwise ops as NVVM lowers them ===//
//
// MLIR 22's NVVM lowering of gpu.subgroup_mma_elementwise takes addf, mulf
// and divf, and maxf and minf on f32; it crashes on the other kinds or
// makes invalid IR (maxf and minf on f16 get an invalid NaN constant).
// subf and negatef are rewritten into what it takes, exactly: -a is
// a * -1 and a - b is a + b * -1 (IEEE defines subtraction so), with a
// constant matrix of -1. The other kinds are an error at the op, and so
// is a gpu.subgroup_mma_compute of si8 and ui8 matrices together (MLIR's
// lowering has integer WMMA of one signedness; it failed to legalize it).
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
    WalkResult mixed = getOperation().walk([](gpu::SubgroupMmaComputeOp op) {
      Type a = op.getOpA().getType().getElementType();
      Type b = op.getOpB().getType().getElementType();
      if (a == b)
        return WalkResult::advance();
      op->emitError("'gpu.subgroup_mma_compute' of ")
          << a << " and " << b
          << " matrices cannot be compiled for NVIDIA targets: MLIR 22's "
             "NVVM lowering multiplies A and B of one element type (si8 "
             "with si8, ui8 with ui8)";
      return WalkResult::interrupt();
    });
    if (mixed.wasInterrupted())
      return signalPassFailure();
    SmallVector<gpu::SubgroupMmaElementwiseOp> ops;
    WalkResult result =
        getOperation().walk([&](gpu::SubgroupMmaElementwiseOp op) {
          if (failed(check(op)))
            return WalkResult::interrupt();
          gpu::MMAElementwiseOp kind = op.getOpType();
          auto type = cast<gpu::MMAMatrixType>(op.getType());
          if ((kind == gpu::MMAElementwiseOp::SUBF ||
               kind == gpu::MMAElementwiseOp::NEGATEF) &&
              isa<FloatType>(type.getElementType()))
            ops.push_back(op);
          return WalkResult::advance();
        });
    if (result.wasInterrupted())
      return signalPassFailure();
    for (gpu::SubgroupMmaElementwiseOp op : ops)
      rewrite(op);
  }

  static LogicalResult check(gpu::SubgroupMmaElementwiseOp op) {
    if (op.getArgs().empty())
      return success();
    gpu::MMAElementwiseOp kind = op.getOpType();
    Type element =
        cast<gpu::MMAMatrixType>(op.getArgs()[0].getType()).getElementType();
    if (llvm::is_contained(
            {gpu::MMAElementwiseOp::ADDF, gpu::MMAElementwiseOp::MULF,
             gpu::MMAElementwiseOp::DIVF, gpu::MMAElementwiseOp::SUBF,
             gpu::MMAElementwiseOp::NEGATEF},
            kind) ||
        (!element.isF16() &&
         llvm::is_contained(
             {gpu::MMAElementwiseOp::MAXF, gpu::MMAElementwiseOp::MINF}, kind)))
      return success();
    return op->emitError("'gpu.subgroup_mma_elementwise ")
           << gpu::stringifyMMAElementwiseOp(kind) << "' on " << element
           << " cannot be compiled for NVIDIA targets: MLIR 22's NVVM "
              "lowering has addf, mulf and divf (and mlirc makes subf and "
              "negatef of them), and maxf and minf on f32 (it crashes on the "
              "others or makes invalid IR); load f32 matrices rather than "
              "extend f16 ones";
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
