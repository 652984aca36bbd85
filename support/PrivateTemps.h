//===- PrivateTemps.h - One temporary directory, removed on any exit -*- C++
//-*-//
//
// Every temporary file of one mlirc run, mlirc's own and those of the
// tools it runs (clang-linker-wrapper, ptxas, lld), lives in one private
// directory under TMPDIR: mlirc points TMPDIR at it for itself and its
// jobs. The directory goes away when mlirc ends, also on SIGINT, SIGTERM
// and SIGHUP, which first end every running job and what it started (each
// job runs in a process group of its own). After SIGKILL only that
// directory remains.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_PRIVATETEMPS_H
#define MLIRC_SUPPORT_PRIVATETEMPS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mlirc {

/// Owns the private directory for the lifetime of one mlirc run.
class PrivateTemps {
public:
  PrivateTemps() = default;
  ~PrivateTemps();
  PrivateTemps(const PrivateTemps &) = delete;
  PrivateTemps &operator=(const PrivateTemps &) = delete;

  /// Creates the directory in the current TMPDIR, makes it TMPDIR and
  /// installs the signal handlers.
  llvm::Error enter();
};

/// Runs \p program with \p argv (argv[0] included) and \p envp in a
/// process group of its own, its standard output and error appended to
/// \p logPath, and waits for it. Returns the exit code, or -1 when it could
/// not start or died of a signal (described in \p error).
int runInOwnProcessGroup(llvm::StringRef program,
                         llvm::ArrayRef<std::string> argv,
                         const std::vector<std::string> *envp,
                         llvm::StringRef logPath, std::string &error);

} // namespace mlirc

#endif // MLIRC_SUPPORT_PRIVATETEMPS_H
