//===- CarriedBuffers.h - Loop-carried buffers in kernels -------*- C++ -*-===//
//
// A loop over tensors in a kernel bufferizes into an scf.for that carries
// buffers, and each trip may yield a new one; kernels also swap private
// arrays (ping-pong buffers). SPIR-V without variable pointers cannot
// choose a buffer at run time, and MLIR's buffer deallocation gives such a
// loop ownership flags and calls of its helpers for what is a thread's
// stack memory. So such a loop keeps the buffers it starts with, and each
// trip copies what it yields into them.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_CARRIEDBUFFERS_H
#define MLIRC_PIPELINE_CARRIEDBUFFERS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites each scf.for in \p kernels (a gpu.func, a gpu.launch or a
/// gpu.module) whose carried buffers can stay in place: each starts as an
/// allocation of a static shape made before the loop in the loop's block
/// and used nowhere after it (or as a copy of another buffer, which the
/// loop does not write), and each trip yields the carried buffers or
/// allocations it makes. Such a loop carries no buffer afterwards; loops
/// that do not qualify are left as they are. \p isBufferizedLoop tells the
/// loops bufferization made of loops on tensors: their results may be
/// written through (bufferization did so only where the buffer they start
/// from is no longer read). Failure, with the error reported, where
/// folding the loops reached its bound.
mlir::LogicalResult carryBuffersInPlace(
    mlir::Operation *kernels,
    llvm::function_ref<bool(mlir::Operation *)> isBufferizedLoop = nullptr);

} // namespace mlirc

#endif // MLIRC_PIPELINE_CARRIEDBUFFERS_H
