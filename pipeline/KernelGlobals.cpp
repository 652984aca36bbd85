//===- KernelGlobals.cpp - Per-kernel host globals in the LLVM dialect ----===//

#include "pipeline/KernelGlobals.h"
#include "pipeline/KernelHandle.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

/// The internal constant global \p name: the existing one, else one made
/// at the end of \p module with \p type and \p value.
static LLVM::GlobalOp getOrCreateConstant(ModuleOp module, Location loc,
                                          StringRef name, Type type,
                                          Attribute value) {
  if (auto global = module.lookupSymbol<LLVM::GlobalOp>(name))
    return global;
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  return LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                LLVM::Linkage::Internal, name, value);
}

LLVM::GlobalOp mlirc::getOrCreateKernelHandle(ModuleOp module, Location loc,
                                              StringRef symbol) {
  Builder b(module.getContext());
  return getOrCreateConstant(module, loc, symbol, b.getI8Type(),
                             b.getI8IntegerAttr(0));
}

LLVM::GlobalOp mlirc::getOrCreateKernelName(ModuleOp module, Location loc,
                                            StringRef kernel) {
  Builder b(module.getContext());
  std::string value = kernel.str();
  value.push_back('\0');
  return getOrCreateConstant(
      module, loc, getKernelNameGlobal(kernel),
      LLVM::LLVMArrayType::get(b.getI8Type(), value.size()),
      b.getStringAttr(value));
}
