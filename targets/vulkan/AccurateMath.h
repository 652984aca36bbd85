//===- AccurateMath.h - Vulkan math functions to a few ulp -----*- C++ -*-===//
//
// GLSL.std.450 specifies many functions by the formula a driver may use
// (sinh as (exp(x) - exp(-x)) / 2, asin through atan2, ...), and leaves
// special values undefined (pow(0, 0), atan2(0, 0)). On lavapipe, sinh and
// atanh of 1e-5 were off in the third digit and asin(0.5) in the fourth,
// where CUDA's and HIP's functions are within a few ulp. Kernels for the
// Vulkan target compute:
//   - sinh, asinh, atanh and acosh through expm1 and log1p, as libm does
//     near 0 (and 1);
//   - asin, acos, atan, tanh, log, expm1 and log1p as MLIR's polynomial
//     approximations (populated by the caller);
//   - pow, atan2 and cbrt with C's values at zeros, infinities and NaNs,
//     around the function's own result;
//   - arith.remf exactly, as fmod (SPIR-V's FRem is x - y trunc(x/y)), and
//     maximumf and minimumf with -0 below +0.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_ACCURATEMATH_H
#define MLIRC_TARGETS_VULKAN_ACCURATEMATH_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites the math and float ops under \p root as above.
void rewriteMathForAccuracy(mlir::Operation *root);

/// Whether Vulkan kernels compute the math op named \p name (`math.asin`)
/// as MLIR's polynomial approximation.
bool isApproximatedForVulkan(llvm::StringRef name);

/// Whether a kernel with \p op needs float arithmetic in IEEE order even
/// where its own ops allow reassociation (-ffast-math): the formulas and
/// approximations above (log1p's, for one, cancels on purpose).
bool needsExactArithmetic(mlir::Operation *op);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_ACCURATEMATH_H
