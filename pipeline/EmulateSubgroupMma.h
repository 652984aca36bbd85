//===- EmulateSubgroupMma.h - Tensor-core ops, emulated ---------*- C++ -*-===//
//
// For the targets that run MLIR's tensor-core ops without a lowering to
// the chip's own: the host target and Vulkan.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_EMULATESUBGROUPMMA_H
#define MLIRC_PIPELINE_EMULATESUBGROUPMMA_H

#include <cstdint>

namespace llvm {
struct LogicalResult;
class StringRef;
} // namespace llvm

namespace mlir {
class Location;
class OpBuilder;
class Value;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// The subgroups the emulated matrices belong to: 32 consecutive threads
/// of a block, as CUDA's warps, for which MLIR's tensor-core programs are
/// written, whatever the device's subgroups are (lavapipe's have 8 lanes,
/// some GPUs' 64).
inline constexpr int64_t matrixSubgroupSize = 32;

/// The thread's index in its block, x fastest, as CUDA counts a warp's.
mlir::Value buildLinearThreadId(mlir::OpBuilder &b, mlir::Location loc);

/// Rewrites the subgroup matrix ops of \p module's kernels (loads, stores,
/// compute, constants, elementwise ops) and the !gpu.mma_matrix values
/// they pass, through loops and branches, into vector ops on whole
/// matrices; an op it cannot emulate is an error at the op that names
/// \p target.
llvm::LogicalResult emulateSubgroupMma(mlir::gpu::GPUModuleOp module,
                                       llvm::StringRef target);

} // namespace mlirc

#endif // MLIRC_PIPELINE_EMULATESUBGROUPMMA_H
