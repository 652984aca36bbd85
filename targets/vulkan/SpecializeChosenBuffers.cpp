//===- SpecializeChosenBuffers.cpp - One copy of code per buffer ----------===//
//
// See SpecializeChosenBuffers.h. After the choice, the rest of its block is
// what may use it (SSA values are used where they are dominated), so that
// rest, run for the buffer chosen, is what the program does. Each choice
// doubles the code after it: the bound keeps a kernel with many choices an
// error instead of one that grows exponentially.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/SpecializeChosenBuffers.h"
#include "pipeline/BlockUniform.h"
#include "pipeline/BoundedRewrites.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

using namespace mlir;

namespace {
/// Ops added by copying, over all choices of one module: a kernel with
/// many choices stays an error rather than growing without end.
constexpr int64_t maxCopiedOps = 20000;

bool isMemRef(Type type) { return isa<MemRefType>(type); }

/// Whether every thread of a workgroup (or subgroup) must reach \p op
/// alike: barriers and the gpu dialect's ops across threads. Of the gpu
/// dialect only what one thread does alone is exempt.
bool needsConvergence(Operation *op) {
  if (isa<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
          gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp,
          gpu::NumSubgroupsOp, gpu::SubgroupSizeOp, gpu::ClusterIdOp,
          gpu::ClusterDimOp, gpu::ClusterBlockIdOp, gpu::ClusterDimBlocksOp,
          gpu::PrintfOp, gpu::ReturnOp, gpu::YieldOp>(op))
    return false;
  StringRef dialect = op->getName().getDialectNamespace();
  return dialect == "gpu" || dialect == "spirv";
}

/// The ops after \p choice in its block, but its terminator.
SmallVector<Operation *> getRest(Operation *choice) {
  SmallVector<Operation *> rest;
  Block *block = choice->getBlock();
  for (Operation *op = choice->getNextNode();
       op && op != block->getTerminator(); op = op->getNextNode())
    rest.push_back(op);
  return rest;
}

/// Whether \p value is used by the terminator of \p block (or in its
/// regions: scf.reduce's).
bool isUsedByTerminator(Value value, Block *block) {
  Operation *terminator = block->getTerminator();
  return llvm::any_of(value.getUsers(), [&](Operation *user) {
    return block->findAncestorOpInBlock(*user) == terminator;
  });
}

/// Results of \p rest the block's terminator uses: what the scf.if that
/// holds \p rest yields.
SmallVector<Value> getEscaping(ArrayRef<Operation *> rest) {
  SmallVector<Value> escaping;
  for (Operation *op : rest)
    for (Value result : op->getResults())
      if (isUsedByTerminator(result, op->getBlock()))
        escaping.push_back(result);
  return escaping;
}

/// How many ops \p rest holds, nested ones included; stops counting past
/// \p limit.
int64_t countOps(ArrayRef<Operation *> rest, int64_t limit) {
  int64_t count = 0;
  for (Operation *op : rest) {
    op->walk([&](Operation *) {
      ++count;
      return count > limit ? WalkResult::interrupt() : WalkResult::advance();
    });
    if (count > limit)
      break;
  }
  return count;
}

/// Whether \p select can become two copies of the rest of its block, within
/// \p budget ops.
bool canSpecialize(arith::SelectOp select, int64_t budget) {
  auto kernel = select->getParentOfType<gpu::GPUFuncOp>();
  if (!kernel || !select.getCondition().getType().isInteger(1) ||
      !select->getBlock()->mightHaveTerminator())
    return false;
  SmallVector<Operation *> rest = getRest(select);
  // The choice, or a memref made after it, passed on by the block's
  // terminator (a loop that yields it) would stay a choice.
  if (isUsedByTerminator(select.getResult(), select->getBlock()) ||
      llvm::any_of(getEscaping(rest),
                   [](Value value) { return isMemRef(value.getType()); }))
    return false;
  if (2 * countOps(rest, budget) > budget)
    return false;
  bool convergent = llvm::any_of(rest, [](Operation *op) {
    return op
        ->walk([](Operation *nested) {
          return needsConvergence(nested) ? WalkResult::interrupt()
                                          : WalkResult::advance();
        })
        .wasInterrupted();
  });
  // Barriers and subgroup ops in one branch of a condition that differs
  // between threads would not meet.
  return !convergent || mlirc::isBlockUniform(select.getCondition(), kernel);
}

/// Replaces \p select by an scf.if of its condition holding the rest of its
/// block, with the select's true value in the then-branch and its false
/// value in the else-branch.
void specialize(arith::SelectOp select) {
  SmallVector<Operation *> rest = getRest(select);
  SmallVector<Value> escaping = getEscaping(rest);
  OpBuilder builder(select);
  auto branch = scf::IfOp::create(builder, select.getLoc(),
                                  ValueRange(escaping).getTypes(),
                                  select.getCondition(), /*withElse=*/true);
  for (auto [region, chosen] :
       {std::pair(&branch.getThenRegion(), select.getTrueValue()),
        std::pair(&branch.getElseRegion(), select.getFalseValue())}) {
    IRMapping mapping;
    mapping.map(select.getResult(), chosen);
    OpBuilder inside = OpBuilder::atBlockBegin(&region->front());
    // An scf.if made with results has no terminator yet; one without has.
    if (Operation *yield = region->front().mightHaveTerminator()
                               ? region->front().getTerminator()
                               : nullptr)
      inside.setInsertionPoint(yield);
    for (Operation *op : rest)
      inside.clone(*op, mapping);
    SmallVector<Value> yielded;
    for (Value value : escaping)
      yielded.push_back(mapping.lookup(value));
    if (!escaping.empty())
      scf::YieldOp::create(inside, select.getLoc(), yielded);
    // Other selects of the same condition are decided in this branch.
    bool isThen = region == &branch.getThenRegion();
    region->walk([&](arith::SelectOp decided) {
      if (decided.getCondition() != select.getCondition())
        return;
      decided.replaceAllUsesWith(isThen ? decided.getTrueValue()
                                        : decided.getFalseValue());
      decided.erase();
    });
  }
  for (auto [value, result] : llvm::zip(escaping, branch.getResults()))
    value.replaceAllUsesWith(result);
  for (Operation *op : llvm::reverse(rest)) {
    op->dropAllUses();
    op->erase();
  }
  select->erase();
}

/// Whether \p value is made in \p branch by pure ops without regions (views,
/// constants, index arithmetic) from values defined before it, at most
/// \p depth deep.
bool canHoist(Value value, scf::IfOp branch, unsigned depth) {
  if (!branch->isAncestor(value.getParentBlock()->getParentOp()))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth == 0 || def->getNumRegions() != 0 || !isPure(def))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return canHoist(operand, branch, depth - 1);
  });
}

