//===- CountLoopTrips.cpp - scf.for loops over their trip count -----------===//
//
// `for (i = lb; i < ub; i += s)` has a trip count LLVM's scalar evolution
// computes only when `i += s` cannot wrap, which MLIR's scf-to-cf lowering
// does not say (CUDA's signed indices do, so nvcc's loops have one). Each
// such loop is rewritten to count from 0 to its trip count, computed so
// that nothing wraps, and to recompute i from the count: the same values
// of i, and a loop LLVM's runtime unroller takes.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

namespace mlirc {
#define GEN_PASS_DEF_COUNTLOOPTRIPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// LLVM unrolls innermost loops only, and at run time small ones only;
/// others would pay for the division and gain nothing. Ops, as a rough
/// measure of the LLVM instructions its unroll threshold counts.
constexpr unsigned maxBodyOps = 32;

/// Whether LLVM could unroll \p loop if it knew its trip count.
bool mayUnroll(scf::ForOp loop) {
  unsigned ops = 0;
  WalkResult walk = loop.getBody()->walk([&](Operation *op) {
    if (isa<LoopLikeOpInterface>(op) || ++ops > maxBodyOps)
      return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return !walk.wasInterrupted();
}

/// Whether \p loop's body updates memory atomically.
bool hasAtomics(scf::ForOp loop) {
  return loop.getBody()
      ->walk([](Operation *op) {
        return isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op)
                   ? WalkResult::interrupt()
                   : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Whether \p loop already counts by 1, or has a constant trip count,
/// which LLVM computes without help.
bool countsItself(scf::ForOp loop) {
  APInt step;
  if (matchPattern(loop.getStep(), m_ConstantInt(&step)) &&
      (step.isOne() || !step.isStrictlyPositive()))
    return true;
  return matchPattern(loop.getLowerBound(), m_Constant()) &&
         matchPattern(loop.getUpperBound(), m_Constant()) &&
         matchPattern(loop.getStep(), m_Constant());
}

void countTrips(scf::ForOp loop) {
  OpBuilder builder(loop);
  Location loc = loop.getLoc();
  Value lb = loop.getLowerBound(), ub = loop.getUpperBound();
  Value step = loop.getStep();
  Type type = lb.getType();
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantOp::create(builder, loc, type,
                                     builder.getIntegerAttr(type, value));
  };
  Value zero = constant(0), one = constant(1);
  auto nuw = arith::IntegerOverflowFlags::nuw;
  // Where the loop runs, ub - lb is its span as an unsigned number, and
  // (span - 1) / step + 1 its trips, neither of which can wrap.
  Value runs = mlirc::createLoopRuns(builder, loop);
  Value span = arith::SubIOp::create(builder, loc, ub, lb);
  Value last = arith::SubIOp::create(builder, loc, span, one);
  Value steps = arith::DivUIOp::create(builder, loc, last, step);
  // No nuw: LLVM would compare t <= steps instead, whose trip count
  // (steps + 1) it cannot tell from a wrapped 0.
  Value trips = arith::AddIOp::create(builder, loc, steps, one);
  trips = arith::SelectOp::create(builder, loc, runs, trips, zero);

  // The old induction variable, from the count: below ub, so lb + t * s
  // wraps nothing, and t * s is below the span.
  Value count = loop.getInductionVar();
  builder.setInsertionPointToStart(loop.getBody());
  Value offset = arith::MulIOp::create(builder, loc, count, step, nuw);
  Value index = arith::AddIOp::create(builder, loc, lb, offset);
  count.replaceAllUsesExcept(index, offset.getDefiningOp());

  loop.setLowerBound(zero);
  loop.setUpperBound(trips);
  loop.setStep(one);
  loop.setUnsignedCmp(true);
}

struct CountLoopTripsPass
    : public mlirc::impl::CountLoopTripsBase<CountLoopTripsPass> {
  using Base::Base;

  void runOnOperation() override {
    SmallVector<scf::ForOp> loops;
    getOperation()->walk([&](scf::ForOp loop) {
      bool constantStep = matchPattern(loop.getStep(), m_Constant());
      if (constantStepsOnly && !constantStep)
        return;
      // nvcc unrolls a grid-stride loop, paying for the division, but not
      // one with atomics: their latency, not the loop's own work, bounds
      // it (a histogram's took 108 PTX instructions against nvcc's 43).
      if (!constantStep && hasAtomics(loop))
        return;
      if (!countsItself(loop) && mayUnroll(loop))
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops)
      countTrips(loop);
  }
};

} // namespace

Value mlirc::createLoopRuns(OpBuilder &b, scf::ForOp loop) {
  return arith::CmpIOp::create(b, loop.getLoc(),
                               loop.getUnsignedCmp()
                                   ? arith::CmpIPredicate::ult
                                   : arith::CmpIPredicate::slt,
                               loop.getLowerBound(), loop.getUpperBound());
}
