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

namespace {
/// Whether values are the same in every thread of a block, taking those in
/// `assumed` to be: the values loops carry, while their trips are checked.
struct UniformValues {
  gpu::GPUFuncOp kernel;
  DenseSet<Value> assumed;
  /// Answers that assume nothing.
  DenseMap<Value, bool> known;

  /// A value a loop carries is, at each trip, when it starts uniform and
  /// each trip yields a uniform value from a uniform one.
  bool isCarriedUniform(Value arg, Value init, Value next, unsigned depth) {
    if (!isUniform(init, depth + 1))
      return false;
    assumed.insert(arg);
    bool uniform = isUniform(next, depth + 1);
    assumed.erase(arg);
    return uniform;
  }

  bool isUniform(Value value, unsigned depth) {
    if (depth > 12)
      return false;
    if (assumed.contains(value))
      return true;
    if (assumed.empty()) {
      if (auto it = known.find(value); it != known.end())
        return it->second;
      bool uniform = compute(value, depth);
      known[value] = uniform;
      return uniform;
    }
    return compute(value, depth);
  }

  bool compute(Value value, unsigned depth) {
    if (auto arg = dyn_cast<BlockArgument>(value)) {
      if (arg.getOwner() == &kernel.getBody().front())
        return true;
      Operation *parent = arg.getOwner()->getParentOp();
      unsigned index = arg.getArgNumber();
      if (auto loop = dyn_cast<scf::WhileOp>(parent)) {
        // What the condition passed on, or what the loop carries.
        if (arg.getOwner() == loop.getAfterBody())
          return isUniform(loop.getConditionOp().getArgs()[index], depth + 1);
        return isCarriedUniform(arg, loop.getInits()[index],
                                loop.getYieldOp().getResults()[index], depth);
      }
      // An scf.for's counter and what it carries, where its bounds are the
      // same in every thread.
      auto loop = dyn_cast<scf::ForOp>(parent);
      if (!loop ||
          !llvm::all_of(
              ValueRange{loop.getLowerBound(), loop.getUpperBound(),
                         loop.getStep()},
              [&](Value bound) { return isUniform(bound, depth + 1); }))
        return false;
      if (arg == loop.getInductionVar())
        return true;
      return isCarriedUniform(arg, loop.getInitArgs()[index - 1],
                              loop.getYieldedValues()[index - 1], depth);
    }
    Operation *def = value.getDefiningOp();
    if (!def)
      return false;
    if (isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp>(def))
      return true;
    // What an scf.if of a uniform condition yields uniform in each branch
    // (Vulkan's copies of the code after a choice of buffers).
    if (auto branch = dyn_cast<scf::IfOp>(def)) {
      unsigned index = cast<OpResult>(value).getResultNumber();
      return isUniform(branch.getCondition(), depth + 1) &&
             isUniform(branch.thenYield().getOperand(index), depth + 1) &&
             isUniform(branch.elseYield().getOperand(index), depth + 1);
    }
    if (!isa<arith::ArithDialect>(def->getDialect()) || !isPure(def) ||
        def->getNumRegions() != 0)
      return false;
    return llvm::all_of(def->getOperands(), [&](Value operand) {
      return isUniform(operand, depth + 1);
    });
  }
};
} // namespace

bool mlirc::isBlockUniform(Value value, gpu::GPUFuncOp kernel) {
  UniformValues values;
  values.kernel = kernel;
  return values.isUniform(value, /*depth=*/0);
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
