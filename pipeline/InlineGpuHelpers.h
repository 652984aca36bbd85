//===- InlineGpuHelpers.h - Device functions that use the GPU, inlined -*-===//
//
// Device functions ("helpers") that use the GPU themselves -- thread ids,
// barriers, shuffles, workgroup memory, device globals; asserts, which end
// the thread, where they can be -- are inlined into
// the kernels that call them, directly or through other helpers, where a
// target needs to see all of a kernel at once: the host target builds a
// block function from it, and the Vulkan target gives workgroup memory and
// subgroups of workgroup memory to kernels only.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_INLINEGPUHELPERS_H
#define MLIRC_PIPELINE_INLINEGPUHELPERS_H

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/DenseSet.h"

namespace mlir {
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// The helpers of \p gpuModule that use the GPU, directly or through the
/// helpers they call. With \p anyMemRef, the helpers that take or return a
/// memref of any address space count too (Vulkan: a buffer passes to a
/// function only as a pointer, which needs variable pointers).
llvm::DenseSet<mlir::StringAttr>
findGpuHelpers(mlir::gpu::GPUModuleOp gpuModule, bool anyMemRef = false);

/// Inlines into \p gpuModule's kernels every call of the helpers
/// \p gpuHelpers names; a recursive helper, or one of more than one block,
/// is an error at the call naming \p target ("host", "Vulkan").
mlir::LogicalResult
inlineGpuHelpers(mlir::gpu::GPUModuleOp gpuModule,
                 const llvm::DenseSet<mlir::StringAttr> &gpuHelpers,
                 llvm::StringRef target);

} // namespace mlirc

#endif // MLIRC_PIPELINE_INLINEGPUHELPERS_H
