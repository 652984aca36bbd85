//===- AsyncValuesThroughBranches.cpp - async values between blocks -------===//
//
// MLIR's async reference counting drops a token's, value's or group's
// reference after its last use, which it cannot do where that use is a
// branch passing it to a block ("terminators that are not ReturnLike"), as
// the lowering of an scf.if or scf.for yielding one makes. Nor can it drop
// the reference of a value live into one successor of a conditional branch
// only, where the other successor has arguments. So, before it runs:
//
// - each edge from a branch with several successors to a block with
//   arguments gets a block of its own, which passes the arguments on;
// - each async value passed to a block is passed as a pointer cast from it,
//   after a reference added for the receiving block, which casts it back.
//   The sender's value then has a plain last use, the cast, and the
//   receiver's is a value of its own that owns the added reference.
//
// The casts are the identity once the async types are pointers.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlirc {
#define GEN_PASS_DEF_ASYNCVALUESTHROUGHBRANCHES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isRefCounted(Type type) {
  return isa<async::TokenType, async::ValueType, async::GroupType>(type);
}

bool holdsRefCountedValues(FunctionOpInterface function) {
  auto refCounted = [](Value value) { return isRefCounted(value.getType()); };
  WalkResult found = function->walk([&](Block *block) {
    if (llvm::any_of(block->getArguments(), refCounted))
      return WalkResult::interrupt();
    for (Operation &op : *block)
      if (llvm::any_of(op.getResults(), refCounted))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// Gives each edge of \p branch to a block with arguments a block of its
/// own, when \p branch has several successors.
void splitEdgesToBlocksWithArguments(BranchOpInterface branch) {
  Operation *op = branch.getOperation();
  if (op->getNumSuccessors() < 2)
    return;
  for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
    Block *successor = op->getSuccessor(i);
    SuccessorOperands operands = branch.getSuccessorOperands(i);
    if (successor->getNumArguments() == 0 ||
        operands.getProducedOperandCount() != 0)
      continue;
    auto *edge = new Block();
    successor->getParent()->getBlocks().insert(successor->getIterator(),
                                               edge);
    OpBuilder builder = OpBuilder::atBlockEnd(edge);
    SmallVector<Value> forwarded(operands.getForwardedOperands());
    cf::BranchOp::create(builder, op->getLoc(), successor, forwarded);
    operands.erase(0, operands.size());
    op->setSuccessor(edge, i);
  }
}

/// Passes the async arguments of \p block as pointers; fails, with an error,
/// where a predecessor is no branch that says what it passes.
LogicalResult passAsPointers(Block *block) {
  Type pointer = LLVM::LLVMPointerType::get(block->getParentOp()->getContext());
  for (BlockArgument argument : block->getArguments()) {
    Type type = argument.getType();
    if (!isRefCounted(type))
      continue;
    for (BlockOperand &use : block->getUses()) {
      Operation *op = use.getOwner();
      auto branch = dyn_cast<BranchOpInterface>(op);
      if (!branch)
        return op->emitError("passes an async value to a block, which mlirc "
                             "cannot count references through");
      SuccessorOperands operands =
          branch.getSuccessorOperands(use.getOperandNumber());
      unsigned produced = operands.getProducedOperandCount();
      if (argument.getArgNumber() < produced)
        return op->emitError("produces an async value for its successor, "
                             "which mlirc cannot count references through");
      OpOperand &passed = operands.getMutableForwardedOperands()
          [argument.getArgNumber() - produced];
      OpBuilder builder(op);
      Value value = passed.get();
      async::RuntimeAddRefOp::create(builder, op->getLoc(), value,
                                     builder.getI64IntegerAttr(1));
      passed.set(UnrealizedConversionCastOp::create(builder, op->getLoc(),
                                                    pointer, value)
                     .getResult(0));
    }
    argument.setType(pointer);
    OpBuilder builder = OpBuilder::atBlockBegin(block);
    auto received = UnrealizedConversionCastOp::create(
        builder, argument.getLoc(), type, argument);
    argument.replaceAllUsesExcept(received.getResult(0), received);
  }
  return success();
}

struct AsyncValuesThroughBranchesPass
    : public mlirc::impl::AsyncValuesThroughBranchesBase<
          AsyncValuesThroughBranchesPass> {
  void runOnOperation() override {
    SmallVector<FunctionOpInterface> functions;
    getOperation().walk([&](FunctionOpInterface function) {
      if (holdsRefCountedValues(function))
        functions.push_back(function);
    });
    for (FunctionOpInterface function : functions) {
      SmallVector<BranchOpInterface> branches;
      function->walk([&](BranchOpInterface op) { branches.push_back(op); });
      for (BranchOpInterface branch : branches)
        splitEdgesToBlocksWithArguments(branch);
      SmallVector<Block *> blocks;
      function->walk([&](Block *block) {
        if (!block->isEntryBlock())
          blocks.push_back(block);
      });
      for (Block *block : blocks)
        if (failed(passAsPointers(block)))
          return signalPassFailure();
    }
  }
};

} // namespace
