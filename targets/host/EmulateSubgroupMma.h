//===- EmulateSubgroupMma.h - gpu.subgroup_mma_* on the CPU -----*- C++ -*-===//
//
// Only targets/host/LowerKernelsToHost.cpp includes this header.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_HOST_EMULATESUBGROUPMMA_H
#define MLIRC_TARGETS_HOST_EMULATESUBGROUPMMA_H

namespace llvm {
struct LogicalResult;
} // namespace llvm

namespace mlir::gpu {
class GPUModuleOp;
} // namespace mlir::gpu

namespace mlirc::host {

/// Rewrites the subgroup matrix ops of \p module's kernels (loads, stores,
/// compute, constants, elementwise ops) and the !gpu.mma_matrix values
/// they pass, through loops and branches, into vector ops on whole
/// matrices; an op it cannot emulate is an error at the op.
llvm::LogicalResult emulateSubgroupMma(mlir::gpu::GPUModuleOp module);

} // namespace mlirc::host

#endif // MLIRC_TARGETS_HOST_EMULATESUBGROUPMMA_H
