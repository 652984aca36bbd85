//===- ArgumentParser.h - argv to DriverOptions -----------------*- C++ -*-===//

#ifndef MLIRC_DRIVER_ARGUMENTPARSER_H
#define MLIRC_DRIVER_ARGUMENTPARSER_H

#include "driver/DriverOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlirc {

/// Replaces each `@file` argument by the arguments written in that file, as
/// clang does (GNU quoting; nested files; a relative name is taken from the
/// working directory, inside a file from that file's directory). \p memory
/// owns the new arguments. A file that cannot be read is an error.
llvm::Error expandResponseFiles(llvm::SmallVectorImpl<const char *> &args,
                                llvm::BumpPtrAllocator &memory);

/// Parses argv (without argv[0]) with mlirc's OptTable.
llvm::Expected<DriverOptions> parseArguments(llvm::ArrayRef<const char *> args);

/// Prints --help.
void printHelp(llvm::raw_ostream &os);

} // namespace mlirc

#endif // MLIRC_DRIVER_ARGUMENTPARSER_H
