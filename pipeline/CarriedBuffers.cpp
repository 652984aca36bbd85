//===- CarriedBuffers.cpp - Loop-carried buffers in kernels ---------------===//
//
// See CarriedBuffers.h. The buffer a loop starts with holds, at the start
// of each trip, what the original loop's carried buffer holds then; nothing
// else sees it (the conditions in canCarryInPlace), so the loop's results
// may be that buffer.
//
//===----------------------------------------------------------------------===//

#include "pipeline/CarriedBuffers.h"
#include "pipeline/BoundedRewrites.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

/// Whether \p value is a buffer an allocation makes (a fresh one each time
/// it runs).
static bool isAllocation(Value value) {
  Operation *def = value.getDefiningOp();
  return def && isa<memref::AllocOp, memref::AllocaOp>(def);
}

/// Whether every use of \p buffer other than as \p loop's operand is
/// before \p loop in its block (or inside ops there), or deallocates it.
static bool isUsedOnlyBefore(Value buffer, scf::ForOp loop) {
  Block *block = loop->getBlock();
  for (OpOperand &use : buffer.getUses()) {
    Operation *user = use.getOwner();
    if (user == loop || isa<memref::DeallocOp>(user))
      continue;
    Operation *ancestor = block->findAncestorOpInBlock(*user);
    if (!ancestor || ancestor == loop || !ancestor->isBeforeInBlock(loop))
      return false;
  }
  return true;
}

/// The indices of \p loop's carried buffers, if all of them can stay in
/// place; none otherwise.
static SmallVector<unsigned> canCarryInPlace(scf::ForOp loop) {
  SmallVector<unsigned> carried;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
    auto type = dyn_cast<MemRefType>(init.getType());
    if (!type)
      continue;
    // Made in the loop's block, the buffer is a fresh one each time the
    // loop starts (an outer loop's next trip must not see this one's).
    if (!type.hasStaticShape() || !isAllocation(init) ||
        init.getDefiningOp()->getBlock() != loop->getBlock() ||
        !isUsedOnlyBefore(init, loop))
      return {};
    Value yielded = yield.getOperand(index);
    auto argument = dyn_cast<BlockArgument>(yielded);
    bool isCarried = argument && argument.getOwner() == loop.getBody() &&
                     argument.getArgNumber() > 0;
    bool isMadeInTrip = isAllocation(yielded) &&
                        loop->isProperAncestor(yielded.getDefiningOp());
    if (!isCarried && !isMadeInTrip)
      return {};
    carried.push_back(index);
  }
  // Two carried buffers that are one buffer (at the start, or as a trip
  // yields them) see each other's writes, which copies would not.
  llvm::SmallDenseSet<Value, 8> inits, yields;
  for (unsigned index : carried)
    if (!inits.insert(loop.getInitArgs()[index]).second ||
        !yields.insert(yield.getOperand(index)).second)
      return {};
  return carried;
}

/// Rewrites \p loop so that its carried buffers at \p carried are the
/// buffers it starts with: each trip ends by copying what it yields into
/// them (through copies of its own where it yields another carried one),
/// and then yields them unchanged, which MLIR's loop folding removes.
static void carryInPlace(scf::ForOp loop, ArrayRef<unsigned> carried) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  OpBuilder builder(yield);
  Location loc = loop.getLoc();
  // What each trip yields, read before any carried buffer is written.
  SmallVector<Value> sources;
  for (unsigned index : carried) {
    Value yielded = yield.getOperand(index);
    BlockArgument argument = loop.getRegionIterArg(index);
    if (yielded == argument || !isa<BlockArgument>(yielded)) {
      sources.push_back(yielded);
      continue;
    }
    auto type = cast<MemRefType>(yielded.getType());
    Value copy = memref::AllocaOp::create(
        builder, loc,
        MemRefType::get(type.getShape(), type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace()));
    memref::CopyOp::create(builder, loc, yielded, copy);
    sources.push_back(copy);
  }
  for (auto [index, source] : llvm::zip_equal(carried, sources)) {
    BlockArgument argument = loop.getRegionIterArg(index);
    Value init = loop.getInitArgs()[index];
    if (source != argument)
      memref::CopyOp::create(builder, loc, source, init);
    yield.setOperand(index, argument);
  }
  for (unsigned index : carried) {
    Value init = loop.getInitArgs()[index];
    loop.getRegionIterArg(index).replaceAllUsesExcept(init, yield);
    loop.getResult(index).replaceAllUsesWith(init);
  }
}

LogicalResult mlirc::carryBuffersInPlace(Operation *kernels) {
  // Inner loops first (the walk's order): an outer loop that yields an
  // inner loop's result then yields that loop's starting buffer, which the
  // outer trip allocates.
  SmallVector<scf::ForOp> loops;
  kernels->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  SmallVector<Operation *> rewritten;
  for (scf::ForOp loop : loops) {
    SmallVector<unsigned> carried = canCarryInPlace(loop);
    if (carried.empty())
      continue;
    carryInPlace(loop, carried);
    rewritten.push_back(loop);
  }
  if (rewritten.empty())
    return success();
  // The iteration arguments each trip now yields unchanged go away.
  RewritePatternSet patterns(kernels->getContext());
  scf::ForOp::getCanonicalizationPatterns(patterns, kernels->getContext());
  return mlirc::applyOpPatternsWithBound(rewritten, std::move(patterns),
                                         "carried buffers",
                                         GreedyRewriteStrictness::ExistingOps);
}
