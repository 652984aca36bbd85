//===- TaggedBuffers.cpp - Loops that carry which buffer, not it ----------===//
//
// See TaggedBuffers.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/TaggedBuffers.h"
#include "pipeline/PermutedBuffers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

namespace {
/// More buffers would make each carried memref a long chain of selects.
constexpr unsigned maxBuffers = 8;

/// The buffers a loop's carried memrefs are among.
struct Buffers {
  scf::ForOp loop;
  SetVector<Value> buffers;

  /// Whether \p value, yielded by a trip, is one of the buffers: one
  /// defined before the loop, a carried memref, or a select of those.
  bool resolve(Value value, unsigned depth) {
    if (depth > 16)
      return false;
    if (auto arg = dyn_cast<BlockArgument>(value))
      if (arg.getOwner() == loop.getBody())
        return arg != loop.getInductionVar();
    if (!loop->isAncestor(value.getParentRegion()->getParentOp())) {
      buffers.insert(value);
      return buffers.size() <= maxBuffers;
    }
    auto select = value.getDefiningOp<arith::SelectOp>();
    return select && resolve(select.getTrueValue(), depth + 1) &&
           resolve(select.getFalseValue(), depth + 1);
  }

  /// The buffer \p tag names: a chain of selects.
  Value choose(OpBuilder &builder, Location loc, Value tag) {
    Value chosen = buffers.back();
    for (int k = buffers.size() - 2; k >= 0; --k) {
      Value is = arith::CmpIOp::create(
          builder, loc, arith::CmpIPredicate::eq, tag,
          arith::ConstantIntOp::create(builder, loc, k, 32));
      chosen = arith::SelectOp::create(builder, loc, is, buffers[k], chosen);
    }
    return chosen;
  }

  Value constantTag(OpBuilder &builder, Location loc, Value buffer) {
    return arith::ConstantIntOp::create(
        builder, loc, llvm::find(buffers, buffer) - buffers.begin(), 32);
  }
};

/// Erases the selects and comparisons of \p chain that nothing uses.
void eraseUnusedChain(RewriterBase &rewriter, Value chain) {
  SmallVector<Operation *> worklist;
  if (Operation *op = chain.getDefiningOp())
    worklist.push_back(op);
  while (!worklist.empty()) {
    Operation *op = worklist.pop_back_val();
    if (!op->use_empty() ||
        !isa<arith::SelectOp, arith::CmpIOp, arith::ConstantOp>(op))
      continue;
    SmallVector<Value> operands(op->getOperands());
    rewriter.eraseOp(op);
    for (Value operand : operands)
      if (Operation *def = operand.getDefiningOp())
        worklist.push_back(def);
  }
}

/// The tag of \p value, which Buffers::resolve accepted: \p tags maps each
/// carried memref (its chain of selects by now) to its tag.
Value getTag(OpBuilder &builder, Buffers &buffers, Value value,
             DenseMap<Value, Value> &tags) {
  if (Value tag = tags.lookup(value))
    return tag;
  Location loc = value.getLoc();
  Value tag;
  if (auto select = value.getDefiningOp<arith::SelectOp>();
      select && buffers.loop->isAncestor(select)) {
    Value onTrue = getTag(builder, buffers, select.getTrueValue(), tags);
    Value onFalse = getTag(builder, buffers, select.getFalseValue(), tags);
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointAfter(select);
    tag = arith::SelectOp::create(builder, loc, select.getCondition(), onTrue,
                                  onFalse);
  } else {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(buffers.loop.getBody());
    tag = buffers.constantTag(builder, loc, value);
  }
  tags[value] = tag;
  return tag;
}

void tagBuffers(scf::ForOp loop) {
  auto yield = cast<scf::YieldOp>(loop.getBody()->getTerminator());
  Buffers buffers{loop, {}};
  SmallVector<unsigned> carried;
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
    if (!isa<MemRefType>(init.getType()))
      continue;
    buffers.buffers.insert(init);
    if (!buffers.resolve(yield.getOperand(index), 0))
      return;
    carried.push_back(index);
  }
  if (carried.empty() || buffers.buffers.size() > maxBuffers)
    return;
  auto isCarried = [&](unsigned index) {
    return llvm::is_contained(carried, index);
  };

  Location loc = loop.getLoc();
  IRRewriter rewriter(loop->getContext());
  rewriter.setInsertionPoint(loop);
  SmallVector<Value> inits;
  SmallVector<unsigned> kept;
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs()))
    if (!isCarried(index)) {
      inits.push_back(init);
      kept.push_back(index);
    }
  for (unsigned index : carried)
    inits.push_back(
        buffers.constantTag(rewriter, loc, loop.getInitArgs()[index]));
  scf::ForOp replacement = mlirc::createLoopLike(rewriter, loop, inits);
  Block *body = replacement.getBody();

  // In the trip: each carried memref, chosen by its tag.
  rewriter.setInsertionPointToStart(body);
  ValueRange newArgs = replacement.getRegionIterArgs();
  DenseMap<Value, Value> tags;
  SmallVector<Value> arguments = {replacement.getInductionVar()};
  SmallVector<Value> chains;
  for (auto [index, init] : llvm::enumerate(loop.getInitArgs())) {
    if (!isCarried(index)) {
      arguments.push_back(newArgs[llvm::find(kept, index) - kept.begin()]);
      continue;
    }
    Value tag =
        newArgs[kept.size() + (llvm::find(carried, index) - carried.begin())];
    Value chosen = buffers.choose(rewriter, loc, tag);
    tags[chosen] = tag;
    chains.push_back(chosen);
    arguments.push_back(chosen);
  }
  rewriter.mergeBlocks(loop.getBody(), body, arguments);
  buffers.loop = replacement;

  // What the trips yield: the kept values and the tags.
  auto oldYield = cast<scf::YieldOp>(body->getTerminator());
  SmallVector<Value> yielded;
  for (unsigned index : kept)
    yielded.push_back(oldYield.getOperand(index));
  for (unsigned index : carried)
    yielded.push_back(
        getTag(rewriter, buffers, oldYield.getOperand(index), tags));
  rewriter.setInsertionPoint(oldYield);
  scf::YieldOp::create(rewriter, oldYield.getLoc(), yielded);
  rewriter.eraseOp(oldYield);
  // A chain only the old yield used is no choice the trip makes.
  for (Value chain : chains)
    eraseUnusedChain(rewriter, chain);

  // After the loop: each result, chosen by its tag.
  rewriter.setInsertionPointAfter(replacement);
  for (auto [index, result] : llvm::enumerate(loop.getResults())) {
    if (!isCarried(index)) {
      result.replaceAllUsesWith(
          replacement.getResult(llvm::find(kept, index) - kept.begin()));
      continue;
    }
    if (result.use_empty())
      continue;
    Value tag = replacement.getResult(
        kept.size() + (llvm::find(carried, index) - carried.begin()));
    result.replaceAllUsesWith(buffers.choose(rewriter, loc, tag));
  }
  rewriter.eraseOp(loop);
}
} // namespace

void mlirc::tagCarriedBuffers(Operation *root,
                              function_ref<bool(Operation *)> wanted) {
  // Inner loops first: an outer loop's trip may hold one.
  SmallVector<scf::ForOp> loops;
  root->walk([&](scf::ForOp loop) {
    if (wanted(loop))
      loops.push_back(loop);
  });
  for (scf::ForOp loop : loops)
    tagBuffers(loop);
}
