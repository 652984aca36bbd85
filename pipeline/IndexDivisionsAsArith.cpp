//===- IndexDivisionsAsArith.cpp - index's rounding divisions as arith's --===//
//
// See Passes.td.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexOps.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_INDEXDIVISIONSASARITH
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

template <typename ArithOp> void replaceWith(Operation *op) {
  OpBuilder b(op);
  Value result =
      ArithOp::create(b, op->getLoc(), op->getOperand(0), op->getOperand(1));
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct IndexDivisionsAsArithPass
    : public mlirc::impl::IndexDivisionsAsArithBase<IndexDivisionsAsArithPass> {
  void runOnOperation() override {
    SmallVector<Operation *> divisions;
    getOperation()->walk([&](Operation *op) {
      if (isa<index::CeilDivSOp, index::FloorDivSOp, index::CeilDivUOp>(op))
        divisions.push_back(op);
    });
    for (Operation *op : divisions) {
      if (isa<index::CeilDivSOp>(op))
        replaceWith<arith::CeilDivSIOp>(op);
      else if (isa<index::FloorDivSOp>(op))
        replaceWith<arith::FloorDivSIOp>(op);
      else
        replaceWith<arith::CeilDivUIOp>(op);
    }
  }
};

} // namespace
