//===- VectorRowsInSCF.h - n-D vectors through scf as rows ------*- C++ -*-===//
//
// SPIR-V has vectors of up to four elements, and MLIR's unrolling splits
// the n-D and long vectors of arithmetic, but not those scf ops carry: a
// vector<4x4xf32> or vector<8xf32> accumulated by an scf.for, or the
// vector<2x4xf32> that vector-to-scf's unrolled transfers pass through
// scf.if results, had no SPIR-V lowering. Here such values travel through
// scf.for, scf.if and scf.while as the pieces of their rows that unrolling
// makes (a 1:N conversion of MLIR's structural patterns), extracted before
// and inserted back after; the extracts of inserts fold.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_VECTORROWSINSCF_H
#define MLIRC_TARGETS_VULKAN_VECTORROWSINSCF_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites the scf ops in \p kernels that carry vectors of rank two and
/// more, or of more than four elements, to carry pieces of their rows
/// instead.
mlir::LogicalResult splitVectorsInSCF(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_VECTORROWSINSCF_H
