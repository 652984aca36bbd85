//===- EmulateBF16.h - bf16 kernels as f32 arithmetic -----------*- C++ -*-===//
//
// SPIR-V for Vulkan has no bf16, and MLIR 22's SPIR-V conversion makes f32
// of it: a kernel read the wrong bytes of the host's buffers. Before the
// conversion, arith, math and vector arithmetic on bf16 compute in f32
// (pipeline/NarrowFloatsInF32.h), and the conversions between bf16 and f32
// become the integer shifts and rounding MLIR's arith expansion makes of them.
// What is left of bf16 only moves (loads, stores, selects, vector element
// moves, shuffles), and becomes i16, which moves the same bits; any other op on
// bf16 is an error at the op.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_EMULATEBF16_H
#define MLIRC_TARGETS_VULKAN_EMULATEBF16_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites the bf16 arithmetic of \p kernels as f32 arithmetic and their
/// bf16 values as i16; an op that computes on bf16 otherwise is an error.
mlir::LogicalResult emulateBF16(mlir::Operation *kernels);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_EMULATEBF16_H
