//===- DeviceScopeAtomics.cpp - AMD kernels' atomics at device scope ------===//
//
// MLIR's memref atomics state no scope, and lower to LLVM atomics of the
// whole system, acquire-release. On AMD chips a system-scope atomic writes
// back and invalidates the L2 cache around itself (gfx90a: buffer_wbl2,
// buffer_invl2), which HIP's atomicAdd never does: its scope is the
// device, and so is the scope of NVIDIA's atom without one. Memory the host
// reads is synchronized when the kernel ends, as in CUDA and HIP.
//
// The acquire half of an atomic keeps the kernel's later accesses after it
// (gfx90a: a wait and an L1 invalidation). Where no memory access can follow
// the atomic in the kernel, as in a histogram or a reduction that ends with
// its atomic, it orders nothing and is dropped; the release half stays.
//
// The AMDGPU backend selects the atomic instructions that PCIe cannot carry
// (integer max and min, the float adds) only for atomics marked as
// touching no remote memory (host memory, another GPU's) and, for the
// float adds, no fine-grained memory and no care for denormals; the rest
// become compare-and-swap loops, right on any memory. HIP marks every
// atomic so by default; mlirc does not, because its programs' host_shared
// and host_register memory is host memory. -fno-atomic-remote-memory
// marks every atomic (an integer max is then global_atomic_smax), and
// -munsafe-fp-atomics marks the float ones with all three (gfx90a's
// global_atomic_add_f32), as hipcc's default with that flag does.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlirc {
#define GEN_PASS_DEF_DEVICESCOPEATOMICS
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Whether an op that may touch memory can run after `op` in its function:
/// later in its block, or in any block reachable from it (its own block
/// again, in a loop).
bool memoryMayBeAccessedAfter(Operation *op) {
  for (Operation *next = op->getNextNode(); next; next = next->getNextNode())
    if (!isMemoryEffectFree(next))
      return true;
  SmallVector<Block *> work(op->getBlock()->getSuccessors());
  DenseSet<Block *> seen;
  while (!work.empty()) {
    Block *block = work.pop_back_val();
    if (!seen.insert(block).second)
      continue;
    for (Operation &other : *block)
      if (!isMemoryEffectFree(&other))
        return true;
    llvm::append_range(work, block->getSuccessors());
  }
  return false;
}

LLVM::AtomicOrdering withoutAcquire(LLVM::AtomicOrdering ordering) {
  switch (ordering) {
  case LLVM::AtomicOrdering::acq_rel:
    return LLVM::AtomicOrdering::release;
  case LLVM::AtomicOrdering::acquire:
    return LLVM::AtomicOrdering::monotonic;
  default:
    return ordering;
  }
}

/// Whether the acquire half of atomic `op` orders nothing: it is in a
/// kernel (a device function returns to code that may touch memory), in
/// its body, with no memory access after it.
bool acquireOrdersNothing(Operation *op) {
  auto func = dyn_cast<LLVM::LLVMFuncOp>(op->getParentOp());
  return func && func->hasAttr(ROCDL::ROCDLDialect::getKernelFuncAttrName()) &&
         !memoryMayBeAccessedAfter(op);
}

struct DeviceScopeAtomicsPass
    : public mlirc::impl::DeviceScopeAtomicsBase<DeviceScopeAtomicsPass> {
  using DeviceScopeAtomicsBase::DeviceScopeAtomicsBase;
  void runOnOperation() override {
    constexpr StringLiteral device = "agent";
    auto *rocdl = getContext().getLoadedDialect<ROCDL::ROCDLDialect>();
    auto unit = UnitAttr::get(&getContext());
    auto isFloat = [](LLVM::AtomicRMWOp rmw) {
      return isa<FloatType>(getElementTypeOrSelf(rmw.getVal().getType()));
    };
    getOperation().walk([&](Operation *op) {
      if (noRemoteMemory && isa<LLVM::AtomicRMWOp, LLVM::AtomicCmpXchgOp>(op))
        rocdl->getNoRemoteMemoryAttrHelper().setAttr(op, unit);
      if (auto rmw = dyn_cast<LLVM::AtomicRMWOp>(op)) {
        if (unsafeFloatAtomics && isFloat(rmw)) {
          rocdl->getNoRemoteMemoryAttrHelper().setAttr(op, unit);
          rocdl->getNoFineGrainedMemoryAttrHelper().setAttr(op, unit);
          rocdl->getIgnoreDenormalModeAttrHelper().setAttr(op, unit);
        }
        if (!rmw.getSyncscope())
          rmw.setSyncscope(device);
        if (acquireOrdersNothing(op))
          rmw.setOrdering(withoutAcquire(rmw.getOrdering()));
      } else if (auto cmpxchg = dyn_cast<LLVM::AtomicCmpXchgOp>(op)) {
        if (!cmpxchg.getSyncscope())
          cmpxchg.setSyncscope(device);
        if (acquireOrdersNothing(op)) {
          cmpxchg.setSuccessOrdering(
              withoutAcquire(cmpxchg.getSuccessOrdering()));
          cmpxchg.setFailureOrdering(
              withoutAcquire(cmpxchg.getFailureOrdering()));
        }
      }
    });
  }
};

} // namespace
