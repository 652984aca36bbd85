//===- ClangJobs.h - Jobs built by clang's driver library -------*- C++ -*-===//
//
// Host sources and the final link go through clang's own driver logic
// (libclangDriver), in-process: it decides the cc1, clang-linker-wrapper and
// linker command lines exactly as `clang` would, and mlirc runs them from its
// own job list.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_CLANGJOBS_H
#define MLIRC_DRIVER_CLANGJOBS_H

#include "support/Jobs.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace mlirc {

/// The clang mlirc was configured with.
std::string getClangPath();

/// The jobs `clang++ <args>` would run, described as \p description.
llvm::Expected<std::vector<Job>>
buildClangJobs(llvm::ArrayRef<std::string> args, llvm::StringRef description);

} // namespace mlirc

#endif // MLIRC_DRIVER_CLANGJOBS_H
