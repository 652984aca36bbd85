//===- DropUnusedKernelArguments.cpp - Kernels take only what they read ---===//
//
// A memref argument is its whole descriptor in a lowered kernel: allocated
// and aligned pointers, offset, sizes and strides, each a parameter. Most
// kernels read the aligned pointer only, so the fields they read lie 40
// bytes apart in the kernel's arguments, and AMD GPUs load each with its own
// scalar load where HIP's adjacent pointers load in one. After the device
// lowering, a parameter that no lowered copy of a kernel (one per vendor or
// chip) uses is dropped from each copy, and the module records which
// parameters stay (`mlirc.kernel_arguments`, kernel name to an i1 per
// parameter) for the launch lowering, which passes only those.
//
// Only kernels whose every copy is an llvm.func and whose only host users
// are launches change: the host target and Vulkan take the kernel's
// arguments as they are, and so does prebuilt device code.
//
//===----------------------------------------------------------------------===//

#include "pipeline/KernelArguments.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/BitVector.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/StringSet.h"

namespace mlirc {
#define GEN_PASS_DEF_DROPUNUSEDKERNELARGUMENTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// FunctionOpInterface's eraseArguments cannot rebuild an LLVM function
/// type that returns void.
void eraseParameters(LLVM::LLVMFuncOp func, const llvm::BitVector &erased) {
  LLVM::LLVMFunctionType type = func.getFunctionType();
  SmallVector<Type> params;
  for (auto [i, param] : llvm::enumerate(type.getParams()))
    if (!erased.test(i))
      params.push_back(param);
  function_interface_impl::eraseFunctionArguments(
      func, erased,
      LLVM::LLVMFunctionType::get(type.getReturnType(), params,
                                  type.isVarArg()));
}

struct DropUnusedKernelArgumentsPass
    : public mlirc::impl::DropUnusedKernelArgumentsBase<
          DropUnusedKernelArgumentsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    StringRef kernelAttr = gpu::GPUDialect::getKernelFuncAttrName();
    // Kernels some target takes otherwise than as an llvm.func.
    llvm::StringSet<> kept;
    llvm::MapVector<StringAttr, SmallVector<LLVM::LLVMFuncOp>> copies;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      for (Operation &op : gpuModule.getBody()->getOperations()) {
        if (auto func = dyn_cast<LLVM::LLVMFuncOp>(op)) {
          if (func->hasAttr(kernelAttr))
            copies[func.getSymNameAttr()].push_back(func);
        } else if (auto func = dyn_cast<gpu::GPUFuncOp>(op)) {
          if (func.isKernel())
            kept.insert(func.getName());
        }
      }
    }
    for (auto func : module.getOps<FunctionOpInterface>())
      if (auto kernel = func->getAttrOfType<StringAttr>("mlirc.host_kernel"))
        kept.insert(kernel.getValue());
    // A kernel's symbol used by other host code than launches keeps its
    // signature; so do all where the uses are unknown.
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(&module.getBodyRegion());
    if (!uses)
      return;
    for (const SymbolTable::SymbolUse &use : *uses)
      if (!isa<gpu::LaunchFuncOp>(use.getUser()))
        kept.insert(use.getSymbolRef().getLeafReference().getValue());

    // Kernels an input already records (mlirc's own --compile-to=device
    // output) stay as recorded.
    SmallVector<NamedAttribute> recorded;
    if (auto existing = module->getAttrOfType<DictionaryAttr>(
            mlirc::kernelArgumentsAttrName))
      llvm::append_range(recorded, existing.getValue());
    for (const NamedAttribute &entry : recorded)
      kept.insert(entry.getName().getValue());
    for (auto &[name, funcs] : copies) {
      if (kept.contains(name.getValue()))
        continue;
      unsigned count = funcs.front().getNumArguments();
      if (llvm::any_of(funcs, [&](LLVM::LLVMFuncOp func) {
            return func.getNumArguments() != count || func.isExternal();
          }))
        continue;
      llvm::BitVector unused(count, true);
      for (LLVM::LLVMFuncOp func : funcs)
        for (BlockArgument argument : func.getArguments())
          if (!argument.use_empty())
            unused.reset(argument.getArgNumber());
      if (unused.none())
        continue;
      for (LLVM::LLVMFuncOp func : funcs)
        eraseParameters(func, unused);
      SmallVector<bool> passed;
      for (unsigned i = 0; i < count; ++i)
        passed.push_back(!unused.test(i));
      recorded.push_back(
          NamedAttribute(name, DenseBoolArrayAttr::get(&getContext(), passed)));
    }
    if (!recorded.empty())
      module->setAttr(mlirc::kernelArgumentsAttrName,
                      DictionaryAttr::get(&getContext(), recorded));
  }
};

} // namespace
