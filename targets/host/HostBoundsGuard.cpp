//===- HostBoundsGuard.cpp - Bounds guards as the x thread loop's range ---===//
//
// GPU kernels guard their body by the thread's position: `if (i < n)`, or
// a stencil's `if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)`. Inside the
// host target's x thread loop such a branch around stores keeps LLVM from
// vectorizing. So the conjuncts on the x id become the x loop's range, and
// those the same across x (on y ids, or block-level) make that range empty
// where they fail: the body then runs without a branch. Other conjuncts
// stay a branch in the loop.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostBlockFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;
using namespace mlirc::host;

namespace {

/// \p predicate with its operands swapped (a < b as b > a).
arith::CmpIPredicate swapped(arith::CmpIPredicate predicate) {
  using P = arith::CmpIPredicate;
  switch (predicate) {
  case P::slt:
    return P::sgt;
  case P::sgt:
    return P::slt;
  case P::sle:
    return P::sge;
  case P::sge:
    return P::sle;
  case P::ult:
    return P::ugt;
  case P::ugt:
    return P::ult;
  case P::ule:
    return P::uge;
  case P::uge:
    return P::ule;
  default:
    return predicate;
  }
}

} // namespace

Value BlockFunctionBuilder::computeBeforeXLoop(Value value, OpBuilder *b,
                                               Value tidY, Value tidZ,
                                               IRMapping &mapping,
                                               unsigned depth) {
  if (Value mapped = mapping.lookupOrNull(value))
    return mapped;
  if (Value blockLevel = uniform.lookupOrNull(value))
    return blockLevel;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8)
    return {};
  auto threadId = [&](gpu::Dimension dim) -> Value {
    if (dim == gpu::Dimension::x)
      return {};
    // Any non-null value says "can" when only asked.
    if (!b)
      return value;
    return dim == gpu::Dimension::y ? tidY : tidZ;
  };
  Value result;
  if (auto id = dyn_cast<gpu::ThreadIdOp>(def)) {
    result = threadId(id.getDimension());
  } else if (auto id = dyn_cast<gpu::GlobalIdOp>(def)) {
    result = threadId(id.getDimension());
    if (result && b) {
      unsigned dim = static_cast<unsigned>(id.getDimension());
      Value base = arith::MulIOp::create(*b, loc, blockIds[dim], blockDims[dim]);
      result = arith::AddIOp::create(*b, loc, base, result);
    }
  } else if (isa<arith::ArithDialect>(def->getDialect()) && isPure(def) &&
             def->getNumRegions() == 0 && def->getNumResults() == 1) {
    SmallVector<Value> operands;
    for (Value operand : def->getOperands()) {
      Value computed =
          computeBeforeXLoop(operand, b, tidY, tidZ, mapping, depth + 1);
      if (!computed)
        return {};
      operands.push_back(computed);
    }
    if (!b)
      return value;
    Operation *copy = b->clone(*def);
    copy->setOperands(operands);
    result = copy->getResult(0);
  }
  if (result && b)
    mapping.map(value, result);
  return result;
}

BlockFunctionBuilder::BoundsGuard
BlockFunctionBuilder::findBoundsGuard(ArrayRef<Operation *> ops) {
  auto guard = dyn_cast<scf::IfOp>(ops.back());
  if (!guard || guard.getNumResults() != 0 || !guard.getElseRegion().empty())
    return {};
  // The ops before the guard must be free of effects and used only here:
  // threads outside the range no longer run them.
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  for (Operation *op : ops.drop_back()) {
    if (!isPure(op) || op->getNumRegions() != 0)
      return {};
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = op->getBlock()->findAncestorOpInBlock(*user);
        if (!top || !inSegment.contains(top))
          return {};
      }
  }
  return analyzeGuard(guard, inSegment);
}

BlockFunctionBuilder::BoundsGuard
BlockFunctionBuilder::findSplitGuard(ArrayRef<Operation *> ops) {
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  for (Operation *op : ops) {
    auto branch = dyn_cast<scf::IfOp>(op);
    if (!branch || containsCrossThread(branch))
      continue;
    BoundsGuard guard = analyzeGuard(branch, inSegment);
    // Only x bounds make the split worth its copies of the segment.
    if (guard.op && !guard.xBounds.empty())
      return guard;
  }
  return {};
}

