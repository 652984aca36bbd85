//===- LoopAllocationScopes.cpp - Free a loop trip's stack memory --------===//
//
// scf.for and scf.parallel are automatic allocation scopes in MLIR: what a
// trip allocates on the stack is freed when the trip ends. MLIR's lowering
// to LLVM does not do it (each trip's memref.alloca stays on the stack
// until the function returns), and its canonicalizer inlines a
// memref.alloca_scope into such a loop, so a loop whose trips allocate ran
// out of stack (a 1 KiB scratch array in a loop of 100000 trips). A trip's
// allocations are now freed: the loop body saves the stack pointer first
// and restores it at its end, as memref.alloca_scope lowers. A trip that
// awaits allocates on the heap instead, freed at its end.
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

/// True when an op of \p body satisfies \p pred.
bool holds(Block &body, function_ref<bool(Operation *)> pred) {
  for (Operation &op : body)
    if (op.walk([&](Operation *nested) {
            return pred(nested) ? WalkResult::interrupt()
                                : WalkResult::advance();
          }).wasInterrupted())
      return true;
  return false;
}

/// True for an op that may suspend its function (async.await, which makes
/// it a coroutine that may resume on another thread's stack).
bool isAsyncOp(Operation *op) {
  return isa<async::AsyncDialect>(op->getDialect());
}

/// True for an op that starts GPU work on a stream, which may go on after
/// the trip and read its memory.
bool startsGpuWork(Operation *op) {
  auto gpuAsync = dyn_cast<gpu::AsyncOpInterface>(op);
  return gpuAsync && gpuAsync.getAsyncToken();
}

/// Makes each memref.alloca of \p allocations a heap allocation freed at
/// the end of \p body's trip: in a body that awaits, memory on the stack
/// would not survive its coroutine's move to another stack, and a loop
/// lowered to branches leaves no allocation scope around it in an
/// async.func (MLIR's verifier rejects such an alloca).
void moveToHeap(Block &body, ArrayRef<Value> allocations) {
  for (Value allocation : allocations) {
    auto alloca = allocation.getDefiningOp<memref::AllocaOp>();
    if (!alloca)
      continue;
    memref::AllocOp alloc = mlirc::moveAllocaToHeap(alloca);
    OpBuilder b(body.getTerminator());
    memref::DeallocOp::create(b, alloc.getLoc(), alloc.getResult());
  }
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
      // before; so does a trip that starts GPU work, which may read it
      // after the trip.
      if (allocations.empty() ||
          !llvm::all_of(allocations, mlirc::staysInItsRegion) ||
          holds(*body, startsGpuWork))
        continue;
      if (holds(*body, isAsyncOp)) {
        moveToHeap(*body, allocations);
        continue;
      }
      Location loc = body->getParentOp()->getLoc();
      OpBuilder b = OpBuilder::atBlockBegin(body);
      Value stack = LLVM::StackSaveOp::create(b, loc, ptr);
      b.setInsertionPoint(body->getTerminator());
      LLVM::StackRestoreOp::create(b, loc, stack);
    }
  }
};

} // namespace
