//===- InferOverflowFlags.cpp - nsw/nuw where ranges prove no wrap --------===//
//
// Integer additions, subtractions and multiplications whose operands' ranges
// (MLIR's integer range analysis) show that the result cannot wrap get
// nsw/nuw. Index arithmetic narrowed to 32 bits is extended again for
// addresses; with the flags LLVM moves the extension through the operation
// (sext(i + 1) is sext(i) + 1), so neighbouring accesses share one address
// and a constant offset, as they did in 64 bits.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Analysis/DataFlow/IntegerRangeAnalysis.h"
#include "mlir/Analysis/DataFlow/Utils.h"
#include "mlir/Analysis/DataFlowFramework.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlirc {
#define GEN_PASS_DEF_INFEROVERFLOWFLAGS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The range of \p value, if the analysis knows one.
std::optional<ConstantIntRanges> getRange(DataFlowSolver &solver, Value value) {
  auto *lattice = solver.lookupState<dataflow::IntegerValueRangeLattice>(value);
  if (!lattice || lattice->getValue().isUninitialized())
    return std::nullopt;
  return lattice->getValue().getValue();
}

/// Whether \p op(a, b) (an APInt *_ov operation, signed or unsigned) may
/// overflow for a in [aMin, aMax], b in [bMin, bMax]: addition,
/// subtraction and multiplication take their extremes at the corners.
template <typename Op>
bool mayOverflow(const APInt &aMin, const APInt &aMax, const APInt &bMin,
                 const APInt &bMax, Op op) {
  for (const APInt *a : {&aMin, &aMax})
    for (const APInt *b : {&bMin, &bMax}) {
      bool overflow = false;
      (void)op(*a, *b, overflow);
      if (overflow)
        return true;
    }
  return false;
}

struct InferOverflowFlagsPass
    : public mlirc::impl::InferOverflowFlagsBase<InferOverflowFlagsPass> {
  void runOnOperation() override {
    DataFlowSolver solver;
    dataflow::loadBaselineAnalyses(solver);
    solver.load<dataflow::IntegerRangeAnalysis>();
    if (failed(solver.initializeAndRun(getOperation())))
      return signalPassFailure();
    getOperation()->walk([&](Operation *op) {
      if (auto add = dyn_cast<arith::AddIOp>(op))
        mark(solver, add, &APInt::sadd_ov, &APInt::uadd_ov);
      else if (auto sub = dyn_cast<arith::SubIOp>(op))
        mark(solver, sub, &APInt::ssub_ov, &APInt::usub_ov);
      else if (auto mul = dyn_cast<arith::MulIOp>(op))
        mark(solver, mul, &APInt::smul_ov, &APInt::umul_ov);
    });
  }

  using Overflowing = APInt (APInt::*)(const APInt &, bool &) const;

  template <typename OpT>
  void mark(DataFlowSolver &solver, OpT op, Overflowing signedOp,
            Overflowing unsignedOp) {
    // Index ops keep theirs: their width is the lowering's choice.
    if (!isa<IntegerType>(op.getType()))
      return;
    std::optional<ConstantIntRanges> a = getRange(solver, op.getLhs());
    std::optional<ConstantIntRanges> b = getRange(solver, op.getRhs());
    if (!a || !b)
      return;
    auto call = [](Overflowing method) {
      return [method](const APInt &x, const APInt &y, bool &overflow) {
        return (x.*method)(y, overflow);
      };
    };
    arith::IntegerOverflowFlags flags = op.getOverflowFlags();
    if (!mayOverflow(a->smin(), a->smax(), b->smin(), b->smax(),
                     call(signedOp)))
      flags = flags | arith::IntegerOverflowFlags::nsw;
    if (!mayOverflow(a->umin(), a->umax(), b->umin(), b->umax(),
                     call(unsignedOp)))
      flags = flags | arith::IntegerOverflowFlags::nuw;
    op.setOverflowFlags(flags);
  }
};

} // namespace
