//===- IndexMemory.h - Index memory in Vulkan kernels -----------*- C++ -*-===//
//
// A Vulkan kernel's index is 32 bits. Memory of index elements holds
// integers of a fixed width instead: the shader's own arrays 32-bit ones
// (MLIR converts no index Function or Workgroup variable), and a memref
// argument the host's 64-bit ones, as the host lays it out. Loads of such
// memory are cast to the kernel's index, stores from it.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_INDEXMEMORY_H
#define MLIRC_TARGETS_VULKAN_INDEXMEMORY_H

namespace mlir {
class Value;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// Rewrites the memref and vector loads and stores of \p memory, whose type
/// now has integer elements where its users still take index, into ones
/// of that integer with casts to and from index.
void castIndexAccesses(mlir::Value memory);

/// Gives each kernel argument of \p module that is a memref of index
/// elements, and the views of it, i64 elements, where it is only loaded,
/// stored (also as vectors), measured and viewed; others keep their type
/// (RecordKernelABI reports them).
void widenIndexArguments(mlir::gpu::GPUModuleOp module);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_INDEXMEMORY_H
