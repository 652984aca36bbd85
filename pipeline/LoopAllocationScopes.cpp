//===- LoopAllocationScopes.cpp - Free a loop trip's stack memory --------===//
//
// scf.for and scf.parallel are automatic allocation scopes in MLIR: what a
// trip allocates on the stack is freed when the trip ends. MLIR's lowering
// to LLVM does not do it (each trip's memref.alloca stays on the stack
// until the function returns), and its canonicalizer inlines a
// memref.alloca_scope into such a loop, so a loop whose trips allocate ran
// out of stack (a 1 KiB scratch array in a loop of 100000 trips). A trip's
// allocations are now freed: the loop body saves the stack pointer first
// and restores it at its end, as memref.alloca_scope lowers.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AllocsOnStack.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_LOOPALLOCATIONSCOPES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The stack allocations that belong to \p body's scope: those not inside
/// an allocation scope of their own.
SmallVector<Value> getScopeAllocations(Block &body) {
  SmallVector<Value> allocations;
  for (Operation &op : body)
    op.walk<WalkOrder::PreOrder>([&](Operation *nested) {
      if (isa<memref::AllocaOp, LLVM::AllocaOp>(nested)) {
        allocations.push_back(nested->getResult(0));
        return WalkResult::advance();
      }
      if (nested->hasTrait<OpTrait::AutomaticAllocationScope>())
        return WalkResult::skip();
      return WalkResult::advance();
    });
  return allocations;
}

/// True when \p body may suspend its function (an async.await in it) or
/// start work that goes on after the trip (async tasks, GPU work on a
/// stream), which may use the trip's stack memory.
bool awaitsOrStartsWork(Block &body) {
  for (Operation &op : body) {
    WalkResult found = op.walk([](Operation *nested) {
      auto gpuAsync = dyn_cast<gpu::AsyncOpInterface>(nested);
      return isa<async::AsyncDialect>(nested->getDialect()) ||
                     (gpuAsync && gpuAsync.getAsyncToken())
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (found.wasInterrupted())
      return true;
  }
  return false;
}

struct LoopAllocationScopesPass
    : public mlirc::impl::LoopAllocationScopesBase<LoopAllocationScopesPass> {
  void runOnOperation() override {
    SmallVector<Block *> bodies;
    getOperation()->walk([&](Operation *op) {
      if (isa<scf::ForOp, scf::ParallelOp>(op))
        bodies.push_back(&op->getRegion(0).front());
    });
    auto ptr = LLVM::LLVMPointerType::get(&getContext());
    for (Block *body : bodies) {
      SmallVector<Value> allocations = getScopeAllocations(*body);
      // One that a trip hands on (yields, stores) keeps its memory, as
      // before. So does a body that awaits (it becomes part of a coroutine,
      // which may resume on another thread's stack) or starts work.
      if (allocations.empty() ||
          !llvm::all_of(allocations, mlirc::staysInItsRegion) ||
          awaitsOrStartsWork(*body))
        continue;
      Location loc = body->getParentOp()->getLoc();
      OpBuilder b = OpBuilder::atBlockBegin(body);
      Value stack = LLVM::StackSaveOp::create(b, loc, ptr);
      b.setInsertionPoint(body->getTerminator());
      LLVM::StackRestoreOp::create(b, loc, stack);
    }
  }
};

} // namespace
