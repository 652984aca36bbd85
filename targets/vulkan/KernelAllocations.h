//===- KernelAllocations.h - memref.alloc in Vulkan kernels -----*- C++ -*-===//
//
// A shader allocates no memory while it runs: a thread's own arrays have a
// size fixed in the module. A memref.alloc of a static shape in a kernel,
// which GPU targets with a heap serve from it, is such an array on Vulkan;
// one whose size is known only at run time, or a memref.alloca of one, is
// an error at the op. A memref.alloca_scope is its body.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_KERNELALLOCATIONS_H
#define MLIRC_TARGETS_VULKAN_KERNELALLOCATIONS_H

namespace llvm {
struct LogicalResult;
} // namespace llvm

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Makes each memref.alloc of a static shape in \p kernels a memref.alloca
/// and erases its memref.deallocs, and inlines each memref.alloca_scope;
/// fails, with an error at the op, on an allocation of a dynamic shape.
llvm::LogicalResult allocateInThreadMemory(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_KERNELALLOCATIONS_H
