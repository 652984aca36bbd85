//===- WorkgroupAllocs.cpp - Workgroup memref.allocs as attributions -----===//
//
// A memref.alloc (or alloca) in workgroup memory in a kernel, as MLIR's
// promotion to shared memory and bufferization into that memory space make
// them, is one buffer that the block's threads share: SPIR-V's lowering
// makes it a workgroup variable. MLIR's LLVM lowerings made a heap
// allocation per thread, cast to shared memory (NVIDIA: a wrong pointer),
// and the host target one per thread. As a workgroup attribution of the
// kernel it is what SPIR-V makes of it on every target. One in a device
// function is an error at the op.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AllocsOnStack.h"
#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlirc {
#define GEN_PASS_DEF_WORKGROUPALLOCS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isWorkgroupMemory(MemRefType type) {
  return mlirc::getGpuAddressSpace(type.getMemorySpace()) ==
         gpu::AddressSpace::Workgroup;
}

struct WorkgroupAllocsPass
    : public mlirc::impl::WorkgroupAllocsBase<WorkgroupAllocsPass> {
  void runOnOperation() override {
    for (auto function : getOperation().getOps<FunctionOpInterface>()) {
      SmallVector<Operation *> allocs;
      function->walk([&](Operation *op) {
        if (isa<memref::AllocOp, memref::AllocaOp>(op) &&
            isWorkgroupMemory(cast<MemRefType>(op->getResult(0).getType())))
          allocs.push_back(op);
      });
      if (allocs.empty())
        continue;
      // A device function's would be one per call (and per thread where
      // it is not inlined): the kernel owns workgroup memory.
      auto kernel = dyn_cast<gpu::GPUFuncOp>(function.getOperation());
      if (!kernel || !kernel.isKernel()) {
        allocs.front()->emitError(
            "a workgroup memory buffer cannot be allocated in a device "
            "function: workgroup memory belongs to the kernel; allocate it in "
            "the kernel and pass it to the function");
        return signalPassFailure();
      }
      for (Operation *alloc : allocs)
        if (failed(makeAttribution(kernel, alloc)))
          return signalPassFailure();
    }
  }

  /// \p alloc as a workgroup attribution of \p kernel; plain arrays only
  /// (attributions have no layout), one of a dynamic shape is an error.
  static LogicalResult makeAttribution(gpu::GPUFuncOp kernel,
                                       Operation *alloc) {
    auto type = cast<MemRefType>(alloc->getResult(0).getType());
    if (!type.getLayout().isIdentity())
      return success();
    if (!type.hasStaticShape())
      return alloc->emitError(
          "a workgroup memory buffer of a size known only at run time cannot "
          "be allocated in a kernel: workgroup memory is laid out when the "
          "kernel is compiled; give it a static shape, or use "
          "gpu.dynamic_shared_memory");
    Value shared = kernel.addWorkgroupAttribution(type, alloc->getLoc());
    mlirc::eraseDeallocs(alloc->getResult(0));
    alloc->getResult(0).replaceAllUsesWith(shared);
    alloc->erase();
    return success();
  }
};

} // namespace
