//===- MissingSPIRVLowerings.h - What MLIR SPIR-V lacks --------*- C++ -*-===//
//
// What MLIR 22's math-, arith- and vector-to-spirv lack for Vulkan (exp2,
// trunc, ctpop, cttz, and the bit counts of other widths than 32; ceildivsi,
// ceildivui, floordivsi; integer ops on i1; bitwise and masked vector
// reductions), and the float types and
// widths Vulkan kernels cannot compute with,
// reported at the op where MLIR would make invalid SPIR-V or store the
// wrong bytes.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_MISSINGSPIRVLOWERINGS_H
#define MLIRC_TARGETS_VULKAN_MISSINGSPIRVLOWERINGS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class RewritePatternSet;
class VectorType;
class SPIRVTypeConverter;
namespace gpu {
class GPUModuleOp;
} // namespace gpu
} // namespace mlir

namespace mlirc {

/// The most elements a SPIR-V vector for Vulkan has.
constexpr int64_t maxSPIRVVectorLength = 4;

/// Whether \p type is a fixed-length 1-D vector longer than that: MLIR's
/// unrolling splits the elementwise ops on it, mlirc's rewrites the rest.
bool isLongVector(mlir::VectorType type);

/// Rewrites before the conversion: math.trunc as copysign(floor(|x|), x);
/// arith.remsi through the unsigned remainder of the magnitudes;
/// arith's ceildivsi, ceildivui and floordivsi as divisions and selects
/// (MLIR's arith-expand patterns); add, mul, min, max, div, rem, shifts and
/// ordered comparisons of i1 as the logic ops they are; ctlz, cttz and
/// ctpop of 8, 16 and 64 bits through 32-bit ones; vector.reduction
/// and, or and xor, and every reduction of i1, as the ops on the elements
/// in turn, and a reduction in a
/// vector.mask as one of the kept elements and the kind's neutral element;
/// vector.step as a constant, n-D broadcasts as broadcasts of rows
/// (MLIR's patterns), and dynamic lanes of vectors longer than
/// SPIR-V's as selects among the static ones; selects of vectors by one
/// i1 as selects by a vector of it; bitcasts of vectors longer than
/// SPIR-V's as bitcasts of pieces; dynamic lanes of n-D vectors through
/// their rows.
void populateMissingSPIRVRewrites(mlir::RewritePatternSet &patterns);

/// math.exp2 as GLSL.std.450's Exp2; 32-bit math.ctpop and math.cttz as
/// OpBitCount and FindILsb (Vulkan's bit instructions take 32 bits only).
void populateMissingSPIRVPatterns(mlir::SPIRVTypeConverter &converter,
                                       mlir::RewritePatternSet &patterns);

/// Errors at the op for what Vulkan kernels cannot compute: the 8-bit and
/// smaller floats, which SPIR-V for Vulkan lacks and MLIR would store as
/// f32 (reading the wrong bytes of the host's buffers; bf16 computes as f32,
/// EmulateBF16.h); and the
/// GLSL.std.450 functions (sin, exp, pow, ...) on f64, which it computes
/// in 16 and 32 bits only.
mlir::LogicalResult checkVulkanFloats(mlir::gpu::GPUModuleOp module);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_MISSINGSPIRVLOWERINGS_H
