//===- BoundedRewrites.cpp - Greedy rewrites that end ---------------------===//
//
// Folding runs as a pattern, iterations run one at a time, and one budget
// counts every pattern, fold and IR change across them (see the header).
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/CorrectedFolds.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "llvm/Support/CommandLine.h"

#include <limits>

using namespace mlir;

static llvm::cl::opt<int64_t> maxRewritesForTesting(
    "mlirc-max-rewrites", llvm::cl::Hidden, llvm::cl::init(0),
    llvm::cl::desc("The bound on each greedy rewrite's rewrites and IR "
                   "changes (tests only; default 10000 and 64 per op it "
                   "runs on)"));

namespace {

/// What the greedy driver's own folding does, as a pattern.
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
    std::optional<LogicalResult> corrected = mlirc::foldCorrected(op, folded);
    if (corrected ? failed(*corrected) : failed(op->fold(folded))) {
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

/// Counts every rewrite and IR change and the ops there are at most,
/// remembers the op rewritten last, and passes every notification on to the
/// caller's listener.
struct ChangeCounter : public RewriterBase::ForwardingListener {
  using ForwardingListener::ForwardingListener;

  void notifyPatternBegin(const Pattern &pattern, Operation *op) override {
    current = op->getLoc();
    ForwardingListener::notifyPatternBegin(pattern, op);
  }
  void notifyPatternEnd(const Pattern &pattern, LogicalResult status) override {
    ForwardingListener::notifyPatternEnd(pattern, status);
    if (failed(status))
      return;
    ++changes;
    if (current)
      last = *current;
  }
  void notifyOperationInserted(Operation *op,
                               OpBuilder::InsertPoint previous) override {
    ++changes;
    // A moved op was there before.
    if (!previous.isSet())
      mostOps = std::max(mostOps, ++ops);
    ForwardingListener::notifyOperationInserted(op, previous);
  }
  void notifyOperationModified(Operation *op) override {
    ++changes;
    ForwardingListener::notifyOperationModified(op);
  }
  void notifyOperationErased(Operation *op) override {
    ++changes;
    --ops;
    ForwardingListener::notifyOperationErased(op);
  }
  void notifyBlockInserted(Block *block, Region *previous,
                           Region::iterator previousIt) override {
    ++changes;
    ForwardingListener::notifyBlockInserted(block, previous, previousIt);
  }
  void notifyBlockErased(Block *block) override {
    ++changes;
    ForwardingListener::notifyBlockErased(block);
  }

  int64_t changes = 0;
  int64_t ops = 0, mostOps = 0;
  std::optional<Location> current, last;
};

} // namespace

void mlirc::addFoldingPattern(RewritePatternSet &patterns) {
  patterns.add<FoldAnyOp>(patterns.getContext());
}

/// The error for a budget of \p bound spent, at the op rewritten last.
static LogicalResult reportBound(const ChangeCounter &counter,
                                 Location fallback, StringRef pass,
                                 int64_t bound) {
  Location at = counter.last.value_or(fallback);
  return emitError(at) << "internal compiler error in pass " << pass << ": "
                       << bound
                       << " rewrites without reaching a fixed point, a "
                          "rewrite loop at this op; please report it with "
                          "the input";
}

LogicalResult
mlirc::applyPatternsWithBound(Operation *root,
                              const FrozenRewritePatternSet &patterns,
                              StringRef pass, GreedyRewriteConfig config) {
  ChangeCounter counter(config.getListener());
  root->walk([&](Operation *) { ++counter.ops; });
  counter.mostOps = counter.ops;
  // The budget grows with the IR as lowerings expand it (unrolled vectors,
  // constant arrays), up to a limit: a loop that leaves the IR as large as
  // it was reaches it, and so does one that makes the IR grow for ever.
  const int64_t mostCountedOps = 8 * counter.ops + 20000;
  auto getBound = [&] {
    return maxRewritesForTesting > 0
               ? maxRewritesForTesting
               : 10000 + 64 * std::min(counter.mostOps, mostCountedOps);
  };
  while (counter.changes < getBound()) {
    config.enableFolding(false)
        .setMaxIterations(1)
        .setMaxNumRewrites(getBound() - counter.changes)
        .setListener(&counter);
    bool changed = false;
    (void)applyPatternsGreedily(root, patterns, config, &changed);
    if (!changed)
      return success();
  }
  return reportBound(counter, root->getLoc(), pass, getBound());
}

LogicalResult mlirc::applyPatternsWithBound(Operation *root,
                                            RewritePatternSet &&patterns,
                                            StringRef pass) {
  addFoldingPattern(patterns);
  return applyPatternsWithBound(root,
                                FrozenRewritePatternSet(std::move(patterns)),
                                pass, GreedyRewriteConfig());
}

LogicalResult
mlirc::applyOpPatternsWithBound(ArrayRef<Operation *> ops,
                                RewritePatternSet &&patterns, StringRef pass,
                                GreedyRewriteStrictness strictness) {
  if (ops.empty())
    return success();
  addFoldingPattern(patterns);
  ChangeCounter counter(nullptr);
  for (Operation *op : ops)
    op->walk([&](Operation *) { ++counter.ops; });
  // One pass over the list: the driver's own count of rewrites (folds
  // among them) is the bound.
  int64_t bound = maxRewritesForTesting > 0 ? maxRewritesForTesting
                                            : 10000 + 64 * counter.ops;
  GreedyRewriteConfig config;
  config.setStrictness(strictness)
      .enableFolding(false)
      .setMaxNumRewrites(bound)
      .setListener(&counter);
  Location fallback = ops.front()->getLoc();
  if (succeeded(applyOpPatternsGreedily(
          ops, FrozenRewritePatternSet(std::move(patterns)), config)))
    return success();
  return reportBound(counter, fallback, pass, bound);
}
