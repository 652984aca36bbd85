//===- HostObjectParts.h - A large host object compiled in parts -*- C++ -*-===//
//
// The host module of a large program is split (compiler/HostPartitions.h),
// its parts are optimized and compiled on every core, and their objects
// are linked into the one object the compile writes, with `ld.lld -r` from
// mlirc's job list.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_HOSTOBJECTPARTS_H
#define MLIRC_DRIVER_HOSTOBJECTPARTS_H

#include "compiler/HostCodegen.h"
#include "support/Jobs.h"
#include "llvm/Support/Error.h"

namespace mlirc {

/// Writes the object of \p module to \p outputPath compiled in parts, with
/// intermediate files named after \p stem; false, with nothing written,
/// when the module stays whole and is compiled as usual.
llvm::Expected<bool> emitHostObjectInParts(llvm::Module &module,
                                           const HostMachineOptions &machine,
                                           llvm::StringRef stem,
                                           llvm::StringRef outputPath,
                                           TempFiles &temps,
                                           const JobOptions &jobs);

} // namespace mlirc

#endif // MLIRC_DRIVER_HOSTOBJECTPARTS_H
