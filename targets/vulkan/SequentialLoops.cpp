//===- SequentialLoops.cpp - Kernel ops as scf.for nests ------------------===//

#include "targets/vulkan/SequentialLoops.h"
#include "pipeline/CopiesToLoops.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

/// The loop nest of \p loop, outermost dimension first; each reduction's
/// region combines the carried value with the one this iteration gives.
static void lowerParallel(scf::ParallelOp loop) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, loop.getLowerBound(), loop.getUpperBound(), loop.getStep(),
      loop.getInitVals(),
      [&](OpBuilder &inner, Location, ValueRange ivs,
          ValueRange carried) -> scf::ValueVector {
        IRMapping mapping;
        mapping.map(loop.getInductionVars(), ivs);
        for (Operation &op : loop.getBody()->without_terminator())
          inner.clone(op, mapping);
        scf::ValueVector next;
        for (auto [index, region] : llvm::enumerate(reduce.getReductions())) {
          Block &combine = region.front();
          IRMapping combined;
          combined.map(combine.getArgument(0), carried[index]);
          combined.map(combine.getArgument(1),
                       mapping.lookupOrDefault(reduce.getOperands()[index]));
          for (Operation &op : combine.without_terminator())
            inner.clone(op, combined);
          next.push_back(combined.lookupOrDefault(
              cast<scf::ReduceReturnOp>(combine.getTerminator()).getResult()));
        }
        return next;
      });
  loop.replaceAllUsesWith(nest.results);
  loop.erase();
}

void mlirc::lowerToSequentialLoops(Operation *kernels) {
  mlirc::lowerCopiesToLoops(kernels);
  // An scf.forall of memrefs (no results) runs its iterations in any
  // order, so as an scf.parallel, lowered below.
  SmallVector<scf::ForallOp> foralls;
  kernels->walk([&](scf::ForallOp forall) { foralls.push_back(forall); });
  IRRewriter rewriter(kernels->getContext());
  for (scf::ForallOp forall : foralls) {
    rewriter.setInsertionPoint(forall);
    (void)scf::forallToParallelLoop(rewriter, forall);
  }
  // Innermost first, so that each body cloned holds no scf.parallel.
  SmallVector<scf::ParallelOp> loops;
  kernels->walk([&](scf::ParallelOp loop) { loops.push_back(loop); });
  for (scf::ParallelOp loop : loops)
    lowerParallel(loop);
}
