//===- KernelSourceName.h - A kernel's name in the input --------*- C++ -*-===//
//
// UniqueKernelNames renames each kernel to a program-unique name with a
// hash; messages about a kernel name it as the input did.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_KERNELSOURCENAME_H
#define MLIRC_PIPELINE_KERNELSOURCENAME_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// The attribute holding the name a renamed kernel had in the input; the
/// lowerings to each target's functions keep it.
constexpr llvm::StringLiteral sourceKernelNameAttr = "mlirc.source_name";

/// The name \p kernel (a gpu.func, or the function it became) had in the
/// input; its symbol name where it was not renamed.
llvm::StringRef getSourceKernelName(mlir::Operation *kernel);

} // namespace mlirc

#endif // MLIRC_PIPELINE_KERNELSOURCENAME_H
