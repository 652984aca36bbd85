//===- Passes.h - the Vulkan target's passes --------------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_VULKAN_PASSES_H
#define MLIRC_TARGETS_VULKAN_PASSES_H

#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassRegistry.h"

namespace mlirc {

// The passes of Passes.td: create<Name>() and <Name>Options for each, and
// registerMlircVulkanPasses(), which registers them all.
#define GEN_PASS_DECL
#include "targets/vulkan/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "targets/vulkan/Passes.h.inc"

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_PASSES_H
