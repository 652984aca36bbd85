//===- SPIRVAtomics.h - Atomics MLIR's SPIR-V lowering lacks ----*- C++ -*-===//
//
// MLIR 22's memref-to-spirv lowers memref.atomic_rmw addi, andi, ori and the
// integer min and max only. The rest, and memref.generic_atomic_rmw, become
// a compare-and-exchange loop on the 32- or 64-bit word, as CUDA's
// atomicCAS idiom: floats through an integer view of the same pointer
// (OpAtomicCompareExchange takes integers only). addf on f32 is
// SPV_EXT_shader_atomic_float_add's OpAtomicFAddEXT.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_SPIRVATOMICS_H
#define MLIRC_TARGETS_VULKAN_SPIRVATOMICS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class Operation;
class RewritePatternSet;
class SPIRVTypeConverter;
} // namespace mlir

namespace mlirc {

/// The memref.atomic_rmw ops in \p kernels that SPIR-V has no instruction
/// for as memref.generic_atomic_rmw ops that compute the same. An atomic
/// of a width Vulkan's atomics lack (8 and 16 bits) that MLIR cannot
/// emulate is an error at the op.
mlir::LogicalResult expressAtomicsAsGeneric(mlir::Operation *kernels);

/// memref.generic_atomic_rmw on 32- and 64-bit elements as a loop around
/// OpAtomicCompareExchange; memref.atomic_rmw addf on f32 as
/// OpAtomicFAddEXT.
void populateSPIRVAtomicsPatterns(mlir::SPIRVTypeConverter &converter,
                                  mlir::RewritePatternSet &patterns);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_SPIRVATOMICS_H
