//===- NVGPUBlockArguments.cpp - nvgpu values carried through cf blocks ---===//
//
// mlirc's kernels are in cf when convert-nvgpu-to-nvvm runs (it would
// reject scf loops that carry !gpu.mma_matrix values). A block argument of
// an nvgpu type, such as the accumulator a wgmma loop carries, is then left
// with its nvgpu type between casts: from the LLVM value on each incoming
// edge, back to it at each use. The gpu.func conversion cannot convert it.
// Each such argument takes the LLVM type of the casts around it (or of
// another such argument it is passed on from) and the casts go.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/SetVector.h"

namespace mlirc {
#define GEN_PASS_DEF_NVGPUBLOCKARGUMENTS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isNVGPUType(Type type) {
  return isa<nvgpu::NVGPUDialect>(type.getDialect());
}

/// The value \p cast converts, where it is a one-to-one cast.
Value getCastInput(Operation *op) {
  auto cast = dyn_cast_or_null<UnrealizedConversionCastOp>(op);
  if (!cast || cast->getNumOperands() != 1 || cast->getNumResults() != 1)
    return {};
  return cast.getOperand(0);
}

/// Calls \p fn with each edge into \p arg's block: the operand list of the
/// branch and \p arg's position in it.
template <typename Fn> void forEachIncoming(BlockArgument arg, Fn fn) {
  Block *block = arg.getOwner();
  for (Block *pred : block->getPredecessors()) {
    auto branch = dyn_cast<BranchOpInterface>(pred->getTerminator());
    if (!branch)
      continue;
    for (unsigned i = 0, e = branch->getNumSuccessors(); i < e; ++i)
      if (branch->getSuccessor(i) == block)
        fn(branch, branch.getSuccessorOperands(i), arg.getArgNumber());
  }
}

struct NVGPUBlockArgumentsPass
    : public mlirc::impl::NVGPUBlockArgumentsBase<NVGPUBlockArgumentsPass> {
  void runOnOperation() override {
    SmallVector<BlockArgument> args;
    getOperation().walk([&](Block *block) {
      if (block->isEntryBlock())
        return;
      for (BlockArgument arg : block->getArguments())
        if (isNVGPUType(arg.getType()))
          args.push_back(arg);
    });
    if (args.empty())
      return;

    // Each argument's LLVM type: from a cast at a use or on an edge, or
    // from an argument whose value it receives (a loop nest carries the
    // value from block to block), until nothing changes.
    DenseMap<Value, Type> types;
    for (bool changed = true; changed;) {
      changed = false;
      for (BlockArgument arg : args) {
        if (types.contains(arg))
          continue;
        Type type;
        for (Operation *user : arg.getUsers())
          if (getCastInput(user) == arg &&
              !isNVGPUType(user->getResultTypes()[0]))
            type = user->getResultTypes()[0];
        forEachIncoming(arg, [&](BranchOpInterface, SuccessorOperands operands,
                                 unsigned index) {
          if (type || operands.isOperandProduced(index))
            return;
          Value incoming = operands[index];
          if (Value input = getCastInput(incoming.getDefiningOp()))
            if (!isNVGPUType(input.getType()))
              type = input.getType();
          if (!type)
            type = types.lookup(incoming);
        });
        if (type) {
          types[arg] = type;
          changed = true;
        }
      }
    }
    for (BlockArgument arg : args)
      if (!types.contains(arg)) {
        emitError(arg.getLoc()) << "cannot lower the " << arg.getType()
                                << " this loop or branch carries";
        return signalPassFailure();
      }

    SetVector<Operation *> casts;
    for (BlockArgument arg : args) {
      Type type = types.lookup(arg);
      arg.setType(type);
      // Uses that cast it to its new type take it as it is.
      for (Operation *user : llvm::make_early_inc_range(arg.getUsers()))
        if (getCastInput(user) == arg && user->getResultTypes()[0] == type) {
          user->getResult(0).replaceAllUsesWith(arg);
          user->erase();
        }
      forEachIncoming(arg, [&](BranchOpInterface branch,
                               SuccessorOperands operands, unsigned index) {
        if (operands.isOperandProduced(index))
          return;
        Value incoming = operands[index];
        Operation *cast = incoming.getDefiningOp();
        Value input = getCastInput(cast);
        if (input && input.getType() == type) {
          operands.slice(index, 1).assign(input);
          casts.insert(cast);
        } else if (incoming.getType() != type && !types.contains(incoming)) {
          // Anything else goes on through a cast, which the LLVM
          // conversion reconciles or reports.
          OpBuilder builder(branch);
          operands.slice(index, 1).assign(
              UnrealizedConversionCastOp::create(builder, branch.getLoc(), type,
                                                 incoming)
                  .getResult(0));
        }
      });
    }
    for (Operation *cast : casts)
      if (cast->use_empty())
        cast->erase();
  }
};

} // namespace
