//===- CopyChosenBuffers.h - Chosen buffers as copies -----------*- C++ -*-===//
//
// SPIR-V without variable pointers cannot choose a buffer at run time, and
// bufferization makes such choices of an scf.if or arith.select on tensors
// in a kernel: `scf.if %c -> memref<4xi32> { yield %a } else { yield %b }`.
// Where the buffers it is chosen from are a thread's own and not written
// while the choice is in use, a copy of the chosen one reads the same, and
// SPIR-V can make it.
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
/// by a private buffer of a static shape into which the branch taken (or,
/// where the select's result is first used, its condition) copies the
/// buffer chosen, where that keeps what every access sees: the result is
/// used in its own block only, each buffer chosen from is a private or
/// constant one that nothing writes while the result is in use, and none is
/// read after a write through the result (which reaches the copy only).
/// Other choices are left as they are. Failure, with the error reported,
/// where folding the branches reached its bound.
mlir::LogicalResult copyChosenBuffers(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_COPYCHOSENBUFFERS_H