BlockFunctionBuilder::BoundsGuard BlockFunctionBuilder::analyzeGuard(
    scf::IfOp guard, const llvm::SmallPtrSetImpl<Operation *> &inSegment) {
  // The condition's conjuncts, through the segment's arith.andi ops.
  SmallVector<Value> conjuncts, work = {guard.getCondition()};
  while (!work.empty()) {
    Value value = work.pop_back_val();
    auto both = value.getDefiningOp<arith::AndIOp>();
    if (both && inSegment.contains(both) && !uniform.contains(value)) {
      work.push_back(both.getRhs());
      work.push_back(both.getLhs());
      continue;
    }
    conjuncts.push_back(value);
  }
  BoundsGuard result;
  for (Value conjunct : conjuncts) {
    auto cmp = conjunct.getDefiningOp<arith::CmpIOp>();
    if (cmp && inSegment.contains(cmp)) {
      // x_id <op> limit, or limit <op> x_id.
      Value id = cmp.getLhs(), limit = cmp.getRhs();
      arith::CmpIPredicate predicate = cmp.getPredicate();
      auto isXId = [&](Value v) {
        Operation *def = v.getDefiningOp();
        if (!def || !inSegment.contains(def))
          return false;
        if (auto global = dyn_cast<gpu::GlobalIdOp>(def))
          return global.getDimension() == gpu::Dimension::x;
        if (auto thread = dyn_cast<gpu::ThreadIdOp>(def))
          return thread.getDimension() == gpu::Dimension::x;
        return false;
      };
      if (!isXId(id)) {
        std::swap(id, limit);
        predicate = swapped(predicate);
      }
      Value blockLimit = uniform.lookupOrNull(limit);
      using P = arith::CmpIPredicate;
      bool upper = predicate == P::ult || predicate == P::slt;
      bool lower = predicate == P::uge || predicate == P::sge;
      if (isXId(id) && blockLimit && blockLimit.getType().isIndex() &&
          (upper || lower)) {
        result.xBounds.push_back(
            {blockLimit, upper, predicate == P::slt || predicate == P::sge,
             isa<gpu::GlobalIdOp>(id.getDefiningOp())});
        continue;
      }
    }
    IRMapping probe;
    if (computeBeforeXLoop(conjunct, nullptr, Value(), Value(), probe))
      result.xInvariant.push_back(conjunct);
    else
      result.perThread.push_back(conjunct);
  }
  if (result.xBounds.empty() && result.xInvariant.empty())
    return {};
  result.op = guard;
  return result;
}

std::pair<Value, Value>
BlockFunctionBuilder::emitGuardedXRange(const BoundsGuard &guard, OpBuilder &b,
                                        Value tidY, Value tidZ) {
  Value zero = constant(b, 0), width = xWidth;
  Value first = zero, end = width;
  for (const BoundsGuard::XBound &bound : guard.xBounds) {
    // x_id = base + x: x < limit - base, or x >= limit - base, clamped to
    // [0, the threads in x].
    Value base = bound.global
                     ? arith::MulIOp::create(b, loc, blockIds[0], blockDims[0])
                           .getResult()
                     : zero;
    // limit - base only where it cannot wrap (base is at least 0).
    Value offset = arith::SubIOp::create(b, loc, bound.limit, base);
    Value before = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                         bound.limit, base);
    Value clamped = arith::SelectOp::create(
        b, loc, before, zero, arith::MinSIOp::create(b, loc, offset, width));
    if (!bound.isSigned) {
      // Unsigned: a "negative" limit is huge, so every thread is below it
      // and none at or above it.
      Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt,
                                             bound.limit, zero);
      clamped = arith::SelectOp::create(b, loc, negative, width, clamped);
    }
    if (bound.upper)
      end = arith::MinSIOp::create(b, loc, end, clamped);
    else
      first = arith::MaxSIOp::create(b, loc, first, clamped);
  }
  IRMapping mapping;
  for (Value conjunct : guard.xInvariant) {
    Value holds = computeBeforeXLoop(conjunct, &b, tidY, tidZ, mapping);
    end = arith::SelectOp::create(b, loc, holds, end, first);
  }
  return {first, end};
}
