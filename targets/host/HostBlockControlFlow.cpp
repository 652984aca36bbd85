//===- HostBlockControlFlow.cpp - Block-level control flow on the host ----===//
//
// The ops of a kernel body run as a sequence of thread loops, split at
// barriers, shuffles and reductions. Loops and branches holding those run at
// block level, around thread loops of their own; so do loops with the same
// bounds in every thread, several iterations per thread loop when they are
// small and carry values (unroll and jam). Values carried by block-level
// loops and branches are kept per thread in buffers. See HostBlockFunction.h.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostBlockFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <functional>

using namespace mlir;
using namespace mlirc::host;

/// Stores \p values (one per thread) into \p targets, loading them all
/// first so that swaps between loop-carried values stay correct.
static LogicalResult storeEach(ValueRange values, ArrayRef<Value> targets,
                               function_ref<LogicalResult(Value)> materialize,
                               function_ref<Value(Value)> lookup, OpBuilder &b,
                               Location loc, Value linear) {
  SmallVector<Value> loaded;
  for (Value value : values) {
    if (failed(materialize(value)))
      return failure();
    loaded.push_back(lookup(value));
  }
  for (auto [value, target] : llvm::zip(loaded, targets))
    memref::StoreOp::create(b, loc, value, target, ValueRange{linear});
  return success();
}

LogicalResult BlockFunctionBuilder::storePerThread(ValueRange values,
                                                   ArrayRef<Value> targets) {
  return emitThreadLoop([&](ThreadScope &scope) {
    return storeEach(
        values, targets, [&](Value v) { return materialize(v, scope); },
        [&](Value v) { return scope.mapping.lookup(v); }, scope.builder, loc,
        scope.linear);
  });
}

unsigned BlockFunctionBuilder::getJamFactor(scf::ForOp forOp) {
  constexpr unsigned factor = 4;
  constexpr unsigned maxBodyOps = 32;
  if (forOp.getInitArgs().empty() || forOp.getUnsignedCmp() ||
      containsCrossThread(forOp))
    return 1;
  // Small bodies only, and none with loops of their own: those run around
  // the thread loops too.
  unsigned bodyOps = 0;
  bool hasLoop = false;
  forOp.getBody()->walk([&](Operation *op) {
    ++bodyOps;
    hasLoop |= isa<LoopLikeOpInterface>(op);
  });
  if (hasLoop || bodyOps > maxBodyOps)
    return 1;
  std::optional<APInt> trips = forOp.getStaticTripCount();
  if (trips && trips->ult(factor))
    return 1;
  return factor;
}

LogicalResult BlockFunctionBuilder::emitFor(scf::ForOp forOp) {
  FailureOr<Value> lb = uniformValue(forOp.getLowerBound());
  FailureOr<Value> ub = uniformValue(forOp.getUpperBound());
  FailureOr<Value> step = uniformValue(forOp.getStep());
  if (failed(lb) || failed(ub) || failed(step))
    return forOp.emitError("the bounds of a loop holding '")
           << getCrossThreadOpName(forOp)
           << "' must be the same for all threads";
  SmallVector<Value> carried;
  for (Value init : forOp.getInitArgs()) {
    if (isa<MemRefType>(init.getType()))
      return forOp.emitError("a loop holding '")
             << getCrossThreadOpName(forOp)
             << "' cannot carry a memref on the host target";
    carried.push_back(newBuffer(init.getType()));
  }
  if (!carried.empty() && failed(storePerThread(forOp.getInitArgs(), carried)))
    return failure();
  for (auto [arg, buffer] : llvm::zip(forOp.getRegionIterArgs(), carried))
    buffers[arg] = buffer;

  Value lower = *lb;
  if (unsigned factor = getJamFactor(forOp); factor > 1) {
    // Whole groups of `factor` iterations, then the rest one by one.
    Value zero = constant(builder, 0);
    Value span = arith::MaxSIOp::create(
        builder, loc, arith::SubIOp::create(builder, loc, *ub, *lb), zero);
    Value trips = arith::CeilDivSIOp::create(builder, loc, span, *step);
    Value groups =
        arith::DivSIOp::create(builder, loc, trips, constant(builder, factor));
    Value groupSpan = arith::MulIOp::create(
        builder, loc, groups,
        arith::MulIOp::create(builder, loc, *step, constant(builder, factor)));
    Value groupsEnd = arith::AddIOp::create(builder, loc, *lb, groupSpan);
    if (failed(emitIterations(forOp, *lb, groupsEnd, *step, carried, factor)))
      return failure();
    std::optional<APInt> staticTrips = forOp.getStaticTripCount();
    bool noRest = staticTrips && staticTrips->urem(factor) == 0;
    lower = noRest ? Value() : groupsEnd;
  }
  if (lower && failed(emitIterations(forOp, lower, *ub, *step, carried, 1)))
    return failure();
  for (auto [result, buffer] : llvm::zip(forOp.getResults(), carried))
    buffers[result] = buffer;
  return success();
}

