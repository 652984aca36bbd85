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
#include "pipeline/BufferAliases.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
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

/// Whether every write in \p loop is to a buffer allocated inside it (through
/// views of it), so that no buffer from outside changes while it runs.
static bool writesOnlyItsOwnBuffers(scf::ForOp loop) {
  auto isOwnBuffer = [&](Value buffer) {
    buffer = mlirc::getViewRoot(buffer);
    return isAllocation(buffer) &&
           loop->isProperAncestor(buffer.getDefiningOp());
  };
  WalkResult result = loop.getBody()->walk([&](Operation *op) {
    if (op->hasTrait<OpTrait::HasRecursiveMemoryEffects>())
      return WalkResult::advance();
    auto effects = dyn_cast<MemoryEffectOpInterface>(op);
    if (!effects)
      return WalkResult::interrupt();
    SmallVector<MemoryEffects::EffectInstance> instances;
    effects.getEffects(instances);
    for (const MemoryEffects::EffectInstance &effect : instances) {
      if (!isa<MemoryEffects::Write>(effect.getEffect()))
        continue;
      Value buffer = effect.getValue();
      if (!buffer || !isOwnBuffer(buffer))
        return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return !result.wasInterrupted();
}

/// Whether something may write through \p buffer or what may be it: an op
/// that writes it, or one that passes it on (a call, a loop, a yield).
static bool mayBeWrittenThrough(Value buffer) {
  bool written = false;
  mlirc::forEachAliasUse(buffer, [&](OpOperand &use) {
    if (mlirc::mayWriteAt(use) ||
        use.getOwner()->hasTrait<OpTrait::IsTerminator>())
      written = true;
  });
  return written;
}

namespace {
/// The carried buffers of a loop that can stay in place.
struct CarriedInPlace {
  SmallVector<unsigned> indices;
  /// Those that start as a buffer from outside the loop, which no trip
  /// writes: they start as a copy of it instead.
  SmallVector<unsigned> copiedStarts;
};
} // namespace

/// The carried buffers of \p loop that can stay in place, if all of them
/// that the loop may swap for others can; none otherwise.
static CarriedInPlace canCarryInPlace(scf::ForOp loop, bool isBufferized) {
  CarriedInPlace carried;
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  std::optional<bool> writesOwnOnly;
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
    auto type = dyn_cast<MemRefType>(init.getType());
    if (!type)
      continue;
    Value yielded = yield.getOperand(index);
    // Carried unchanged, it is one buffer throughout.
    if (yielded == loop.getRegionIterArg(index))
      continue;
    auto argument = dyn_cast<BlockArgument>(yielded);
    bool isCarried = argument && argument.getOwner() == loop.getBody() &&
                     argument.getArgNumber() > 0;
    bool isMadeInTrip = isAllocation(yielded) &&
                        loop->isProperAncestor(yielded.getDefiningOp());
    if (!type.hasStaticShape() || (!isCarried && !isMadeInTrip))
      return {};
    carried.indices.push_back(index);
    // Made in the loop's block, the buffer is a fresh one each time the
    // loop starts (an outer loop's next trip must not see this one's).
    if (isAllocation(init) &&
        init.getDefiningOp()->getBlock() == loop->getBlock() &&
        isUsedOnlyBefore(init, loop))
      continue;
    // Any other buffer the loop starts from (an argument, a buffer read
    // later) is copied first, where nothing in the loop can write it, the
    // loop never carries it into a later trip, and nothing writes through
    // the loop's result (which is that buffer when the loop runs no trip).
    if (!writesOwnOnly)
      writesOwnOnly = writesOnlyItsOwnBuffers(loop);
    if (!isBufferized && mayBeWrittenThrough(loop.getResult(index)))
      return {};
    MemRefType start =
        MemRefType::get(type.getShape(), type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    if (!isMadeInTrip || !*writesOwnOnly ||
        !memref::CastOp::areCastCompatible(start, type))
      return {};
    carried.copiedStarts.push_back(index);
  }
  // Two carried buffers that are one buffer (at the start, or as a trip
  // yields them) see each other's writes, which copies would not; that
  // includes buffers carried unchanged.
  llvm::SmallDenseSet<Value, 8> inits, yields;
  for (auto [init, yielded] :
       llvm::zip_equal(loop.getInitArgs(), yield.getOperands()))
    if (isa<MemRefType>(init.getType()) &&
        (!inits.insert(init).second || !yields.insert(yielded).second))
      return {};
  return carried;
}

/// Makes each carried buffer of \p loop at \p indices start as a copy of
/// its buffer, allocated just before the loop as each trip allocates what
/// it yields there (on the stack or not).
static void copyStarts(scf::ForOp loop, ArrayRef<unsigned> indices) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  for (unsigned index : indices) {
    Value init = loop.getInitArgs()[index];
    auto type = cast<MemRefType>(init.getType());
    auto startType =
        MemRefType::get(type.getShape(), type.getElementType(),
                        MemRefLayoutAttrInterface(), type.getMemorySpace());
    Value start;
    if (yield.getOperand(index).getDefiningOp<memref::AllocOp>())
      start = memref::AllocOp::create(builder, loc, startType);
    else
      start = memref::AllocaOp::create(builder, loc, startType);
    memref::CopyOp::create(builder, loc, init, start);
    if (start.getType() != type)
      start = memref::CastOp::create(builder, loc, type, start);
    loop.getInitArgsMutable()[index].set(start);
  }
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

LogicalResult
mlirc::carryBuffersInPlace(Operation *kernels,
                           function_ref<bool(Operation *)> isBufferizedLoop) {
  // Inner loops first (the walk's order): an outer loop that yields an
  // inner loop's result then yields that loop's starting buffer, which the
  // outer trip allocates.
  SmallVector<scf::ForOp> loops;
  kernels->walk([&](scf::ForOp loop) { loops.push_back(loop); });
  SmallVector<Operation *> rewritten;
  for (scf::ForOp loop : loops) {
    CarriedInPlace carried =
        canCarryInPlace(loop, isBufferizedLoop && isBufferizedLoop(loop));
    if (carried.indices.empty())
      continue;
    copyStarts(loop, carried.copiedStarts);
    carryInPlace(loop, carried.indices);
    rewritten.push_back(loop);
  }
  // The iteration arguments each trip now yields unchanged go away.
  return mlirc::canonicalizeOpsWithBound<scf::ForOp>(rewritten,
                                                     "carried buffers");
}
