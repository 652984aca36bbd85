//===- BlockUniform.h - What a whole block shares --------------*- C++ -*-===//
//
// Some GPU ops must be reached by every thread of a block alike
// (gpu.all_reduce, barriers); a kernel's ids, sizes and arguments tell
// where that holds.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_BLOCKUNIFORM_H
#define MLIRC_PIPELINE_BLOCKUNIFORM_H

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

namespace mlirc {

/// Whether \p value is the same in every thread of a block: built by pure
/// arith ops from constants, the kernel's arguments, block-level ids and
/// sizes, the counters of scf.for loops whose bounds are such values, and
/// what loops carry from such a start to such a next value (an scf.while's
/// trip count, a buffer's number that trips change alike).
bool isBlockUniform(mlir::Value value, mlir::gpu::GPUFuncOp kernel);

/// Whether every thread of a block reaches \p op alike: it is in the
/// kernel's entry block, or inside scf.for loops of block-uniform bounds
/// and scf.if ops of block-uniform conditions there.
bool isReachedByWholeBlock(mlir::Operation *op, mlir::gpu::GPUFuncOp kernel);

} // namespace mlirc

#endif // MLIRC_PIPELINE_BLOCKUNIFORM_H
