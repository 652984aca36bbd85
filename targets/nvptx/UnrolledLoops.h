//===- UnrolledLoops.h - Loops LLVM unrolls, not unrolled again -*- C++ -*-===//
//
// ptxas unrolls the loops of PTX again unless the PTX says not to, and a
// loop LLVM already runs four iterations per trip then runs sixteen: more
// registers than nvcc's code for no fewer instructions per iteration.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_NVPTX_UNROLLEDLOOPS_H
#define MLIRC_TARGETS_NVPTX_UNROLLEDLOOPS_H

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// Gives each loop of \p module without unrolling metadata of its own a
/// follow-up for LLVM's unroller: a loop it unrolls but does not remove is
/// then marked llvm.loop.unroll.disable, which NVPTX prints as
/// `.pragma "nounroll"`. Loops LLVM leaves as they are stay ptxas's.
void keepUnrolledLoops(llvm::Module &module);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_UNROLLEDLOOPS_H
