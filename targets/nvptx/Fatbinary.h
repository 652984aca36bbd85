//===- Fatbinary.h - NVIDIA fatbinary containers ----------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_NVPTX_FATBINARY_H
#define MLIRC_TARGETS_NVPTX_FATBINARY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mlirc {

/// One fatbinary holding the images (cubins, PTX) of all of \p fatbinaries,
/// which the CUDA runtime registers as one. \p names say which each is, for
/// errors.
llvm::Expected<std::string>
mergeFatbinaries(llvm::ArrayRef<std::string> fatbinaries,
                 llvm::ArrayRef<std::string> names);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_FATBINARY_H
