//===- DropKernelMemoryGlobals.cpp - Host copies of kernel-only globals ---===//
//
// Outlining copies the memref.globals a kernel uses into its gpu.module.
// One of workgroup or private memory (#gpu.address_space or NVVM's and
// AMDGPU's numbers 3 and 5) has no meaning in host code, and MLIR's host
// lowering fails on the gpu attributes with no location: the host's copy
// goes unless host code names it, which the host lowering then reports.
//
//===----------------------------------------------------------------------===//

#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlirc {
#define GEN_PASS_DEF_DROPKERNELMEMORYGLOBALS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isKernelMemory(Attribute space) {
  std::optional<gpu::AddressSpace> memory = mlirc::getGpuAddressSpace(space);
  return memory && *memory != gpu::AddressSpace::Global;
}

struct DropKernelMemoryGlobalsPass
    : public mlirc::impl::DropKernelMemoryGlobalsBase<
          DropKernelMemoryGlobalsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    for (auto global :
         llvm::make_early_inc_range(module.getOps<memref::GlobalOp>()))
      if (isKernelMemory(global.getType().getMemorySpace()) &&
          SymbolTable::symbolKnownUseEmpty(global, module))
        global.erase();
  }
};

} // namespace
