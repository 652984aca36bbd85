//===- CrashContainment.cpp - A crash in mlirc becomes an error -----------===//

#include "support/CrashContainment.h"

#include "llvm/Support/CrashRecoveryContext.h"

#include <atomic>

using namespace mlirc;

static std::atomic<bool> contained = false;

bool mlirc::runCrashContained(llvm::function_ref<void()> work) {
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext context;
  if (context.RunSafely(work))
    return true;
  contained = true;
  return false;
}

bool mlirc::crashWasContained() { return contained; }
