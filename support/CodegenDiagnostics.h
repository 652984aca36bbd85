//===- CodegenDiagnostics.h - LLVM's errors as mlirc's -------*- C++ -*-===//
//
// LLVM's optimizer and code generators report some errors in the input
// through their context (an inline-asm constraint no register satisfies, an
// instruction the target lacks): LLVM's default handler prints them and
// ends the process, leaving the output unfinished. This handler keeps them
// for the caller to report as an error of its own, and keeps the
// optimization remarks quiet (mlirc asks for vectorization everywhere).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_CODEGENDIAGNOSTICS_H
#define MLIRC_SUPPORT_CODEGENDIAGNOSTICS_H

#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace llvm {
class LLVMContext;
} // namespace llvm

namespace mlirc {

class CodegenDiagnostics : public llvm::DiagnosticHandler {
public:
  /// The handler of \p context, installed there if another is.
  static CodegenDiagnostics &of(llvm::LLVMContext &context);

  bool handleDiagnostics(const llvm::DiagnosticInfo &info) override;

  /// The errors reported so far as one error (\p what: "the host code",
  /// say), success when there were none; they are reported once.
  llvm::Error takeErrors(llvm::StringRef what);

private:
  std::vector<std::string> errors;
};

} // namespace mlirc

#endif // MLIRC_SUPPORT_CODEGENDIAGNOSTICS_H