/// Moves what canHoist allows before \p branch.
void hoist(Value value, scf::IfOp branch) {
  Operation *def = value.getDefiningOp();
  if (!def || !branch->isAncestor(def))
    return;
  for (Value operand : def->getOperands())
    hoist(operand, branch);
  def->moveBefore(branch);
}

/// Moves the views \p branch yields as a memref result, where both branches
/// make them of values from before it (a subview of a kernel argument in
/// each), before it. True where a memref result is then yielded from
/// before \p branch in both branches, which scf.if's canonicalization
/// makes a select.
bool hoistChosenViews(scf::IfOp branch) {
  if (branch.getElseRegion().empty())
    return false;
  constexpr unsigned maxHoistDepth = 4;
  bool chooses = false;
  for (auto [index, type] : llvm::enumerate(branch.getResultTypes())) {
    Value thenValue = branch.thenYield().getOperand(index);
    Value elseValue = branch.elseYield().getOperand(index);
    if (!isMemRef(type) || !canHoist(thenValue, branch, maxHoistDepth) ||
        !canHoist(elseValue, branch, maxHoistDepth))
      continue;
    hoist(thenValue, branch);
    hoist(elseValue, branch);
    chooses = true;
  }
  return chooses;
}
} // namespace

LogicalResult mlirc::specializeChosenBuffers(Operation *kernels) {
  // An scf.if that only picks buffers becomes a select of them.
  SmallVector<Operation *> branches;
  kernels->walk([&](scf::IfOp branch) {
    if (llvm::any_of(branch.getResultTypes(), isMemRef) &&
        hoistChosenViews(branch))
      branches.push_back(branch);
  });
  if (failed(mlirc::canonicalizeOpsWithBound<scf::IfOp>(branches,
                                                        "chosen buffers")))
    return failure();

  int64_t budget = maxCopiedOps;
  // Outermost first: a choice in the rest of another's block is copied
  // with it, and each copy is then a choice of its own.
  while (true) {
    arith::SelectOp next;
    kernels->walk<WalkOrder::PreOrder>([&](arith::SelectOp select) {
      if (!isMemRef(select.getType()) || !canSpecialize(select, budget))
        return WalkResult::advance();
      next = select;
      return WalkResult::interrupt();
    });
    if (!next)
      return success();
    budget -= 2 * countOps(getRest(next), budget);
    specialize(next);
  }
}
