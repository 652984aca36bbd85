//===- SubgroupOps.h - Subgroup operations for any subgroup size -*- C++
//-*-===//
//
// Vulkan devices have subgroups of 4 to 128 lanes (lavapipe 8, NVIDIA 32,
// AMD 32 or 64), fixed when the pipeline is made. Kernels get:
// - gpu.shuffle of a constant power-of-two width W as a shuffle within
//   segments of W lanes of a subgroup, right on every subgroup of at least
//   W lanes (the runtime checks that the device has them, or asks for W);
// - clustered gpu.subgroup_reduce as shuffles within the cluster;
// - gpu.all_reduce as subgroup reductions combined through workgroup
//   memory, right for every subgroup size.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_SUBGROUPOPS_H
#define MLIRC_TARGETS_VULKAN_SUBGROUPOPS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
class Operation;
class RewritePatternSet;
class SPIRVTypeConverter;
class Value;
namespace gpu {
class ShuffleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// Rewrites the gpu.all_reduce and clustered gpu.subgroup_reduce ops of
/// \p module's kernels into ops the SPIR-V conversion takes; errors at a
/// form it cannot take (a reduction region, a shuffle width that is not a
/// constant).
mlir::LogicalResult lowerSubgroupOps(mlir::Operation *module);

/// The workgroup size (x, y, z) \p kernel's spirv.entry_point_abi fixes;
/// none when the pipeline sets it.
std::optional<llvm::SmallVector<int64_t, 3>>
getWorkgroupSize(mlir::Operation *kernel);

/// gpu.shuffle as GroupNonUniformShuffle within segments of its width;
/// gpu.subgroup_broadcast as GroupNonUniformShuffle from its lane, or from
/// the first active one (GroupNonUniformBallotFindLSB).
void populateShuffleToSPIRVPatterns(mlir::SPIRVTypeConverter &converter,
                                    mlir::RewritePatternSet &patterns);

/// The constant width of \p shuffle, or 0: a constant, or the size of a
/// block the kernel fixes (MLIR's CUDA tests shuffle across the block).
unsigned getConstantWidth(mlir::gpu::ShuffleOp shuffle);

/// Emits a shuffle of a value by an offset within segments of a width, in
/// the given mode: its result and whether the source lane exists.
using ShuffleBuilder = llvm::function_ref<std::pair<mlir::Value, mlir::Value>(
    mlir::OpBuilder &, mlir::Value value, mlir::Value offset, unsigned width,
    mlir::gpu::ShuffleMode mode)>;

/// The result of \p reduce in clusters of \p cluster lanes (its stride),
/// in every lane, through \p shuffle; right also in a last, partial
/// cluster. \p lane is the lane's i32 index in its subgroup.
mlir::Value buildSubgroupReduction(mlir::OpBuilder &b,
                                   mlir::gpu::SubgroupReduceOp reduce,
                                   unsigned cluster, mlir::Value lane,
                                   ShuffleBuilder shuffle);

/// The most lanes one subgroup must have for the shuffles and clustered
/// reductions of \p kernel and the functions it calls, 0 for none.
unsigned getRequiredSubgroupSize(mlir::Operation *kernel);

/// The entry point of \p kernel that makes its subgroups of workgroup
/// memory (WideSubgroups.cpp).
std::string getWideSubgroupsName(llvm::StringRef kernel);

/// Replaces \p op, a gpu.lane_id, subgroup_id, subgroup_size or
/// num_subgroups, by its value for subgroups of \p width consecutive
/// threads: \p linear is the thread's linear id in its block (x fastest),
/// \p threads the block's thread count. False, and nothing changed, for
/// another op.
bool replaceSubgroupIdOp(mlir::Operation *op, mlir::Value linear,
                         mlir::Value threads, unsigned width);

/// Adds to \p module, for each kernel whose shuffles need subgroups of W
/// lanes and for which it is safe, a copy that makes subgroups of W
/// threads out of workgroup memory, for devices with narrower ones.
void addWideSubgroupKernels(mlir::Operation *module);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_SUBGROUPOPS_H
