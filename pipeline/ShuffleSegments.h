//===- ShuffleSegments.h - Where a gpu.shuffle reads from -------*- C++ -*-===//
//
// mlirc's gpu.shuffle of width W works within segments of W lanes on every
// target (the host target's thread loops, NVIDIA's and AMD's shuffles,
// Vulkan's subgroups of workgroup memory): one definition of the lane a
// shuffle reads and whether that is valid.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_SHUFFLESEGMENTS_H
#define MLIRC_PIPELINE_SHUFFLESEGMENTS_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlirc {

/// The lane a shuffle of \p mode reads for \p lane, and whether it lies in
/// the lane's segment of \p width lanes (for `idx`, whether \p offset is
/// below \p width), with the segment's first lane and the one past its
/// last. All are integers of one type. The caller adds what its target
/// bounds besides: the subgroup, the block's threads.
struct ShuffleSource {
  mlir::Value lane;
  mlir::Value valid;
  mlir::Value segmentStart;
  mlir::Value segmentEnd;
};
ShuffleSource getShuffleSource(mlir::OpBuilder &b, mlir::Location loc,
                               mlir::gpu::ShuffleMode mode, mlir::Value lane,
                               mlir::Value offset, mlir::Value width);

} // namespace mlirc

#endif // MLIRC_PIPELINE_SHUFFLESEGMENTS_H
