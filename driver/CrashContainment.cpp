//===- CrashContainment.cpp - A crash in mlirc becomes an error -----------===//

#include "driver/CrashContainment.h"

#include "llvm/Support/CrashRecoveryContext.h"

using namespace mlirc;

bool mlirc::runCrashContained(llvm::function_ref<void()> work) {
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext context;
  return context.RunSafely(work);
}
