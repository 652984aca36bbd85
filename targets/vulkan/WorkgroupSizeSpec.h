//===- WorkgroupSizeSpec.h - Workgroup sizes chosen at launch -*- C++ -*-===//
//
// A Vulkan shader fixes its workgroup size, but it may fix it as
// specialization constants, which the pipeline sets. A kernel whose block
// size is known only at run time gets its gpu.block_dim from three spec
// constants (ids workgroupSizeSpecId + 0, 1, 2), and the module a
// specialization-constant composite decorated BuiltIn WorkgroupSize,
// which then fixes every entry point's size (the runtime makes one
// pipeline per block size a kernel is launched with).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_WORKGROUPSIZESPEC_H
#define MLIRC_TARGETS_VULKAN_WORKGROUPSIZESPEC_H

#include "mlir/Support/LLVM.h"
#include <cstdint>
#include <string>

namespace mlir::spirv {
class ModuleOp;
} // namespace mlir::spirv

namespace mlirc {

/// The spec id of the workgroup size's x; y and z follow.
constexpr uint32_t workgroupSizeSpecId = 1000;

/// When an entry point of \p module has no fixed workgroup size, replaces
/// the WorkgroupSize built-in (which MLIR reads as a variable, and Vulkan
/// allows on a constant only) by the spec-constant composite. Returns
/// whether it did.
bool specializeWorkgroupSize(mlir::spirv::ModuleOp module);

/// Decorates the composite of \p spirv (a serialized module) BuiltIn
/// WorkgroupSize, which MLIR's serializer cannot. False when the module
/// has no such composite, or is malformed.
bool decorateWorkgroupSize(std::string &spirv);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_WORKGROUPSIZESPEC_H
