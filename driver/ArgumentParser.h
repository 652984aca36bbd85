//===- ArgumentParser.h - argv to DriverOptions -----------------*- C++ -*-===//

#ifndef MLIRC_DRIVER_ARGUMENTPARSER_H
#define MLIRC_DRIVER_ARGUMENTPARSER_H

#include "driver/DriverOptions.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

namespace llvm {
class raw_ostream;
} // namespace llvm

namespace mlirc {

/// Parses argv (without argv[0]) with mlirc's OptTable.
llvm::Expected<DriverOptions> parseArguments(llvm::ArrayRef<const char *> args);

/// Prints --help.
void printHelp(llvm::raw_ostream &os);

} // namespace mlirc

#endif // MLIRC_DRIVER_ARGUMENTPARSER_H
