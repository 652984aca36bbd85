//===- InternalizeDeviceSymbols.cpp - Only kernels are exported -----------===//
//
// The device linker sees the device code of the whole program at once; a
// helper function or global named alike in two files must not clash. Kernels
// already carry program-unique names and stay external so the runtime can
// find them.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_INTERNALIZEDEVICESYMBOLS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct InternalizeDeviceSymbolsPass
    : public mlirc::impl::InternalizeDeviceSymbolsBase<
          InternalizeDeviceSymbolsPass> {
  void runOnOperation() override {
    auto internal =
        LLVM::LinkageAttr::get(&getContext(), LLVM::Linkage::Internal);
    StringRef kernelAttr = gpu::GPUDialect::getKernelFuncAttrName();
    getOperation().walk([&](gpu::GPUModuleOp module) {
      for (auto func : module.getOps<LLVM::LLVMFuncOp>())
        if (!func.isExternal() && !func->hasAttr(kernelAttr))
          func.setLinkageAttr(internal);
      for (auto global : module.getOps<LLVM::GlobalOp>())
        if (global.getValueOrNull() || !global.getInitializerRegion().empty())
          global.setLinkageAttr(internal);
    });
  }
};

} // namespace
