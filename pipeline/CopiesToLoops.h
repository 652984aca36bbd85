//===- CopiesToLoops.h - memref.copy in kernels as loop nests ---*- C++ -*-===//
//
// MLIR lowers a memref.copy of contiguous memrefs to llvm.memcpy and any
// other to a call of `memrefCopy`, a function of MLIR's C runner library
// that no GPU has, nor SPIR-V a way to call. In kernels each copy becomes
// the loads and stores of every element instead.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_COPIESTOLOOPS_H
#define MLIRC_PIPELINE_COPIESTOLOOPS_H

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites each memref.copy of memrefs in \p root as an scf.for nest over
/// the source's dimensions.
void lowerCopiesToLoops(mlir::Operation *root);

} // namespace mlirc

#endif // MLIRC_PIPELINE_COPIESTOLOOPS_H
