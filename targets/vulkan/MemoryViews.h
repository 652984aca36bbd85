//===- MemoryViews.h - Views SPIR-V's logical addressing lacks --*- C++ -*-===//
//
// SPIR-V for Vulkan addresses memory logically: a buffer has one element
// type, and MLIR's conversion folds only subviews and reshapes into the
// accesses through them.
//
// - `memref.view` reinterprets a buffer of bytes (memref<Nxi8>) as
//   elements of another type. Where a kernel reads a byte buffer (an
//   argument, or workgroup or private memory) only through views of one
//   element type T, the buffer takes type T instead and each view becomes
//   a memref.reinterpret_cast of it, at the view's offset in elements.
// - An access through a `memref.reinterpret_cast` of a one-dimensional
//   buffer becomes an access of that buffer at the linear index the cast's
//   offset and strides give; a load or store through a `memref.transpose`,
//   one of its source at the permuted indices.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_MEMORYVIEWS_H
#define MLIRC_TARGETS_VULKAN_MEMORYVIEWS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class RewritePatternSet;
} // namespace mlir

namespace mlirc {

/// Retypes the byte buffers of \p module's kernels that are read only
/// through views of one element type. What the runtime binds stays the
/// same bytes: the host passes the buffer as bytes, the shader indexes its
/// elements.
void retypeByteViews(mlir::Operation *module);

/// Replaces the gpu.dynamic_shared_memory of \p module's kernels by a
/// workgroup array of the element type its views take, of the marker
/// length (DynamicSharedMemory.h), and sets the element's bytes on the
/// kernel (attribute mlirc.dynamic_shared_bytes) and on the kernel of the
/// same name in \p original. Errors at one whose views take types of
/// different widths.
mlir::LogicalResult lowerDynamicSharedMemory(mlir::Operation *module,
                                             mlir::Operation *original);

/// A reinterpret_cast of a view (subview, cast, reinterpret_cast, base
/// buffer) as one of the memref of identity layout it views. Accesses
/// (memref.load and store, vector.load, store, maskedload, maskedstore,
/// expandload and compressstore) through a reinterpret_cast of a
/// one-dimensional buffer of identity layout, as accesses of that buffer;
/// vector accesses where the cast's last stride is 1. Loads and stores through
/// a memref.transpose, of its source.
void populateFoldReinterpretCastPatterns(mlir::RewritePatternSet &patterns);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_MEMORYVIEWS_H
