//===- UniqueKernelNames.cpp - Program-unique kernel names ----------------===//
//
// Device code of every object in a program is linked into one image per
// architecture, so two gpu.modules (or two files) that both define @fill or
// outline main_kernel would collide. Each kernel is renamed to
// <module>_<kernel>_<hash>, the hash covering the program id, the module and
// the kernel, so the name is stable for the same input and flags.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "pipeline/KernelSourceName.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/xxhash.h"

namespace mlirc {
#define GEN_PASS_DEF_UNIQUEKERNELNAMES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

StringRef mlirc::getSourceKernelName(Operation *kernel) {
  if (auto name = kernel->getAttrOfType<StringAttr>(sourceKernelNameAttr))
    return name.getValue();
  return SymbolTable::getSymbolName(kernel).getValue();
}

namespace {

struct UniqueKernelNamesPass
    : public mlirc::impl::UniqueKernelNamesBase<UniqueKernelNamesPass> {
  using Base::Base;

  std::string uniqueName(StringRef moduleName, StringRef kernelName) const {
    std::string key =
        programId + "/" + moduleName.str() + "/" + kernelName.str();
    uint64_t hash = llvm::xxh3_64bits(key);
    std::string prefix = moduleName == kernelName
                             ? kernelName.str()
                             : (moduleName + "_" + kernelName).str();
    return prefix + "_" + llvm::utohexstr(hash & 0xffffffff, true, 8);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // old @module::@kernel reference -> new kernel name
    llvm::DenseMap<Attribute, StringAttr> renamed;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      for (auto func : gpuModule.getOps<gpu::GPUFuncOp>()) {
        if (!func.isKernel())
          continue;
        auto oldRef = SymbolRefAttr::get(gpuModule.getNameAttr(),
                                         {FlatSymbolRefAttr::get(func)});
        auto newName = StringAttr::get(
            &getContext(), uniqueName(gpuModule.getName(), func.getName()));
        renamed[oldRef] = newName;
        func->setAttr(mlirc::sourceKernelNameAttr, func.getNameAttr());
        SymbolTable::setSymbolName(func, newName);
      }
    }
    module.walk([&](gpu::LaunchFuncOp launch) {
      auto it = renamed.find(launch.getKernel());
      if (it == renamed.end())
        return;
      launch.setKernelAttr(SymbolRefAttr::get(
          launch.getKernelModuleName(), {FlatSymbolRefAttr::get(it->second)}));
    });
  }
};

} // namespace
