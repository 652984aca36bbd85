//===- KernelAllocations.cpp - memref.alloc in Vulkan kernels -------------===//

#include "targets/vulkan/KernelAllocations.h"
#include "pipeline/AllocsOnStack.h"
#include "pipeline/MemorySpaces.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

LogicalResult mlirc::allocateInThreadMemory(Operation *kernels) {
  SmallVector<memref::AllocOp> allocs;
  WalkResult dynamic = kernels->walk([&](Operation *op) {
    if (!isa<memref::AllocOp, memref::AllocaOp>(op))
      return WalkResult::advance();
    auto type = cast<MemRefType>(op->getResult(0).getType());
    // Workgroup memory is the kernel's attributions' business.
    std::optional<gpu::AddressSpace> space =
        mlirc::getGpuAddressSpace(type.getMemorySpace());
    if (space != gpu::AddressSpace::Global &&
        space != gpu::AddressSpace::Private)
      return WalkResult::advance();
    if (!type.hasStaticShape()) {
      op->emitError("'")
          << op->getName()
          << "' of a size known only at run time cannot be compiled for "
             "the Vulkan target: a shader's arrays have a size fixed when "
             "it is compiled; give it a static shape, or pass the buffer "
             "to the kernel";
      return WalkResult::interrupt();
    }
    if (auto alloc = dyn_cast<memref::AllocOp>(op))
      allocs.push_back(alloc);
    return WalkResult::advance();
  });
  if (dynamic.wasInterrupted())
    return failure();
  for (memref::AllocOp alloc : allocs)
    mlirc::moveAllocToStack(alloc);

  // A shader's variables live as long as its invocation, whichever scope
  // declared them: an alloca scope is its body.
  SmallVector<memref::AllocaScopeOp> scopes;
  kernels->walk([&](memref::AllocaScopeOp scope) { scopes.push_back(scope); });
  IRRewriter rewriter(kernels->getContext());
  for (memref::AllocaScopeOp scope : scopes) {
    Block *body = &scope.getBodyRegion().front();
    Operation *terminator = body->getTerminator();
    SmallVector<Value> results(terminator->getOperands());
    rewriter.eraseOp(terminator);
    rewriter.inlineBlockBefore(body, scope);
    rewriter.replaceOp(scope, results);
  }
  return success();
}