LogicalResult BlockFunctionBuilder::emitIterations(scf::ForOp forOp, Value lb,
                                                   Value ub, Value step,
                                                   ArrayRef<Value> carried,
                                                   unsigned factor) {
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  OpBuilder::InsertPoint after = builder.saveInsertionPoint();
  llvm::scope_exit restore([&] { builder.restoreInsertionPoint(after); });
  if (factor > 1) {
    // One thread loop runs `factor` iterations, each thread in order; the
    // threads are independent between barriers, so this is legal.
    Value groupStep =
        arith::MulIOp::create(builder, loc, step, constant(builder, factor));
    auto hostLoop = scf::ForOp::create(builder, loc, lb, ub, groupStep);
    builder.setInsertionPoint(hostLoop.getBody()->getTerminator());
    SmallVector<Value> ivs = {hostLoop.getInductionVar()};
    for (unsigned i = 1; i < factor; ++i)
      ivs.push_back(arith::AddIOp::create(
          builder, loc, hostLoop.getInductionVar(),
          arith::MulIOp::create(builder, loc, step, constant(builder, i))));
    return emitThreadLoop([&](ThreadScope &scope) -> LogicalResult {
      for (auto [arg, buffer] : llvm::zip(forOp.getRegionIterArgs(), carried))
        scope.mapping.map(arg, memref::LoadOp::create(scope.builder, loc,
                                                      buffer, scope.linear));
      for (Value iv : ivs) {
        scope.mapping.map(forOp.getInductionVar(), iv);
        for (Operation &op : forOp.getBody()->without_terminator())
          if (failed(cloneIntoThread(&op, scope)))
            return failure();
        SmallVector<Value> next;
        for (Value operand : yield.getOperands()) {
          if (failed(materialize(operand, scope)))
            return failure();
          next.push_back(scope.mapping.lookup(operand));
        }
        for (auto [arg, value] : llvm::zip(forOp.getRegionIterArgs(), next))
          scope.mapping.map(arg, value);
      }
      for (auto [arg, buffer] : llvm::zip(forOp.getRegionIterArgs(), carried))
        memref::StoreOp::create(scope.builder, loc, scope.mapping.lookup(arg),
                                buffer, scope.linear);
      return success();
    });
  }

  // A yielded value computed in the body after the last read of its
  // loop-carried value is stored straight into the carried buffer, saving
  // a copy per iteration.
  SmallVector<bool> storedInPlace(carried.size(), false);
  for (auto [i, operand] : llvm::enumerate(yield.getOperands())) {
    Operation *def = operand.getDefiningOp();
    // Only values a thread loop computes: loops, branches and block-wide
    // reductions bring buffers of their own.
    if (!def || def->getBlock() != forOp.getBody() || !operand.hasOneUse() ||
        isa<MemRefType>(operand.getType()) ||
        isa<scf::ForOp, scf::IfOp, gpu::AllReduceOp>(def))
      continue;
    auto it = buffers.find(operand);
    if (it != buffers.end() && it->second != carried[i])
      continue;
    BlockArgument carriedArg = forOp.getRegionIterArgs()[i];
    // A shuffle or reduction of the carried value reads the other threads'
    // rows of its buffer, in a thread loop that may also compute the
    // yielded value: storing that in place would let a later thread read
    // an earlier thread's next value.
    if (llvm::any_of(carriedArg.getUsers(),
                     [](Operation *u) { return isCrossThread(u); }))
      continue;
    bool readsBefore = llvm::all_of(carriedArg.getUsers(), [&](Operation *u) {
      Operation *top = forOp.getBody()->findAncestorOpInBlock(*u);
      return top && (top == def || top->isBeforeInBlock(def));
    });
    if (!readsBefore)
      continue;
    buffers[operand] = carried[i];
    storedInPlace[i] = true;
  }

  auto hostLoop = scf::ForOp::create(builder, loc, lb, ub, step);
  uniform.map(forOp.getInductionVar(), hostLoop.getInductionVar());
  builder.setInsertionPoint(hostLoop.getBody()->getTerminator());
  SmallVector<Value> toCopy, copyTargets;
  for (auto [i, operand] : llvm::enumerate(yield.getOperands()))
    if (!storedInPlace[i]) {
      toCopy.push_back(operand);
      copyTargets.push_back(carried[i]);
    }
  return emitBody(forOp.getBody(), toCopy, copyTargets);
}

