//===- SequentialLoops.h - Kernel ops as scf.for nests ----------*- C++ -*-===//
//
// What MLIR's SPIR-V lowering lacks inside a kernel and a loop nest
// computes: `memref.copy` as the loads and stores of every element
// (CopiesToLoops.h), and `scf.forall` and `scf.parallel`, which inside one
// thread run in sequence, as nested scf.for loops whose iteration
// arguments carry the reductions.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_SEQUENTIALLOOPS_H
#define MLIRC_TARGETS_VULKAN_SEQUENTIALLOOPS_H

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites the memref.copy, scf.forall and scf.parallel ops in \p kernels
/// as scf.for nests. Runs before the dynamic sizes are passed
/// (MemRefMetadata.h): a copy of a dynamically shaped memref reads its
/// sizes.
void lowerToSequentialLoops(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_SEQUENTIALLOOPS_H
