//===- GpuModuleLowering.h - What GPU units' lowerings share -*- C++ -*-===//
//
// The passes each GPU unit's gpu.module pipeline runs around its own
// conversion of the gpu dialect, with what differs between units as data.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_GPUMODULELOWERING_H
#define MLIRC_PIPELINE_GPUMODULELOWERING_H

#include <cstdint>
#include <string>

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlirc {

/// What a GPU unit's targets are, for the lowering all of them share.
struct GpuModuleLoweringOptions {
  /// Threads per subgroup (32 for NVIDIA, 32 or 64 for AMD).
  unsigned subgroupSize = 32;
  /// The targets' name in errors ("NVIDIA", "AMD").
  std::string vendor;
  /// The dialect of their kernel attributes (nvvm, rocdl).
  std::string intrinsicDialect;
  /// The largest launch they run, which thread and block ids are bounded
  /// by (TargetUnit::getLoweringOptions fills them in); 0 is no bound.
  int64_t maxBlockSize[3] = {0, 0, 0};
  int64_t maxGridSize[3] = {0, 0, 0};
  int64_t maxThreadsPerBlock = 0;
  /// Whether MLIR narrows index arithmetic to 32 bits, for backends that
  /// do not do so themselves from the ids' ranges.
  bool narrowIndexArithmetic = true;
  /// Whether loops with a step other than 1 count their trips
  /// (CountLoopTrips), for backends whose LLVM unrolls such loops once it
  /// can compute the count.
  bool countLoopTrips = false;
  /// With countLoopTrips, only loops whose step is a constant.
  bool countConstantStepsOnly = false;
  /// Whether uniform i32 subgroup reductions become redux.sync (every chip
  /// NVIDIA sm_80 or later).
  bool reduxSync = false;
};

/// Bounds thread and block ids by the limits of \p options (BoundGpuIds).
void addIdBounds(mlir::OpPassManager &pm,
                 const GpuModuleLoweringOptions &options);

/// complex ops as arith, math and LLVM structs; vector ops as the simpler
/// ones the LLVM lowering takes, transfers as loops; strided metadata and
/// affine as arith. Host code and LLVM-based GPU units lower so.
void addComplexVectorAffineLowering(mlir::OpPassManager &pm);

/// What every GPU unit's device lowering (a gpu.module pipeline) runs
/// before its own conversion of the gpu dialect (convert-gpu-to-nvvm,
/// -rocdl): ids bounded by the launch limits, subgroup and reduction ops
/// expanded, vector, strided-metadata, affine and scf ops rewritten into
/// what that conversion takes, and index arithmetic narrowed to 32 bits
/// where integer range analysis proves it fits.
void populateGpuModulePreLowering(mlir::OpPassManager &pm,
                                  const GpuModuleLoweringOptions &options);

/// What it runs after: the remaining vector, arith and ub ops to the LLVM
/// dialect, then clean-up.
void populateGpuModulePostLowering(mlir::OpPassManager &pm);

} // namespace mlirc

#endif // MLIRC_PIPELINE_GPUMODULELOWERING_H
