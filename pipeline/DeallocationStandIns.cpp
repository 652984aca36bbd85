//===- DeallocationStandIns.cpp - Ops buffer deallocation takes -----------===//

#include "pipeline/DeallocationStandIns.h"
#include "pipeline/GpuTokenStreams.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/BufferizationToMemRef/BufferizationToMemRef.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlirc;

namespace {

bool isMemRef(Value value) { return isa<BaseMemRefType>(value.getType()); }

/// True when deallocation rejects \p op and a call can stand for it.
bool needsStandIn(Operation *op) {
  return !isa<MemoryEffectOpInterface, CallOpInterface>(op) &&
         !op->hasTrait<OpTrait::HasRecursiveMemoryEffects>() &&
         !op->hasTrait<OpTrait::IsTerminator>() && op->getNumRegions() == 0 &&
         llvm::none_of(op->getResults(), isMemRef);
}

/// The buffers the async gpu work before \p wait takes.
SmallVector<Value> getAwaitedBuffers(gpu::WaitOp wait) {
  llvm::SetVector<Value> buffers;
  llvm::SetVector<Value> tokens;
  tokens.insert(wait.getAsyncDependencies().begin(),
                wait.getAsyncDependencies().end());
  for (unsigned i = 0; i < tokens.size(); ++i)
    for (Value token : getSameStreamTokens(tokens[i])) {
      Operation *op = token.getDefiningOp();
      if (!op)
        continue;
      // A join waits for the streams it takes.
      if (auto join = dyn_cast<gpu::WaitOp>(op))
        tokens.insert(join.getAsyncDependencies().begin(),
                      join.getAsyncDependencies().end());
      else if (op->getNumRegions() != 0)
        // A loop or branch result: the work in its regions.
        op->walk([&](gpu::AsyncOpInterface inner) {
          for (Value operand : inner->getOperands())
            if (isMemRef(operand))
              buffers.insert(operand);
        });
      else
        for (Value operand : op->getOperands())
          if (isMemRef(operand))
            buffers.insert(operand);
    }
  return buffers.takeVector();
}

} // namespace

bool mlirc::allocatesOrFrees(Operation *op) {
  auto effects = dyn_cast<MemoryEffectOpInterface>(op);
  return effects && (effects.hasEffect<MemoryEffects::Allocate>() ||
                     effects.hasEffect<MemoryEffects::Free>());
}

void mlirc::addBufferDeallocationPasses(OpPassManager &pm) {
  pm.addPass(bufferization::createOwnershipBasedBufferDeallocationPass());
  pm.addNestedPass<func::FuncOp>(createBoundedCanonicalizer());
  pm.addPass(bufferization::createBufferDeallocationSimplificationPass());
  pm.addPass(bufferization::createLowerDeallocationsPass());
  pm.addPass(createCSEPass());
  pm.addNestedPass<func::FuncOp>(createBoundedCanonicalizer());
  pm.addPass(createConvertBufferizationToMemRefPass());
}

void DeallocationStandIns::replace(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](func::FuncOp function) {
    function.walk([&](Operation *op) {
      if (op != function && needsStandIn(op))
        ops.push_back(op);
    });
  });
  DenseMap<Operation *, std::unique_ptr<SymbolTable>> tables;
  for (Operation *op : ops) {
    SmallVector<Value> operands(op->getOperands());
    if (auto wait = dyn_cast<gpu::WaitOp>(op); wait && !wait.getAsyncToken())
      llvm::append_range(operands, getAwaitedBuffers(wait));
    Operation *tableOp = SymbolTable::getNearestSymbolTable(op->getParentOp());
    std::unique_ptr<SymbolTable> &table = tables[tableOp];
    if (!table)
      table = std::make_unique<SymbolTable>(tableOp);
    OpBuilder b(op->getContext());
    auto type = b.getFunctionType(ValueRange(operands).getTypes(),
                                  op->getResultTypes());
    auto callee = func::FuncOp::create(b, op->getLoc(),
                                       "__mlirc_deallocation_stand_in", type);
    callee.setPrivate();
    table->insert(callee);
    b.setInsertionPoint(op);
    auto call = func::CallOp::create(b, op->getLoc(), callee, operands);
    op->replaceAllUsesWith(call.getResults());
    // Analyses (liveness) look at every use, a removed op's too.
    op->dropAllReferences();
    op->remove();
    standIns.push_back({call, op, callee});
  }
}

void DeallocationStandIns::restore() {
  for (StandIn &standIn : standIns) {
    Operation *call = standIn.call;
    standIn.op->setOperands(
        call->getOperands().take_front(standIn.op->getNumOperands()));
    call->getBlock()->getOperations().insert(Block::iterator(call), standIn.op);
    call->replaceAllUsesWith(standIn.op->getResults());
    call->erase();
    standIn.callee->erase();
  }
  standIns.clear();
}
