//===- BoundedRewrites.h - Greedy rewrites that end -------------*- C++ -*-===//
//
// MLIR's greedy driver bounds iterations and pattern applications, but not
// folds: a fold that keeps succeeding in place, or two patterns undoing
// each other within one iteration, rewrite forever. Every greedy rewrite
// of mlirc's own goes through applyPatternsWithBound (or, on a list of
// ops, applyOpPatternsWithBound) instead, which counts every pattern and
// fold (and, on a whole op, every IR change).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_BOUNDEDREWRITES_H
#define MLIRC_PIPELINE_BOUNDEDREWRITES_H

#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {

/// Adds what the greedy driver's folding does, as a pattern tried before
/// every other one, so that each fold counts as a rewrite.
void addFoldingPattern(mlir::RewritePatternSet &patterns);

/// Applies `patterns` (which fold through addFoldingPattern, if they are to
/// fold) to `root` greedily as MLIR's driver does with `config`, one
/// iteration at a time until nothing changes, within a budget of rewrites
/// and IR changes: 10000 and 64 per op `root` has at most while they run
/// (lowerings grow the IR; a loop leaves it as large as it was). Reaching
/// it is an error at the op rewritten last, naming `pass`. An IR that only
/// grows is not caught (as in MLIR, it runs out of memory).
mlir::LogicalResult
applyPatternsWithBound(mlir::Operation *root,
                       const mlir::FrozenRewritePatternSet &patterns,
                       llvm::StringRef pass, mlir::GreedyRewriteConfig config);

/// The same with MLIR's folding (as the driver's default does).
mlir::LogicalResult applyPatternsWithBound(mlir::Operation *root,
                                           mlir::RewritePatternSet &&patterns,
                                           llvm::StringRef pass);

/// The same for the ops \p ops (and, by \p strictness, those the rewrites
/// make) only, as MLIR's applyOpPatternsGreedily, with MLIR's folding: a
/// budget of 10000 rewrites and folds and 64 per op in \p ops.
mlir::LogicalResult
applyOpPatternsWithBound(llvm::ArrayRef<mlir::Operation *> ops,
                         mlir::RewritePatternSet &&patterns,
                         llvm::StringRef pass,
                         mlir::GreedyRewriteStrictness strictness =
                             mlir::GreedyRewriteStrictness::ExistingAndNewOps);

/// \p OpT's canonicalization of \p ops only (the results a rewrite left
/// unused, the iteration arguments it left unchanged), within the bound.
template <typename OpT>
mlir::LogicalResult
canonicalizeOpsWithBound(llvm::ArrayRef<mlir::Operation *> ops,
                         llvm::StringRef pass) {
  if (ops.empty())
    return mlir::success();
  mlir::MLIRContext *context = ops.front()->getContext();
  mlir::RewritePatternSet patterns(context);
  OpT::getCanonicalizationPatterns(patterns, context);
  return applyOpPatternsWithBound(ops, std::move(patterns), pass,
                                  mlir::GreedyRewriteStrictness::ExistingOps);
}

} // namespace mlirc

#endif // MLIRC_PIPELINE_BOUNDEDREWRITES_H
