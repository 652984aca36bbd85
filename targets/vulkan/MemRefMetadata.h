//===- MemRefMetadata.h - Dynamic memref sizes in Vulkan kernels -*- C++ -*-=//
//
// A Vulkan kernel's memref argument is a storage buffer, which carries no
// sizes or strides: a memref<?x?xf32> could not even be indexed. The
// dynamic fields of such an argument's descriptor (its offset, sizes and
// strides where the type does not fix them) become extra arguments of the
// kernel, after its own, which RecordKernelABI puts in push constants and
// the runtime fills from the descriptor the host passes; in the kernel the
// buffer is a 1-D memref reinterpreted with them.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_MEMREFMETADATA_H
#define MLIRC_TARGETS_VULKAN_MEMREFMETADATA_H

#include "llvm/ADT/SmallVector.h"

namespace mlir {
class MemRefType;
class RewritePatternSet;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// The fields of the host's descriptor of a kernel argument of \p type (2:
/// the offset, 3 + i: size i, 3 + rank + i: stride i) that the kernel takes
/// as extra arguments: the dynamic ones, for memrefs of rank 2 and more or
/// with a strided layout; for a 1-D memref (whose buffer needs none to be
/// indexed) its size only when \p sizeOf1D, for kernels that ask for it.
/// Strides of an identity layout are computed from its sizes.
llvm::SmallVector<unsigned> getDynamicDescriptorFields(mlir::MemRefType type,
                                                       bool sizeOf1D);

/// The kernel attribute that lists the 1-D memref arguments whose size the
/// kernel takes.
constexpr const char *memrefSizeArgsAttr = "mlirc.memref_size_arguments";

/// Adds those arguments to every kernel of \p copy and rewrites its memref
/// arguments that have some as 1-D buffers reinterpreted with them; notes
/// on the kernels of \p original which 1-D memrefs' sizes they take.
void passDynamicMemRefFields(mlir::gpu::GPUModuleOp copy,
                             mlir::gpu::GPUModuleOp original);

/// memref.dim of a memref.reinterpret_cast as the size the cast was given,
/// of an unranked cast of a ranked memref as the ranked memref's (and
/// memref.rank of one as its rank);
/// the offset, sizes and strides memref.extract_strided_metadata extracts
/// from a memref of identity layout as 0, its dims and their products.
void populateDimOfReinterpretCastPatterns(mlir::RewritePatternSet &patterns);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_MEMREFMETADATA_H
