//===- BoundedCanonicalizer.cpp - MLIR's canonicalizer, with an end -------===//
//
// MLIR's canonicalize pass, with the same patterns and traversal, but a
// bound on everything it does in place of its iteration limit: two
// patterns undoing each other, one that never reaches a fixed point, or a
// fold that keeps succeeding in place would otherwise rewrite forever.
// MLIR's own limits count iterations and pattern applications, but not
// folds, and a fold loop inside one iteration never ends. So folding runs
// as a pattern here, iterations run one at a time, and one budget counts
// every pattern, fold and IR change across them. The budget grows with
// the IR it runs on (a function, in mlirc's pipeline); reaching it is an
// error at the op rewritten last.
//
//===----------------------------------------------------------------------===//

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
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/Support/CommandLine.h"

#include <limits>

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

/// What the greedy driver's own folding does, as a pattern tried before
/// every other one, so that each fold counts as a rewrite.
struct FoldAnyOp : public RewritePattern {
  explicit FoldAnyOp(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(),
                       PatternBenefit(std::numeric_limits<uint16_t>::max() - 1),
                       context) {}

  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    // Folding a constant gives it back as a new constant, forever. An op
    // that uses its own result exists only in unreachable code, which the
    // next iteration erases; its folds (x & x is x) change nothing.
    if (op->hasTrait<OpTrait::ConstantLike>() ||
        llvm::any_of(op->getOperands(),
                     [&](Value v) { return v.getDefiningOp() == op; }))
      return failure();
    SmallVector<OpFoldResult> folded;
    rewriter.startOpModification(op);
    if (failed(op->fold(folded))) {
      rewriter.cancelOpModification(op);
      return failure();
    }
    if (folded.empty()) {
      rewriter.finalizeOpModification(op);
      return success();
    }
    rewriter.cancelOpModification(op);
    SmallVector<Value> replacements;
    SmallVector<Operation *> made;
    for (auto [result, type] : llvm::zip_equal(folded, op->getResultTypes())) {
      if (auto value = dyn_cast<Value>(result)) {
        replacements.push_back(value);
        continue;
      }
      Operation *constant = op->getDialect()->materializeConstant(
          rewriter, cast<Attribute>(result), type, op->getLoc());
      if (!constant) {
        // Nothing is replaced, so the constants made so far are unused.
        for (Operation *unused : made)
          rewriter.eraseOp(unused);
        return failure();
      }
      made.push_back(constant);
      replacements.push_back(constant->getResult(0));
    }
    rewriter.replaceOp(op, replacements);
    return success();
  }
};

/// Counts every rewrite and IR change, and remembers the op rewritten last.
struct ChangeCounter : public RewriterBase::Listener {
  void notifyPatternBegin(const Pattern &, Operation *op) override {
    current = op->getLoc();
  }
  void notifyPatternEnd(const Pattern &, LogicalResult status) override {
    if (failed(status))
      return;
    ++changes;
    if (current)
      last = *current;
  }
  void notifyOperationInserted(Operation *, OpBuilder::InsertPoint) override {
    ++changes;
  }
  void notifyOperationModified(Operation *) override { ++changes; }
  void notifyOperationErased(Operation *) override { ++changes; }
  void notifyBlockInserted(Block *, Region *, Region::iterator) override {
    ++changes;
  }
  void notifyBlockErased(Block *) override { ++changes; }

  int64_t changes = 0;
  std::optional<Location> current, last;
};

struct BoundedCanonicalizerPass
    : public mlirc::impl::BoundedCanonicalizerBase<BoundedCanonicalizerPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    owned.add<FoldAnyOp>(context);
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
    ChangeCounter counter;
    while (counter.changes < bound) {
      GreedyRewriteConfig config;
      config.setUseTopDownTraversal(true)
          .setRegionSimplificationLevel(GreedySimplifyRegionLevel::Normal)
          .enableFolding(false)
          .setMaxIterations(1)
          .setMaxNumRewrites(bound - counter.changes)
          .setListener(&counter);
      bool changed = false;
      (void)applyPatternsGreedily(getOperation(), patterns, config, &changed);
      if (!changed)
        return;
    }
    Location at = counter.last.value_or(getOperation()->getLoc());
    emitError(at) << "internal compiler error in pass " << getArgument()
                  << " (MLIR's canonicalizer): " << bound
                  << " rewrites without reaching a fixed point, a rewrite "
                     "loop in MLIR's patterns at this op; please report it "
                     "with the input";
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
