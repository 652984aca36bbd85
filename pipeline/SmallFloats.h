//===- SmallFloats.h - f8, f6 and f4 values as integers ---------*- C++ -*-===//
//
// Vulkan's SPIR-V has no float type narrower than f16. Once ExpandSmallFloats
// has made their arithmetic f32 and their conversions integer arithmetic,
// what is left of them only moves bits, which integers of their width do
// as well.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_SMALLFLOATS_H
#define MLIRC_PIPELINE_SMALLFLOATS_H

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Keeps \p root's small-float values (f8, f6, f4 but f8E8M0FNU) in
/// integers of their width, their memory as bytes and their constants as
/// their bits, signatures included; nothing when an op still computes on
/// them (which the caller then reports).
void keepSmallFloatsAsIntegers(mlir::Operation *root);

} // namespace mlirc

#endif // MLIRC_PIPELINE_SMALLFLOATS_H
