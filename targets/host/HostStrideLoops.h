//===- HostStrideLoops.h - Grid-stride loops as uniform loops ---*- C++ -*-===//
//
// Only targets/host/LowerKernelsToHost.cpp includes this header.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_HOST_HOSTSTRIDELOOPS_H
#define MLIRC_TARGETS_HOST_HOSTSTRIDELOOPS_H

namespace mlir::gpu {
class GPUModuleOp;
} // namespace mlir::gpu

namespace mlirc::host {

/// Rewrites each grid- or block-stride loop at the top of a kernel of
/// \p module (`for k = global_id x (or thread_id x); k < n; k += s`, n and
/// s the same in the whole block, s positive) into loops whose trips are
/// the same in every thread: the trips every thread of the block makes,
/// then the rest, guarded by k < n. Each thread runs the same iterations
/// in the same order; the block function then runs the loops around its
/// thread loops, so that consecutive threads touch consecutive elements in
/// one vectorized thread loop, instead of each thread walking the array
/// alone. \p module must be the host target's own copy.
void makeStrideLoopsUniform(mlir::gpu::GPUModuleOp module);

} // namespace mlirc::host

#endif // MLIRC_TARGETS_HOST_HOSTSTRIDELOOPS_H
