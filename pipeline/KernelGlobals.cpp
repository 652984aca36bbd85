//===- KernelGlobals.cpp - Per-kernel host globals in the LLVM dialect ----===//

#include "pipeline/KernelGlobals.h"
#include "pipeline/KernelHandle.h"

#include "mlir/IR/Builders.h"

using namespace mlir;

/// The internal constant global \p name: the existing one, else one made
/// at the end of \p module with \p type and \p value.
static LLVM::GlobalOp getOrCreateConstant(SymbolTable &symbols, Location loc,
                                          StringRef name, Type type,
                                          Attribute value) {
  if (auto global = symbols.lookup<LLVM::GlobalOp>(name))
    return global;
  auto module = cast<ModuleOp>(symbols.getOp());
  OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
  auto global = LLVM::GlobalOp::create(b, loc, type, /*isConstant=*/true,
                                       LLVM::Linkage::Internal, name, value);
  symbols.insert(global);
  return global;
}

LLVM::GlobalOp mlirc::getOrCreateKernelHandle(SymbolTable &symbols,
                                              Location loc, StringRef symbol) {
  Builder b(symbols.getOp()->getContext());
  return getOrCreateConstant(symbols, loc, symbol, b.getI8Type(),
                             b.getI8IntegerAttr(0));
}

LLVM::GlobalOp mlirc::getOrCreateKernelName(SymbolTable &symbols, Location loc,
                                            StringRef kernel) {
  Builder b(symbols.getOp()->getContext());
  std::string value = kernel.str();
  value.push_back('\0');
  return getOrCreateConstant(
      symbols, loc, getKernelNameGlobal(kernel),
      LLVM::LLVMArrayType::get(b.getI8Type(), value.size()),
      b.getStringAttr(value));
}
