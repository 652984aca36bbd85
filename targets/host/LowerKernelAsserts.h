//===- LowerKernelAsserts.h - cf.assert in kernels on the CPU ---*- C++ -*-===//
//
// Only targets/host/LowerKernelsToHost.cpp includes this header.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_HOST_LOWERKERNELASSERTS_H
#define MLIRC_TARGETS_HOST_LOWERKERNELASSERTS_H

namespace llvm {
struct LogicalResult;
} // namespace llvm

namespace mlir::gpu {
class GPUModuleOp;
} // namespace mlir::gpu

namespace mlirc::host {

/// Rewrites each cf.assert in \p module's kernels as a GPU's: when it
/// fails, the thread prints CUDA's device-side message (file:line:
/// function: block: [x,y,z], thread: [x,y,z] Assertion `msg` failed.),
/// tells the runtime (mlircHostAssertFailed), and returns; the runtime
/// fails the launch once every thread has run (structured ops around an
/// assert become branches). \p module must be the host target's own copy.
/// Fails with an error at an assert that cannot end its thread.
llvm::LogicalResult lowerKernelAsserts(mlir::gpu::GPUModuleOp module);

} // namespace mlirc::host

#endif // MLIRC_TARGETS_HOST_LOWERKERNELASSERTS_H
