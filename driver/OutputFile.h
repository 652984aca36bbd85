//===- OutputFile.h - Outputs that appear only when complete ----*- C++ -*-===//

#ifndef MLIRC_DRIVER_OUTPUTFILE_H
#define MLIRC_DRIVER_OUTPUTFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class raw_pwrite_stream;
} // namespace llvm

namespace mlirc {

/// Writes \p path through \p write: into a temporary file beside it, renamed
/// over \p path only when \p write succeeds. "-" is standard output.
llvm::Error writeOutputFile(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_pwrite_stream &)> write);

/// A fresh name beside \p path for a tool (the linker) to write into before
/// it is renamed to \p path with commitOutputFile.
llvm::Expected<std::string> createOutputTempName(llvm::StringRef path);

/// Renames \p tempPath over \p path.
llvm::Error commitOutputFile(llvm::StringRef tempPath, llvm::StringRef path);

/// \p path with what make reads specially escaped (spaces, '#', '$'), as
/// clang writes dependency files and quotes -MQ targets.
std::string quoteForMake(llvm::StringRef path);

} // namespace mlirc

#endif // MLIRC_DRIVER_OUTPUTFILE_H
