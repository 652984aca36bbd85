//===- CompleteSPIRVRequirements.cpp - What spirv-update-vce leaves out ---===//

#include "targets/vulkan/Passes.h"

#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVTypes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SetVector.h"
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
  /// spirv-lower-abi-attrs lists the variables the entry function itself
  /// uses; those of the functions it calls (a kernel calling a device
  /// function that reads a built-in) belong in the interface too.
  static void completeInterfaces(spirv::ModuleOp module) {
    SymbolTable symbols(module);
    bool allClasses = spirv::lookupTargetEnvOrDefault(module).getVersion() >=
                      spirv::Version::V_1_4;
    module.walk([&](spirv::EntryPointOp entry) {
      auto function = symbols.lookup<spirv::FuncOp>(entry.getFn());
      if (!function)
        return;
      SmallVector<Attribute> interface(entry.getInterface().getValue());
      SetVector<Operation *> reached;
      SmallVector<Operation *> work = {function};
      while (!work.empty()) {
        Operation *current = work.pop_back_val();
        if (!reached.insert(current))
          continue;
        current->walk([&](Operation *op) {
          if (auto call = dyn_cast<spirv::FunctionCallOp>(op)) {
            if (Operation *callee = symbols.lookup(call.getCallee()))
              work.push_back(callee);
            return;
          }
          auto address = dyn_cast<spirv::AddressOfOp>(op);
          if (!address)
            return;
          auto variable =
              symbols.lookup<spirv::GlobalVariableOp>(address.getVariable());
          auto pointer = variable
                             ? dyn_cast<spirv::PointerType>(variable.getType())
                             : nullptr;
          if (!pointer ||
              (!allClasses && !llvm::is_contained({spirv::StorageClass::Input,
                                                   spirv::StorageClass::Output},
                                                  pointer.getStorageClass())))
            return;
          auto name = FlatSymbolRefAttr::get(variable.getSymNameAttr());
          if (!llvm::is_contained(interface, name))
            interface.push_back(name);
        });
      }
      entry.setInterfaceAttr(ArrayAttr::get(module.getContext(), interface));
    });
  }

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
    // Atomics on 64-bit integers (memref.atomic_rmw on i64) need their own
    // capability, which MLIR's conversion does not ask for.
    bool atomics64 = false;
    module.walk([&](Operation *op) {
      if (op->getName().getStringRef().starts_with("spirv.Atomic") &&
          llvm::any_of(op->getResultTypes(),
                       [](Type type) { return type.isInteger(64); }))
        atomics64 = true;
    });
    SmallVector<spirv::Capability> capabilities(triple->getCapabilities());
    if (subgroup &&
        !llvm::is_contained(capabilities, spirv::Capability::GroupNonUniform))
      capabilities.push_back(spirv::Capability::GroupNonUniform);
    if (atomics64 &&
        !llvm::is_contained(capabilities, spirv::Capability::Int64Atomics))
      capabilities.push_back(spirv::Capability::Int64Atomics);
    completeInterfaces(module);
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
