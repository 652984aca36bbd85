//===- NarrowFloatsInF32.h - 16-bit float arithmetic as f32 ----*- C++ -*-===//
//
// Targets that cannot compute on a 16-bit float (Vulkan has no bf16; x86
// CPUs without F16C convert f16 by library calls) compute on it in f32,
// rounding each result back as LLVM's own promotion does: arith and vector
// arithmetic through MLIR's emulate-unsupported-floats, math ops through
// its extension to supported types. Extensions to wider floats go through f32,
// which is exact, and truncations from them through f32 rounded to odd, so that
// they round once. What is left of the narrow type afterwards: arith.extf to
// and arith.truncf from f32, and ops that only move values.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_NARROWFLOATSINF32_H
#define MLIRC_PIPELINE_NARROWFLOATSINF32_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class Type;
} // namespace mlir

namespace mlirc {

/// Rewrites the arithmetic of \p root on the float types \p narrow (arith
/// and math ops, math.fma, vector.fma, vector.outerproduct,
/// vector.reduction, vector.contract) as f32 arithmetic; every other float
/// type stays as it is. Fused multiply-adds compute in f64 when \p fmaInF64
/// (the target has f64), which rounds them once; in f32 a tie can round
/// twice.
mlir::LogicalResult computeNarrowFloatsInF32(mlir::Operation *root,
                                             llvm::ArrayRef<mlir::Type> narrow,
                                             bool fmaInF64);

/// Fused multiply-adds of \p root on the float types \p types (math.fma,
/// vector.fma, and vector.outerproduct, which makes them) in f64, rounded
/// back once: for targets that compute those types by extending them to
/// f32 (LLVM's x86 code generator with F16C), where an f32 fma rounds a
/// tie twice.
mlir::LogicalResult computeFmaInF64(mlir::Operation *root,
                                    llvm::ArrayRef<mlir::Type> types);

/// \p type (a scalar, vector or other shaped type) with \p element for its
/// elements.
mlir::Type withElementType(mlir::Type type, mlir::Type element);

} // namespace mlirc

#endif // MLIRC_PIPELINE_NARROWFLOATSINF32_H
