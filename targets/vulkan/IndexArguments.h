//===- IndexArguments.h - Kernel memrefs of index elements -----*- C++ -*-===//
//
// A Vulkan kernel's index is 32 bits, the host's 64: a memref of index
// elements the host passes holds 8-byte elements the shader read as 4.
// Such an argument becomes a buffer of i64 in the shader, whose loads are
// cast to the kernel's index and whose stores from it, as the host's
// memory layout is.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_INDEXARGUMENTS_H
#define MLIRC_TARGETS_VULKAN_INDEXARGUMENTS_H

namespace mlir::gpu {
class GPUModuleOp;
} // namespace mlir::gpu

namespace mlirc {

/// Gives each kernel argument of \p module that is a memref of index
/// elements, and the views of it, i64 elements, where it is only loaded,
/// stored, measured and viewed; others keep their type (RecordKernelABI
/// reports them).
void widenIndexArguments(mlir::gpu::GPUModuleOp module);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_INDEXARGUMENTS_H
