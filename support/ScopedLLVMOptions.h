//===- ScopedLLVMOptions.h - LLVM options for one step ----------*- C++ -*-===//
//
// LLVM reads some tuning only from its command-line options, which are the
// process's. A step that needs its own values (one target's optimization)
// sets them for its duration, when nothing else in the process runs LLVM's
// passes, and leaves those the user gave (-mllvm) as they are.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_SCOPEDLLVMOPTIONS_H
#define MLIRC_SUPPORT_SCOPEDLLVMOPTIONS_H

#include <string>
#include <utility>
#include <vector>

namespace llvm {
namespace cl {
class Option;
} // namespace cl
} // namespace llvm

namespace mlirc {

/// An LLVM option's name and the value a step runs with.
using LLVMOptionValue = std::pair<std::string, std::string>;

class ScopedLLVMOptions {
public:
  /// Sets each option the user has not given; one LLVM does not have, or
  /// a value it does not take, stays as it is.
  explicit ScopedLLVMOptions(const std::vector<LLVMOptionValue> &values);
  /// Back to their defaults.
  ~ScopedLLVMOptions();
  ScopedLLVMOptions(const ScopedLLVMOptions &) = delete;
  ScopedLLVMOptions &operator=(const ScopedLLVMOptions &) = delete;

private:
  std::vector<llvm::cl::Option *> set;
};

} // namespace mlirc

#endif // MLIRC_SUPPORT_SCOPEDLLVMOPTIONS_H
