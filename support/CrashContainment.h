//===- CrashContainment.h - A crash in mlirc becomes an error ---*- C++ -*-===//
//
// A crash in a pass or in code generation (an MLIR or LLVM bug reached by
// some input) ends mlirc with "internal compiler error in ...", a
// reproducer where there is one, and exit code 1, not a signal.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_SUPPORT_CRASHCONTAINMENT_H
#define MLIRC_SUPPORT_CRASHCONTAINMENT_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlirc {

/// Runs \p work under LLVM's crash recovery; false when it crashed.
bool runCrashContained(llvm::function_ref<void()> work);

/// Whether a crash was contained in this process. LLVM's global lists may
/// then hold timers and timer groups of the frames the crash left, which
/// touching (LLVM's shutdown at exit does) would crash: such a process
/// ends without it.
bool crashWasContained();

} // namespace mlirc

#endif // MLIRC_SUPPORT_CRASHCONTAINMENT_H