LogicalResult BlockFunctionBuilder::emitIf(scf::IfOp ifOp) {
  FailureOr<Value> condition = uniformValue(ifOp.getCondition());
  if (failed(condition))
    return ifOp.emitError("the condition of a branch holding '")
           << getCrossThreadOpName(ifOp)
           << "' must be the same for all threads";
  SmallVector<Value> results;
  for (Type type : ifOp.getResultTypes()) {
    if (isa<MemRefType>(type))
      return ifOp.emitError("a branch holding '")
             << getCrossThreadOpName(ifOp)
             << "' cannot yield a memref on the host target";
    results.push_back(newBuffer(type));
  }
  auto hostIf =
      scf::IfOp::create(builder, loc, *condition,
                        /*withElseRegion=*/!ifOp.getElseRegion().empty());
  OpBuilder::InsertPoint after = builder.saveInsertionPoint();
  for (auto [source, target] :
       llvm::zip(ifOp->getRegions(), hostIf->getRegions())) {
    if (source.empty())
      continue;
    builder.setInsertionPoint(target.front().getTerminator());
    auto yield = cast<scf::YieldOp>(source.front().getTerminator());
    if (failed(emitBody(&source.front(), yield.getOperands(), results)))
      return failure();
  }
  builder.restoreInsertionPoint(after);
  for (auto [result, buffer] : llvm::zip(ifOp.getResults(), results))
    buffers[result] = buffer;
  return success();
}

LogicalResult BlockFunctionBuilder::emitWhile(scf::WhileOp whileOp) {
  auto isMemRef = [](Type t) { return isa<MemRefType>(t); };
  if (llvm::any_of(whileOp.getInits().getTypes(), isMemRef) ||
      llvm::any_of(whileOp.getResultTypes(), isMemRef))
    return whileOp.emitError("a loop holding '")
           << getCrossThreadOpName(whileOp)
           << "' cannot carry a memref on the host target";
  // Per thread: the values the loop carries into its condition, and those
  // the condition forwards to the body and, at the end, to the results.
  SmallVector<Value> carried, forwarded;
  for (Type type : whileOp.getInits().getTypes())
    carried.push_back(newBuffer(type));
  for (Type type : whileOp.getResultTypes())
    forwarded.push_back(newBuffer(type));
  if (!carried.empty() && failed(storePerThread(whileOp.getInits(), carried)))
    return failure();
  for (auto [arg, buffer] : llvm::zip(whileOp.getBeforeArguments(), carried))
    buffers[arg] = buffer;
  for (auto [arg, result, buffer] : llvm::zip(
           whileOp.getAfterArguments(), whileOp.getResults(), forwarded)) {
    buffers[arg] = buffer;
    buffers[result] = buffer;
  }

  OpBuilder::InsertPoint after = builder.saveInsertionPoint();
  llvm::scope_exit restore([&] { builder.restoreInsertionPoint(after); });
  auto hostWhile =
      scf::WhileOp::create(builder, loc, TypeRange(), ValueRange());
  builder.createBlock(&hostWhile.getBefore());
  scf::ConditionOp condition = whileOp.getConditionOp();
  if (failed(emitBody(whileOp.getBeforeBody(), condition.getArgs(), forwarded)))
    return failure();
  FailureOr<Value> more = uniformValue(condition.getCondition());
  if (failed(more))
    return whileOp.emitError("the condition of a loop holding '")
           << getCrossThreadOpName(whileOp)
           << "' must be the same for all threads";
  scf::ConditionOp::create(builder, loc, *more, ValueRange());

  builder.createBlock(&hostWhile.getAfter());
  if (failed(emitBody(whileOp.getAfterBody(),
                      whileOp.getYieldOp().getOperands(), carried)))
    return failure();
  scf::YieldOp::create(builder, loc);
  return success();
}

