//===- BoundGpuIds.cpp - Thread and block ids within the target's limits --===//
//
// MLIR's integer range analysis takes a thread id, block id or launch size
// it knows nothing about as anything below 2^32, so no index arithmetic on
// it fits in 32 bits. A launch beyond the target's limits never runs (the
// driver, or mlirc's runtime, rejects it; --gpu-max-threads-per-block is
// checked at launch), so each of these ops without a known size gets the
// limit as its upper_bound: the range analysis, and the backends (NVVM's
// range on the special registers), can rely on it. Global ids are written
// out of their parts for the same reason.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlirc {
#define GEN_PASS_DEF_BOUNDGPUIDS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct BoundGpuIdsPass : public mlirc::impl::BoundGpuIdsBase<BoundGpuIdsPass> {
  using BoundGpuIdsBase::BoundGpuIdsBase;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect>();
  }

  void runOnOperation() override {
    if (blockLimits.size() != 3 || gridLimits.size() != 3) {
      getOperation().emitError("mlirc-bound-gpu-ids needs three block and "
                               "three grid limits");
      return signalPassFailure();
    }
    getOperation().walk([&](Operation *op) {
      llvm::TypeSwitch<Operation *>(op)
          .Case<gpu::ThreadIdOp, gpu::BlockDimOp>(
              [&](auto typed) { bound(typed, blockLimit(typed)); })
          .Case<gpu::BlockIdOp, gpu::GridDimOp>(
              [&](auto typed) { bound(typed, gridLimit(typed)); })
          .Case<gpu::GlobalIdOp>([&](auto typed) { expand(typed); });
    });
  }

  /// block_id * block_dim + thread_id, as the vendors' lowerings write a
  /// global id, from bounded parts: the analysis sees the product's range,
  /// and the backends the range of each special register.
  void expand(gpu::GlobalIdOp op) {
    if (op.getUpperBound())
      return;
    OpBuilder b(op);
    Location loc = op.getLoc();
    gpu::Dimension dim = op.getDimension();
    auto block = gpu::BlockIdOp::create(b, loc, dim);
    auto size = gpu::BlockDimOp::create(b, loc, dim);
    auto thread = gpu::ThreadIdOp::create(b, loc, dim);
    bound(block, gridLimit(block));
    bound(size, blockLimit(size));
    bound(thread, blockLimit(thread));
    Value first = arith::MulIOp::create(b, loc, block, size);
    Value sum = arith::AddIOp::create(b, loc, first, thread);
    op.getResult().replaceAllUsesWith(sum);
    op.erase();
  }

  /// The tighter of two bounds, where 0 is none.
  static int64_t tighter(int64_t a, int64_t b) {
    return a <= 0 ? b : b <= 0 ? a : std::min(a, b);
  }

  /// Ids are below their bound, sizes at most theirs; 0 is no bound.
  template <typename OpT> void bound(OpT op, int64_t limit) {
    if (limit > 0 && !op.getUpperBound())
      op.setUpperBoundAttr(Builder(op).getIndexAttr(limit));
  }

  template <typename OpT> int64_t gridLimit(OpT op) const {
    int dim = static_cast<int>(op.getDimension());
    if (auto kernel = op->template getParentOfType<gpu::GPUFuncOp>())
      if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownGridSize())
        return (*known)[dim];
    return gridLimits[dim];
  }

  /// The threads of a block in \p op's dimension at most: the known block
  /// size, else the target's limits and --gpu-max-threads-per-block,
  /// which launches are checked against.
  template <typename OpT> int64_t blockLimit(OpT op) const {
    int dim = static_cast<int>(op.getDimension());
    int64_t threads = tighter(blockLimits[dim], maxThreadsPerBlock);
    if (auto kernel = op->template getParentOfType<gpu::GPUFuncOp>()) {
      if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize())
        return (*known)[dim];
      if (auto bound = kernel->template getAttrOfType<IntegerAttr>(
              "mlirc.max_threads_per_block"))
        threads = tighter(threads, bound.getInt());
    }
    return threads;
  }
};

} // namespace
