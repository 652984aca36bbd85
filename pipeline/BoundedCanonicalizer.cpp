//===- BoundedCanonicalizer.cpp - MLIR's canonicalizer, with an end -------===//
//
// MLIR's canonicalize pass, with the same patterns and traversal, but
// through applyPatternsWithBound (BoundedRewrites.h): a bound on every
// pattern, fold and IR change in place of its iteration limit. MLIR's
// canonicalizer never ends on a fold that keeps succeeding in place.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace mlirc {
#define GEN_PASS_DEF_BOUNDEDCANONICALIZER
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct BoundedCanonicalizerPass
    : public mlirc::impl::BoundedCanonicalizerBase<BoundedCanonicalizerPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    mlirc::addFoldingPattern(owned);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    patterns = FrozenRewritePatternSet(std::move(owned));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Normal);
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), patterns,
            "mlirc-canonicalize (MLIR's canonicalizer)", config)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void mlirc::addCanonicalizerPerFunction(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createBoundedCanonicalizer());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createBoundedCanonicalizer());
  pm.addNestedPass<gpu::GPUFuncOp>(createBoundedCanonicalizer());
}
