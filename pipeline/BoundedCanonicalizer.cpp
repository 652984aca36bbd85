//===- BoundedCanonicalizer.cpp - MLIR's canonicalizer, with an end -------===//
//
// MLIR's canonicalize pass, with the same patterns and traversal, but a
// bound on the number of rewrites in place of its iteration limit: two
// patterns undoing each other (or one that never reaches a fixed point)
// would otherwise rewrite forever, and MLIR's own limit, on iterations
// only, does not stop a loop inside one. The bound grows with the IR it
// runs on (a function, in mlirc's pipeline); reaching it is an error that
// names the pass.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CommandLine.h"

namespace mlirc {
#define GEN_PASS_DEF_BOUNDEDCANONICALIZER
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

static llvm::cl::opt<int64_t> maxRewritesForTesting(
    "mlirc-canonicalize-max-rewrites", llvm::cl::Hidden, llvm::cl::init(0),
    llvm::cl::desc("The canonicalizer's bound on rewrites (tests only; "
                   "default 10000 and 64 per op it runs on)"));

namespace {

/// Counts the patterns that rewrote something.
struct RewriteCounter : public RewriterBase::Listener {
  void notifyPatternEnd(const Pattern &, LogicalResult status) override {
    if (succeeded(status))
      ++rewrites;
  }
  int64_t rewrites = 0;
};

struct BoundedCanonicalizerPass
    : public mlirc::impl::BoundedCanonicalizerBase<BoundedCanonicalizerPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    patterns = FrozenRewritePatternSet(std::move(owned));
    return success();
  }

  void runOnOperation() override {
    int64_t numOps = 0;
    getOperation()->walk([&](Operation *) { ++numOps; });
    int64_t bound =
        maxRewritesForTesting > 0 ? maxRewritesForTesting : 10000 + 64 * numOps;
    RewriteCounter counter;
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true)
        .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
        .setMaxIterations(GreedyRewriteConfig::kNoLimit)
        .setMaxNumRewrites(bound)
        .setListener(&counter);
    (void)applyPatternsGreedily(getOperation(), patterns, config);
    if (counter.rewrites < bound)
      return;
    getOperation()->emitError()
        << "internal compiler error in pass " << getArgument()
        << " (MLIR's canonicalizer): " << bound
        << " rewrites without reaching a fixed point, a rewrite loop in "
           "MLIR's patterns; please report it with the input";
    signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace
