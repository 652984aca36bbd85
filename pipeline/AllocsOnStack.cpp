//===- AllocsOnStack.cpp - Kernel allocations as a thread's own -----------===//

#include "pipeline/AllocsOnStack.h"
#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

namespace mlirc {
#define GEN_PASS_DEF_PRIVATEALLOCSONSTACK
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

void mlirc::eraseDeallocs(Value allocation) {
  for (Operation *user : llvm::make_early_inc_range(allocation.getUsers()))
    if (isa<memref::DeallocOp>(user))
      user->erase();
}

/// Replaces \p from by an allocation of kind \p To with its type, sizes
/// and alignment.
template <typename To, typename From> static To replaceAllocation(From from) {
  OpBuilder b(from);
  auto to = To::create(b, from.getLoc(), from.getType(), from.getDynamicSizes(),
                       from.getSymbolOperands(), from.getAlignmentAttr());
  from.replaceAllUsesWith(to.getResult());
  from.erase();
  return to;
}

void mlirc::moveAllocToStack(memref::AllocOp alloc) {
  eraseDeallocs(alloc);
  replaceAllocation<memref::AllocaOp>(alloc);
}

memref::AllocOp mlirc::moveAllocaToHeap(memref::AllocaOp alloca) {
  return replaceAllocation<memref::AllocOp>(alloca);
}

namespace {
struct PrivateAllocsOnStackPass
    : public mlirc::impl::PrivateAllocsOnStackBase<PrivateAllocsOnStackPass> {
  void runOnOperation() override {
    SmallVector<memref::AllocOp> allocs;
    getOperation()->walk([&](memref::AllocOp alloc) {
      if (mlirc::getGpuAddressSpace(alloc.getType().getMemorySpace()) ==
          gpu::AddressSpace::Private)
        allocs.push_back(alloc);
    });
    for (memref::AllocOp alloc : allocs)
      mlirc::moveAllocToStack(alloc);
  }
};
} // namespace

bool mlirc::staysInItsRegion(Value memory) {
  SmallVector<Value> refs = {memory};
  while (!refs.empty()) {
    Value ref = refs.pop_back_val();
    for (OpOperand &use : ref.getUses()) {
      Operation *user = use.getOwner();
      if (user->hasTrait<OpTrait::IsTerminator>() || user->getNumRegions() != 0)
        return false;
      if (auto store = dyn_cast<memref::StoreOp>(user);
          store && store.getValueToStore() == ref)
        return false;
      if (auto store = dyn_cast<LLVM::StoreOp>(user);
          store && store.getValue() == ref)
        return false;
      for (Value result : user->getResults()) {
        if (!isa<BaseMemRefType, LLVM::LLVMPointerType>(result.getType()))
          continue;
        // Views (and pointers into the memory) refer to it too.
        if (!isa<ViewLikeOpInterface, LLVM::GEPOp>(user))
          return false;
        refs.push_back(result);
      }
    }
  }
  return true;
}
