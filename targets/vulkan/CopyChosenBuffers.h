//===- CopyChosenBuffers.h - Chosen buffers as copies -----------*- C++ -*-===//
//
// SPIR-V without variable pointers cannot choose a buffer at run time, and
// bufferization makes such choices of an scf.if or arith.select on tensors
// in a kernel: `scf.if %c -> memref<4xi32> { yield %a } else { yield %b }`.
// Where the chosen buffer is only read and the buffers it is chosen from are
// a thread's own and no longer written, a copy of the chosen one reads the
// same, and SPIR-V can make it.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_COPYCHOSENBUFFERS_H
#define MLIRC_TARGETS_VULKAN_COPYCHOSENBUFFERS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Replaces each memref result of an scf.if or arith.select in \p kernels
/// by a private buffer of a static shape allocated before it, into which
/// the branch taken (or the select's condition) copies the buffer chosen,
/// where that keeps what every read sees: the result is only read, in its
/// own block, and each buffer chosen from is a private or constant one that
/// nothing writes after the choice. Other choices are left as they are.
/// Failure, with the error reported, where folding the branches reached
/// its bound.
mlir::LogicalResult copyChosenBuffers(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_COPYCHOSENBUFFERS_H
