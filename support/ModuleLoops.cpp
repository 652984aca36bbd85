//===- ModuleLoops.cpp - Every loop of an LLVM module ---------------------===//

#include "support/ModuleLoops.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"

void mlirc::forEachLoop(llvm::Module &module,
                        llvm::function_ref<void(llvm::Loop &)> visit) {
  for (llvm::Function &function : module) {
    if (function.isDeclaration())
      continue;
    llvm::DominatorTree dominators(function);
    llvm::LoopInfo loops(dominators);
    for (llvm::Loop *loop : loops.getLoopsInPreorder())
      visit(*loop);
  }
}
