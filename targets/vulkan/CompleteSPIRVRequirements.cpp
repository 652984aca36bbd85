//===- CompleteSPIRVRequirements.cpp - What spirv-update-vce leaves out ---===//

#include "targets/vulkan/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/IR/SymbolTable.h"
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
    // GroupNonUniform is SPIR-V 1.3's, which Vulkan 1.1 has.
    if (subgroup)
      version = std::max(version, spirv::Version::V_1_3);
    // Entry points list variables other than inputs and outputs from
    // SPIR-V 1.4 on.
    SymbolTable symbols(module);
    module.walk([&](spirv::EntryPointOp entry) {
      for (auto name : entry.getInterface().getAsRange<FlatSymbolRefAttr>()) {
        auto variable =
            symbols.lookup<spirv::GlobalVariableOp>(name.getValue());
        auto pointer = variable
                           ? dyn_cast<spirv::PointerType>(variable.getType())
                           : nullptr;
        if (pointer && !llvm::is_contained({spirv::StorageClass::Input,
                                            spirv::StorageClass::Output},
                                           pointer.getStorageClass()))
          version = std::max(version, spirv::Version::V_1_4);
      }
    });
    SmallVector<spirv::Extension> extensions(triple->getExtensions());
    module.setVceTripleAttr(spirv::VerCapExtAttr::get(
        version, capabilities, extensions, &getContext()));
  }
};

} // namespace
