//===- ExpandGpuOps.cpp - GPU ops the device lowerings need rewritten -----===//
//
// convert-gpu-to-nvvm has no lowering for gpu.subgroup_id,
// gpu.subgroup_reduce or gpu.all_reduce, nor convert-gpu-to-rocdl for
// gpu.subgroup_reduce; MLIR's rewrite patterns express them with shuffles
// and lane arithmetic, which both lower. The subgroup size is the chip's
// (32 on NVIDIA and RDNA, 64 on CDNA/GCN), so each chip gets its own
// expansion.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDGPUOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The width of one shuffle.
constexpr unsigned shuffleBits = 32;

struct ExpandGpuOpsPass
    : public mlirc::impl::ExpandGpuOpsBase<ExpandGpuOpsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, memref::MemRefDialect,
                    vector::VectorDialect>();
  }

  void runOnOperation() override {
    // MLIR's all-reduce lowering rewrites a kernel only when every
    // gpu.all_reduce in it is marked uniform.
    WalkResult nonUniform = getOperation().walk([&](gpu::AllReduceOp op) {
      if (op.getUniform())
        return WalkResult::advance();
      op.emitError("gpu.all_reduce without 'uniform' is not supported for ")
          << vendor
          << " targets; mark it 'uniform' when all threads of the block "
             "reach it";
      return WalkResult::interrupt();
    });
    if (nonUniform.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    populateGpuSubgroupIdPatterns(patterns);
    populateGpuBreakDownSubgroupReducePatterns(patterns, shuffleBits);
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, warpSize,
                                                    shuffleBits);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(patterns, warpSize,
                                                             shuffleBits);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    // The subgroup id rewrite leaves gpu.subgroup_size, which the NVVM
    // lowering does not handle; it is the chip's wavefront size.
    getOperation().walk([&](gpu::SubgroupSizeOp op) {
      OpBuilder b(op);
      op.replaceAllUsesWith(
          arith::ConstantIndexOp::create(b, op.getLoc(), warpSize).getResult());
      op.erase();
    });
    getOperation().walk([&](gpu::NumSubgroupsOp op) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value size = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
      for (gpu::Dimension dim : {gpu::Dimension::y, gpu::Dimension::z})
        size = arith::MulIOp::create(b, loc, size,
                                     gpu::BlockDimOp::create(b, loc, dim));
      Value rounded = arith::AddIOp::create(
          b, loc, size, arith::ConstantIndexOp::create(b, loc, warpSize - 1));
      op.replaceAllUsesWith(
          arith::DivUIOp::create(
              b, loc, rounded, arith::ConstantIndexOp::create(b, loc, warpSize))
              .getResult());
      op.erase();
    });
  }
};

} // namespace
