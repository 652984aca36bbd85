//===- KernelArguments.h - Which kernel parameters launches pass -*- C++
//-*-===//
//
// DropUnusedKernelArguments drops the parameters no lowered copy of a kernel
// reads and records, per kernel, which of the launch's lowered operands
// stay; the launch lowering passes only those.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_KERNELARGUMENTS_H
#define MLIRC_PIPELINE_KERNELARGUMENTS_H

#include "llvm/ADT/StringRef.h"

namespace mlirc {

/// The module attribute: a dictionary from kernel name to an i1 array, one
/// per parameter of the kernel as lowered, true for those it still takes.
inline constexpr llvm::StringLiteral kernelArgumentsAttrName =
    "mlirc.kernel_arguments";

} // namespace mlirc

#endif // MLIRC_PIPELINE_KERNELARGUMENTS_H