LogicalResult BlockFunctionBuilder::emitBody(Block *block, ValueRange results,
                                             ArrayRef<Value> targets) {
  SmallVector<Operation *> ops;
  for (Operation &op : block->without_terminator())
    ops.push_back(&op);
  if (failed(emitSequence(ops)))
    return failure();
  if (targets.empty())
    return success();
  return storePerThread(results, targets);
}

bool BlockFunctionBuilder::keepsMemoryInThread(ArrayRef<Operation *> segment) {
  llvm::SmallPtrSet<Operation *, 16> inSegment(segment.begin(), segment.end());
  std::function<bool(Value)> canMaterialize = [&](Value value) {
    if (!isa<MemRefType>(value.getType()) || uniform.contains(value) ||
        hasPrivateRows(value))
      return true;
    // Views are recomputed from what they view.
    Operation *def = value.getDefiningOp();
    return def && isPure(def) && def->getNumRegions() == 0 &&
           llvm::all_of(def->getOperands(), canMaterialize);
  };
  for (Operation *op : segment)
    for (Value result : op->getResults())
      if (!canMaterialize(result) &&
          llvm::any_of(result.getUsers(), [&](Operation *user) {
            Operation *top = op->getBlock()->findAncestorOpInBlock(*user);
            return !top || !inSegment.contains(top);
          }))
        return true;
  return false;
}

LogicalResult BlockFunctionBuilder::emitSequence(ArrayRef<Operation *> ops) {
  SmallVector<Operation *> segment;
  for (Operation *op : ops) {
    if (auto forOp = dyn_cast<scf::ForOp>(op);
        forOp && !containsCrossThread(op) && isUniformLoop(forOp) &&
        !keepsMemoryInThread(segment)) {
      // Between barriers the threads are independent, so a loop with the
      // same bounds in every thread can run around the thread loop rather
      // than inside it: the thread loop becomes innermost and vectorizes
      // across threads (work-item loops innermost).
      if (failed(emitSegment(segment)) || failed(emitFor(forOp)))
        return failure();
      segment.clear();
      continue;
    }
    if (!containsCrossThread(op)) {
      segment.push_back(op);
      continue;
    }
    if (failed(emitSegment(segment)))
      return failure();
    segment.clear();
    if (isa<gpu::BarrierOp>(op))
      continue; // the end of a thread loop is the barrier
    if (isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(op)) {
      // Reads what every thread stored before it: starts a thread loop.
      segment.push_back(op);
      continue;
    }
    LogicalResult emitted = success();
    if (auto reduce = dyn_cast<gpu::AllReduceOp>(op))
      emitted = emitAllReduce(reduce);
    else if (auto forOp = dyn_cast<scf::ForOp>(op))
      emitted = emitFor(forOp);
    else if (auto ifOp = dyn_cast<scf::IfOp>(op))
      emitted = emitIf(ifOp);
    else if (auto whileOp = dyn_cast<scf::WhileOp>(op))
      emitted = emitWhile(whileOp);
    else
      return op->emitError("mlirc's host target supports gpu.barrier, "
                           "shuffles and reductions inside scf.for, "
                           "scf.while, scf.if and scf.index_switch only");
    if (failed(emitted))
      return failure();
  }
  return emitSegment(segment);
}
