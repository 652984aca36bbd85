//===- OutputFile.h - Outputs that appear only when complete ----*- C++ -*-===//

#ifndef MLIRC_SUPPORT_OUTPUTFILE_H
#define MLIRC_SUPPORT_OUTPUTFILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace llvm {
class raw_pwrite_stream;
} // namespace llvm

namespace mlirc {

/// Whether \p path is written in place rather than renamed onto: "-"
/// (standard output) and an existing file that is not a regular file
/// (/dev/null, another device, a FIFO), as clang does. Renaming onto
/// /dev/null as root would replace the device with a regular file.
bool isWrittenInPlace(llvm::StringRef path);

/// Writes \p path through \p write: into a temporary file, renamed over
/// \p path only when \p write succeeds. An output written in place gets
/// the bytes only then too, and is never removed.
llvm::Error writeOutputFile(
    llvm::StringRef path,
    llvm::function_ref<llvm::Error(llvm::raw_pwrite_stream &)> write);

/// A fresh name beside \p path for a tool (the linker) to write into before
/// it is renamed to \p path with commitOutputFile.
llvm::Expected<std::string> createOutputTempName(llvm::StringRef path);

/// \p name with the commas that separate the fields of fatbinary's image
/// list (of files clang-linker-wrapper names after the link's output) made
/// underscores.
std::string getToolSafeName(llvm::StringRef name);

/// Renames \p tempPath over \p path, or copies it into an output written
/// in place, and removes it.
llvm::Error commitOutputFile(llvm::StringRef tempPath, llvm::StringRef path);

/// \p path with what make reads specially escaped (spaces, '#', '$'), as
/// clang writes dependency files and quotes -MQ targets.
std::string quoteForMake(llvm::StringRef path);

} // namespace mlirc

#endif // MLIRC_SUPPORT_OUTPUTFILE_H
