//===- GpuCopyCalls.h - gpu.memcpy and gpu.memset at any offset -*- C++ -*-===//
//
// MLIR's gpu-to-llvm copies from the aligned pointer of each memref, not
// where its offset says it starts: a gpu.memcpy into a subview wrote at the
// start of the whole buffer, and one from a subview (a strided layout) had
// no lowering. These patterns, tried before MLIR's, start at the offset and
// take any contiguous layout.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_GPUCOPYCALLS_H
#define MLIRC_PIPELINE_GPUCOPYCALLS_H

namespace mlir {
class LLVMTypeConverter;
class MemRefType;
class RewritePatternSet;
} // namespace mlir

namespace mlirc {

/// Whether the elements of every memref of \p type are one contiguous
/// row-major run, whatever its sizes at run time.
bool isContiguousRowMajor(mlir::MemRefType type);

/// gpu.memcpy and gpu.memset (async, one dependency) of contiguous memrefs
/// as mlirc's runtime calls, from where the memrefs start.
void populateGpuCopyCallPatterns(const mlir::LLVMTypeConverter &converter,
                                 mlir::RewritePatternSet &patterns);

} // namespace mlirc

#endif // MLIRC_PIPELINE_GPUCOPYCALLS_H
