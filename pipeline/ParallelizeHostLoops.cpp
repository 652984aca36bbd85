//===- ParallelizeHostLoops.cpp - Host scf.parallel loops as async work ---===//
//
// MLIR's async-parallel-for patterns, on the scf.parallel loops of host code
// only: each loop becomes async work spread over the async runtime's worker
// threads (one per core), in blocks of at least 1000 iterations, dispatched
// recursively. MLIR's pass would rewrite the loops of the gpu.modules too.
// Loops with reductions, which the patterns do not take, stay sequential.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_PARALLELIZEHOSTLOOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct ParallelizeHostLoopsPass
    : public mlirc::impl::ParallelizeHostLoopsBase<ParallelizeHostLoopsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, async::AsyncDialect, func::FuncDialect,
                    scf::SCFDialect>();
  }

  void runOnOperation() override {
    SmallVector<Operation *> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (isa<scf::ParallelOp>(op))
        loops.push_back(op);
      return WalkResult::advance();
    });
    if (loops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    async::populateAsyncParallelForPatterns(
        patterns, /*asyncDispatch=*/true, /*numWorkerThreads=*/-1,
        [](ImplicitLocOpBuilder b, scf::ParallelOp) -> Value {
          return arith::ConstantIndexOp::create(b, 1000);
        });
    GreedyRewriteConfig config;
    config.setStrictness(GreedyRewriteStrictness::ExistingOps);
    (void)applyOpPatternsGreedily(loops, std::move(patterns), config);
  }
};

} // namespace
