//===- ModuleLoops.h - Every loop of an LLVM module -------------*- C++ -*-===//
//
// The LLVM IR rewrites that change loop metadata before a back end runs
// (NVIDIA's nounroll marks, the host target's parallel thread loops) visit
// every loop of every function, outer loops before the loops they hold.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_MODULELOOPS_H
#define MLIRC_SUPPORT_MODULELOOPS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace llvm {
class Loop;
class Module;
} // namespace llvm

namespace mlirc {

/// Calls \p visit on each loop of each function \p module defines, a loop
/// before those nested in it.
void forEachLoop(llvm::Module &module,
                 llvm::function_ref<void(llvm::Loop &)> visit);

} // namespace mlirc

#endif // MLIRC_SUPPORT_MODULELOOPS_H
