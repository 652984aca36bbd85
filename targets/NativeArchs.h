//===- NativeArchs.h - This machine's GPUs, from LLVM's arch tools -*- C++ -*-//

#ifndef MLIRC_TARGETS_NATIVEARCHS_H
#define MLIRC_TARGETS_NATIVEARCHS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace mlirc {

/// The lines starting with \p prefix that LLVM's \p tool (nvptx-arch,
/// amdgpu-arch) prints, one per GPU, without repeats; empty when the tool
/// fails or finds none.
std::vector<std::string> detectArchsWith(llvm::StringRef tool,
                                         llvm::StringRef prefix);

/// What \p program prints on standard output when run with \p args; none
/// when it cannot run or fails.
std::optional<std::string>
captureToolOutput(llvm::StringRef program,
                  llvm::ArrayRef<llvm::StringRef> args);

/// The path of LLVM tool \p name in the LLVM mlirc was built with.
std::string getLLVMToolPath(llvm::StringRef name);

} // namespace mlirc

#endif // MLIRC_TARGETS_NATIVEARCHS_H
