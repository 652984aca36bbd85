//===- CodegenDiagnostics.cpp - LLVM's errors as mlirc's ------------------===//

#include "support/CodegenDiagnostics.h"

#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/Instruction.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

CodegenDiagnostics &CodegenDiagnostics::of(LLVMContext &context) {
  // The context owns its handler and hands it out as const only.
  if (auto *handler = dynamic_cast<const CodegenDiagnostics *>(
          context.getDiagHandlerPtr()))
    return const_cast<CodegenDiagnostics &>(*handler);
  auto handler = std::make_unique<CodegenDiagnostics>();
  CodegenDiagnostics &installed = *handler;
  context.setDiagnosticHandler(std::move(handler));
  return installed;
}

bool CodegenDiagnostics::handleDiagnostics(const DiagnosticInfo &info) {
  if (isa<DiagnosticInfoOptimizationBase>(info))
    return true;
  if (info.getSeverity() != DS_Error)
    return false;
  std::string text;
  raw_string_ostream os(text);
  DiagnosticPrinterRawOStream printer(os);
  info.print(printer);
  // Diagnostics of IR without debug locations (a resource limit) start
  // with a location that says nothing; the function they name does.
  StringRef unknown = "<unknown>:0:0: ";
  if (StringRef(text).starts_with(unknown))
    text.erase(0, unknown.size());
  // Inline assembly has no source location in MLIR's LLVM dialect: name
  // the function it is in.
  if (const auto *inlineAsm = dyn_cast<DiagnosticInfoInlineAsm>(&info))
    if (const Instruction *instruction = inlineAsm->getInstruction())
      os << " (inline assembly in @"
         << instruction->getFunction()->getName() << ")";
  // Several statements of one function often fail alike: say it once.
  if (!is_contained(errors, text))
    errors.push_back(std::move(text));
  return true;
}

Error CodegenDiagnostics::takeErrors(StringRef what) {
  if (errors.empty())
    return Error::success();
  std::string message = "LLVM cannot compile " + what.str() + ": ";
  for (auto [i, error] : enumerate(errors))
    message += (i ? "; " : "") + error;
  errors.clear();
  return createStringError(message);
}
