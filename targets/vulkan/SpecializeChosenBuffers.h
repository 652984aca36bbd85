//===- SpecializeChosenBuffers.h - One copy of code per buffer --*- C++ -*-===//
//
// SPIR-V without variable pointers cannot choose a buffer at run time:
// `%src = arith.select %c, %a, %b : memref<?xf32>` between a kernel's
// arguments (ping-pong buffers) or its workgroup memory. The code that
// uses the choice can be there twice instead, once for each buffer, under
// an scf.if of the condition.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_SPECIALIZECHOSENBUFFERS_H
#define MLIRC_TARGETS_VULKAN_SPECIALIZECHOSENBUFFERS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Turns each arith.select of memrefs in the kernels of \p kernels (and
/// each scf.if that only chooses among buffers defined before it or views
/// it makes of them, which is one) into an scf.if of its condition that holds
/// the rest of its block once for each buffer, where that keeps the program's
/// meaning and size: the block's terminator takes no memref made after the
/// choice, the condition is the same in the whole workgroup where the rest of
/// the block has barriers or subgroup ops, and the copies stay within a bound.
/// Other choices are left as they are. Failure, with the error reported, where
/// folding the branches reached its bound.
mlir::LogicalResult specializeChosenBuffers(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_SPECIALIZECHOSENBUFFERS_H
