//===- HostStrideLoops.cpp - Grid-stride loops as uniform loops -----------===//
//
// On a GPU a grid-stride loop makes neighbouring threads read neighbouring
// elements in each iteration. The host target runs a block's threads one
// after another in its thread loop, so such a loop, whose first iteration
// differs by thread, ran inside it: each thread walked the whole array on
// its own, in scalar code. Its trips differ only a little between the
// threads of a block, so it becomes loops of trips the same in every
// thread, which the block function runs around a vectorized thread loop.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostStrideLoops.h"

#include "pipeline/BlockUniform.h"
#include "targets/host/HostBlockFunction.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {

/// The bits \p value needs if it is positive and at most that wide: a
/// positive constant, a block or grid size (below 2^31 on every target),
/// or a product of them narrower than index; nothing otherwise.
std::optional<unsigned> positiveBits(Value value, unsigned depth = 0) {
  APInt constant;
  if (matchPattern(value, m_ConstantInt(&constant)))
    return constant.isStrictlyPositive()
               ? std::optional<unsigned>(constant.getActiveBits())
               : std::nullopt;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 8)
    return std::nullopt;
  if (isa<gpu::BlockDimOp, gpu::GridDimOp>(def))
    return 31;
  auto mul = dyn_cast<arith::MulIOp>(def);
  if (!mul)
    return std::nullopt;
  std::optional<unsigned> lhs = positiveBits(mul.getLhs(), depth + 1);
  std::optional<unsigned> rhs = positiveBits(mul.getRhs(), depth + 1);
  if (!lhs || !rhs || *lhs + *rhs > 62)
    return std::nullopt;
  return *lhs + *rhs;
}

/// How a loop's first index depends on the thread: thread_id x plus a
/// block-level offset, which is block_id x * block_dim x for a global id.
struct ThreadStart {
  bool found = false;
  bool global = false;
  Value offset;
};

/// The start of \p value, when it is gpu.thread_id x, gpu.global_id x, or
/// thread_id x plus a block-level value (as the launch-bound rewrites
/// spell the global id: block_id x * block_dim x + thread_id x).
ThreadStart getThreadStart(Value value, gpu::GPUFuncOp kernel) {
  auto isThreadX = [](Value v) {
    auto id = v.getDefiningOp<gpu::ThreadIdOp>();
    return id && id.getDimension() == gpu::Dimension::x;
  };
  ThreadStart start;
  if (isThreadX(value)) {
    start.found = true;
    return start;
  }
  if (auto id = value.getDefiningOp<gpu::GlobalIdOp>();
      id && id.getDimension() == gpu::Dimension::x) {
    start.found = start.global = true;
    return start;
  }
  auto add = value.getDefiningOp<arith::AddIOp>();
  if (!add)
    return start;
  for (auto [offset, thread] : {std::pair(add.getLhs(), add.getRhs()),
                                std::pair(add.getRhs(), add.getLhs())})
    if (isThreadX(thread) && mlirc::isBlockUniform(offset, kernel)) {
      start.found = true;
      start.offset = offset;
      return start;
    }
  return start;
}

/// The trips of a loop from \p lb to \p ub by \p step (positive), as
/// scf.for's signed comparison runs it.
Value trips(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value runs =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, lb, ub);
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value last = arith::SubIOp::create(b, loc, span, one);
  Value steps = arith::DivUIOp::create(b, loc, last, step);
  Value count = arith::AddIOp::create(b, loc, steps, one);
  return arith::SelectOp::create(b, loc, runs, count, zero);
}

/// The index of \p loop's iteration \p m: lb + m * step.
Value iterationIndex(OpBuilder &b, scf::ForOp loop, Value m) {
  Location loc = loop.getLoc();
  Value offset = arith::MulIOp::create(b, loc, m, loop.getStep());
  return arith::AddIOp::create(b, loc, loop.getLowerBound(), offset);
}

/// Clones \p loop's body for index \p k with \p carried as its
/// arguments, at \p b; returns what it yields.
SmallVector<Value> cloneIteration(OpBuilder &b, scf::ForOp loop, Value k,
                                  ValueRange carried) {
  IRMapping mapping;
  mapping.map(loop.getInductionVar(), k);
  mapping.map(loop.getRegionIterArgs(), carried);
  for (Operation &op : loop.getBody()->without_terminator())
    b.clone(op, mapping);
  SmallVector<Value> results;
  for (Value yielded : loop.getBody()->getTerminator()->getOperands())
    results.push_back(mapping.lookupOrDefault(yielded));
  return results;
}

void makeUniform(scf::ForOp loop, const ThreadStart &start) {
  OpBuilder b(loop);
  Location loc = loop.getLoc();
  Value ub = loop.getUpperBound(), step = loop.getStep();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value width = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  Value first = start.offset ? start.offset : zero;
  if (start.global)
    first = arith::MulIOp::create(
        b, loc, gpu::BlockIdOp::create(b, loc, gpu::Dimension::x), width);
  Value last = arith::AddIOp::create(
      b, loc, first, arith::SubIOp::create(b, loc, width, one));
  // Thread 0 makes the most trips, the block's last thread the fewest.
  Value fewest = trips(b, loc, last, ub, step);
  Value most = trips(b, loc, first, ub, step);

  auto all = scf::ForOp::create(
      b, loc, zero, fewest, one, loop.getInitArgs(),
      [&](OpBuilder &nb, Location, Value m, ValueRange carried) {
        scf::YieldOp::create(
            nb, loc,
            cloneIteration(nb, loop, iterationIndex(nb, loop, m), carried));
      });
  auto rest = scf::ForOp::create(
      b, loc, fewest, most, one, all.getResults(),
      [&](OpBuilder &nb, Location, Value m, ValueRange carried) {
        Value k = iterationIndex(nb, loop, m);
        Value inRange =
            arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::slt, k, ub);
        auto guarded = scf::IfOp::create(nb, loc, loop.getResultTypes(),
                                         inRange, /*withElseRegion=*/true);
        OpBuilder thenBuilder = guarded.getThenBodyBuilder();
        if (!loop.getResultTypes().empty())
          scf::YieldOp::create(thenBuilder, loc,
                               cloneIteration(thenBuilder, loop, k, carried));
        else
          cloneIteration(thenBuilder, loop, k, carried);
        if (!loop.getResultTypes().empty()) {
          OpBuilder elseBuilder = guarded.getElseBodyBuilder();
          scf::YieldOp::create(elseBuilder, loc, carried);
        }
        scf::YieldOp::create(nb, loc, guarded.getResults());
      });
  loop.replaceAllUsesWith(rest.getResults());
  loop.erase();
}

} // namespace

void mlirc::host::makeStrideLoopsUniform(gpu::GPUModuleOp module) {
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel() || !kernel.getBody().hasOneBlock())
      continue;
    SmallVector<std::pair<scf::ForOp, ThreadStart>> loops;
    for (auto loop : kernel.getBody().front().getOps<scf::ForOp>()) {
      ThreadStart start = getThreadStart(loop.getLowerBound(), kernel);
      if (start.found && !loop.getUnsignedCmp() &&
          loop.getLowerBound().getType().isIndex() &&
          mlirc::isBlockUniform(loop.getUpperBound(), kernel) &&
          mlirc::isBlockUniform(loop.getStep(), kernel) &&
          positiveBits(loop.getStep()) && !containsCrossThread(loop))
        loops.push_back({loop, start});
    }
    for (auto [loop, start] : loops)
      makeUniform(loop, start);
  }
}
