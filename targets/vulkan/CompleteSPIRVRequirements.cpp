//===- CompleteSPIRVRequirements.cpp - What spirv-update-vce leaves out ---===//

#include "targets/vulkan/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "llvm/ADT/STLExtras.h"
#include <algorithm>

namespace mlirc {
#define GEN_PASS_DEF_COMPLETESPIRVREQUIREMENTS
#include "targets/vulkan/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct CompleteSPIRVRequirementsPass
    : public mlirc::impl::CompleteSPIRVRequirementsBase<
          CompleteSPIRVRequirementsPass> {
  void runOnOperation() override {
    spirv::ModuleOp module = getOperation();
    std::optional<spirv::VerCapExtAttr> triple = module.getVceTriple();
    if (!triple)
      return;
    bool subgroup = false;
    module.walk([&](spirv::GlobalVariableOp variable) {
      std::optional<StringRef> builtIn = variable.getBuiltIn();
      subgroup |= builtIn && llvm::is_contained({"SubgroupSize",
                                                 "SubgroupLocalInvocationId",
                                                 "NumSubgroups", "SubgroupId"},
                                                *builtIn);
    });
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    if (subgroup &&
        !llvm::is_contained(capabilities, spirv::Capability::GroupNonUniform))
      capabilities.push_back(spirv::Capability::GroupNonUniform);
    spirv::Version version = triple->getVersion();
    if (auto env = module->getAttrOfType<spirv::TargetEnvAttr>(
            spirv::getTargetEnvAttrName()))
      version = std::max(version, env.getVersion());
    SmallVector<spirv::Extension> extensions(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        version, capabilities, extensions, &getContext()));
  }
};

} // namespace
