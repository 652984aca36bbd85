//===- HostCodegen.h - Host LLVM IR to assembly or object -------*- C++ -*-===//

#ifndef MLIRC_COMPILER_HOSTCODEGEN_H
#define MLIRC_COMPILER_HOSTCODEGEN_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
class TargetMachine;
class raw_pwrite_stream;
} // namespace llvm

namespace mlirc {

/// A TargetMachine for the architecture mlirc runs on and \p cpu (a CPU
/// name of that architecture, "native" for this machine's CPU and its
/// features, empty for the baseline x86-64), with \p features (LLVM's
/// names with + or -, from -m<feature>) on top of the CPU's;
/// position-independent, clang's default on Debian, unless
/// \p positionIndependent is false (-fno-pic).
llvm::Expected<std::unique_ptr<llvm::TargetMachine>>
createHostTargetMachine(unsigned optLevel, llvm::StringRef cpu,
                        llvm::ArrayRef<std::string> features = {},
                        bool positionIndependent = true);

/// Sets the triple and data layout of \p module to \p machine's.
void prepareHostModule(llvm::Module &module, llvm::TargetMachine &machine);

/// Schedules the functions \p module defines for \p cpu (-mtune's value;
/// "native" for this machine's CPU), as clang's "tune-cpu" attribute: an
/// error for a CPU LLVM does not know for \p machine's target.
llvm::Error tuneHostModule(llvm::Module &module,
                           const llvm::TargetMachine &machine,
                           llvm::StringRef cpu);

/// Makes C's `main` from the program's entry point \p entry (main, or the
/// function --entry-point names), as mlir-runner runs one: a wrapper that
/// calls it and returns its i32 or i64 result as the exit status, prints an
/// f32 result ("%e", as mlir-runner prints it) and returns 0, or returns 0
/// after a function that returns nothing. A main that returns i32 already
/// is C's. With \p printResult (--entry-point-result) an integer result is
/// printed too, in decimal, and the status is 0. Nothing happens when
/// \p module does not define \p entry.
void makeMainFunction(llvm::Module &module, llvm::StringRef entry,
                      bool printResult);

/// Runs LLVM's default optimization pipeline for \p optLevel, with
/// AddressSanitizer's instrumentation when \p addressSanitizer; the errors
/// LLVM reports on the way, as one.
llvm::Error optimizeHostModule(llvm::Module &module,
                               llvm::TargetMachine &machine, unsigned optLevel,
                               bool addressSanitizer = false);

/// Emits \p module as assembly or as an object file.
llvm::Error emitHostCode(llvm::Module &module, llvm::TargetMachine &machine,
                         bool assembly, llvm::raw_pwrite_stream &os);

/// How the host code of a compilation is generated.
struct HostMachineOptions {
  unsigned optLevel = 2;
  /// createHostTargetMachine's CPU.
  std::string cpu;
  /// createHostTargetMachine's features.
  std::vector<std::string> features;
  bool positionIndependent = true;
};

/// Optimizes and compiles each of \p parts (bitcode of splitHostModule's
/// parts) to an object, in its own LLVMContext, on at most \p threads
/// threads (0: one per core). A crash in one part is an error naming it.
llvm::Expected<std::vector<llvm::SmallString<0>>>
compileHostParts(llvm::ArrayRef<llvm::SmallString<0>> parts,
                 const HostMachineOptions &options, unsigned threads);

} // namespace mlirc

#endif // MLIRC_COMPILER_HOSTCODEGEN_H
