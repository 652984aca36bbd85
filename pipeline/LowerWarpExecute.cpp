//===- LowerWarpExecute.cpp - gpu.warp_execute_on_lane_0 as lane 0's code -===//
//
// gpu.warp_execute_on_lane_0 (what MLIR's vector distribution works on)
// has no lowering to any target. MLIR's own rewrite to scf.if needs memory
// that each warp has for itself and a way to synchronize the warp: here a
// workgroup attribution of the kernel with one slice per warp of the
// block, indexed by the thread's linear id over the warp size, and
// gpu.barrier (every thread of the block reaches a warp op, as the rewrite
// needs anyway).
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"
#include "runtime/DeviceLimits.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/VectorDistribution.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERWARPEXECUTE
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The slice of a new workgroup attribution of \p warp's kernel that its
/// warp (threads of one linear id over the warp size) has, of \p type.
Value allocateForWarp(Location loc, OpBuilder &b,
                      gpu::WarpExecuteOnLane0Op warp, Type type) {
  auto kernel = warp->getParentOfType<gpu::GPUFuncOp>();
  int64_t warpSize = warp.getWarpSize();
  int64_t threads = mlirc::limits::maxThreadsPerBlock;
  if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize())
    threads = int64_t((*known)[0]) * (*known)[1] * (*known)[2];
  int64_t warps = (threads + warpSize - 1) / warpSize;
  SmallVector<int64_t> shape = {warps};
  Type element = type;
  if (auto vector = dyn_cast<VectorType>(type)) {
    llvm::append_range(shape, vector.getShape());
    element = vector.getElementType();
  }
  auto space = gpu::AddressSpaceAttr::get(b.getContext(),
                                          gpu::AddressSpace::Workgroup);
  Value memory = kernel.addWorkgroupAttribution(
      MemRefType::get(shape, element, MemRefLayoutAttrInterface(), space),
      loc);
  // The warp's index: the linear thread id over the warp size.
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value sizeX = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value sizeY = gpu::BlockDimOp::create(b, loc, gpu::Dimension::y);
  Value plane = arith::AddIOp::create(
      b, loc, y, arith::MulIOp::create(b, loc, z, sizeY));
  Value linear = arith::AddIOp::create(
      b, loc, x, arith::MulIOp::create(b, loc, plane, sizeX));
  Value index = arith::DivUIOp::create(
      b, loc, linear, arith::ConstantIndexOp::create(b, loc, warpSize));
  SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0));
  offsets[0] = index;
  SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
  for (int64_t dim : ArrayRef<int64_t>(shape).drop_front())
    sizes.push_back(b.getIndexAttr(dim));
  SmallVector<OpFoldResult> strides(shape.size(), b.getIndexAttr(1));
  auto sliceType = memref::SubViewOp::inferRankReducedResultType(
      ArrayRef<int64_t>(shape).drop_front(), cast<MemRefType>(memory.getType()),
      offsets, sizes, strides);
  return memref::SubViewOp::create(b, loc, cast<MemRefType>(sliceType), memory,
                                   offsets, sizes, strides);
}

struct LowerWarpExecutePass
    : public mlirc::impl::LowerWarpExecuteBase<LowerWarpExecutePass> {
  void runOnOperation() override {
    // Those of kernels; the memory is the kernel's.
    SmallVector<Operation *> warps;
    getOperation().walk([&](gpu::WarpExecuteOnLane0Op op) {
      if (auto kernel = op->getParentOfType<gpu::GPUFuncOp>())
        if (kernel.isKernel())
          warps.push_back(op);
    });
    vector::WarpExecuteOnLane0LoweringOptions options;
    options.warpAllocationFn = allocateForWarp;
    options.warpSyncronizationFn = [](Location loc, OpBuilder &b,
                                      gpu::WarpExecuteOnLane0Op) {
      gpu::BarrierOp::create(b, loc);
    };
    RewritePatternSet patterns(&getContext());
    vector::populateWarpExecuteOnLane0OpToScfForPattern(patterns, options);
    if (!warps.empty() && failed(mlirc::applyOpPatternsWithBound(
                              warps, std::move(patterns), getArgument())))
      return signalPassFailure();
    // Outside a kernel (a device function), nothing has memory for it.
    WalkResult left = getOperation().walk([](gpu::WarpExecuteOnLane0Op op) {
      op.emitError("gpu.warp_execute_on_lane_0 can be compiled only in a "
                   "kernel (its values pass through the kernel's workgroup "
                   "memory)");
      return WalkResult::interrupt();
    });
    if (left.wasInterrupted())
      signalPassFailure();
  }
};

} // namespace
