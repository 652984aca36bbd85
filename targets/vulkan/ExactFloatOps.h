//===- ExactFloatOps.h - IEEE order for Vulkan float ops ---*- C++ -*-===//
//
// SPIR-V lets a Vulkan driver reassociate and fuse float arithmetic unless
// an op is decorated NoContraction (Mesa's drivers fold (x + 1) - 1 to x).
// arith's ops round each result as IEEE does unless their fastmath flags
// say otherwise, so every float op of a kernel is decorated, unless all of
// them allow reassociation (-ffast-math) and none of the math functions
// that need IEEE order is there (AccurateMath.h). Contraction, which the
// `contract` flag allows, is then done before: multiplies and adds become
// GLSL's Fma (MLIR's uplift-to-fma patterns), and so do multiplies and
// subtractions, as LLVM fuses them for NVIDIA and AMD.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_EXACTFLOATOPS_H
#define MLIRC_TARGETS_VULKAN_EXACTFLOATOPS_H

namespace mlir {
class Operation;
class RewritePatternSet;
namespace spirv {
class ModuleOp;
} // namespace spirv
} // namespace mlir

namespace mlirc {

/// Whether every float arith op under \p root allows reassociation.
bool allFloatOpsReassociate(mlir::Operation *root);

/// Patterns that make math.fma of the multiplies and the adds or
/// subtractions that use them where both ops allow contraction.
void populateContractionPatterns(mlir::RewritePatternSet &patterns);

/// Decorates the float arithmetic of \p module NoContraction.
void keepFloatOpsExact(mlir::spirv::ModuleOp module);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_EXACTFLOATOPS_H
