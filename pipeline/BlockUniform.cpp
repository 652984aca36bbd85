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

static bool isUniform(Value value, gpu::GPUFuncOp kernel, unsigned depth);

/// Whether \p arg, of \p loop's condition region, counts the trips alike in
/// every thread: it starts uniform, the condition passes it on in place and
/// the body yields it plus a uniform step.
static bool isUniformCounter(BlockArgument arg, scf::WhileOp loop,
                             gpu::GPUFuncOp kernel, unsigned depth) {
  unsigned index = arg.getArgNumber();
  OperandRange forwarded = loop.getConditionOp().getArgs();
  if (index >= forwarded.size() || forwarded[index] != arg)
    return false;
  auto add =
      loop.getYieldOp().getResults()[index].getDefiningOp<arith::AddIOp>();
  Value counter = loop.getAfterArguments()[index];
  if (!add || (add.getLhs() != counter && add.getRhs() != counter))
    return false;
  Value step = add.getLhs() == counter ? add.getRhs() : add.getLhs();
  return isUniform(loop.getInits()[index], kernel, depth + 1) &&
         isUniform(step, kernel, depth + 1);
}

static bool isUniform(Value value, gpu::GPUFuncOp kernel, unsigned depth) {
  if (depth > 8)
    return false;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    if (arg.getOwner() == &kernel.getBody().front())
      return true;
    if (auto loop = dyn_cast<scf::WhileOp>(arg.getOwner()->getParentOp())) {
      if (arg.getOwner() == loop.getBeforeBody())
        return isUniformCounter(arg, loop, kernel, depth);
      // What the condition passed on.
      return isUniform(loop.getConditionOp().getArgs()[arg.getArgNumber()],
                       kernel, depth + 1);
    }
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
