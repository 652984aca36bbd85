//===- BlockUniform.cpp - What a whole block shares ----------------------===//
//
// See BlockUniform.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BlockUniform.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

static bool isUniform(Value value, gpu::GPUFuncOp kernel, unsigned depth) {
  if (depth > 8)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &kernel.getBody().front())
      return true;
    // A loop's counter, where its bounds are the same in every thread.
    auto loop = dyn_cast<scf::ForOp>(arg.getOwner()->getParentOp());
    return loop && arg == loop.getInductionVar() &&
           llvm::all_of(ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                                   loop.getStep()},
                        [&](Value bound) {
                          return isUniform(bound, kernel, depth + 1);
                        });
  }
  Operation *def = value.getDefiningOp();
  if (!def)
    return false;
  if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
    return true;
  if (!isa<arith::ArithDialect>(def->getDialect()) || !isPure(def) ||
      def->getNumRegions() != 0)
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isUniform(operand, kernel, depth + 1);
  });
}

bool mlirc::isBlockUniform(Value value, gpu::GPUFuncOp kernel) {
  return isUniform(value, kernel, /*depth=*/0);
}

bool mlirc::isReachedByWholeBlock(Operation *op, gpu::GPUFuncOp kernel) {
  Operation *outer = op;
  for (Operation *parent = op->getParentOp(); parent != kernel;
       parent = parent->getParentOp()) {
    if (!parent)
      return false;
    if (auto loop = dyn_cast<scf::ForOp>(parent)) {
      if (!isBlockUniform(loop.getLowerBound(), kernel) ||
          !isBlockUniform(loop.getUpperBound(), kernel) ||
          !isBlockUniform(loop.getStep(), kernel))
        return false;
    } else if (auto branch = dyn_cast<scf::IfOp>(parent)) {
      if (!isBlockUniform(branch.getCondition(), kernel))
        return false;
    } else {
      return false;
    }
    outer = parent;
  }
  return outer->getBlock() == &kernel.getBody().front();
}
