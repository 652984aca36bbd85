//===- CrashContainment.cpp - A crash in mlirc becomes an error -----------===//

#include "support/CrashContainment.h"

#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/Timer.h"

using namespace mlirc;

bool mlirc::runCrashContained(llvm::function_ref<void()> work) {
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext context;
  if (context.RunSafely(work))
    return true;
  // Timers the crash left running would print their report at exit.
  llvm::TimerGroup::clearAll();
  return false;
}
