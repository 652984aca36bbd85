//===- BooleanSelects.cpp - Selects of booleans as lane-mask logic --------===//

#include "targets/amdgpu/BooleanSelects.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

void mlirc::rewriteBooleanSelectsAsLogic(Module &module) {
  SmallVector<SelectInst *> selects;
  for (Function &function : module)
    for (Instruction &op : instructions(function))
      if (auto *select = dyn_cast<SelectInst>(&op))
        if (select->getType()->isIntegerTy(1) &&
            !isa<Constant>(select->getTrueValue()) &&
            !isa<Constant>(select->getFalseValue()))
          selects.push_back(select);
  for (SelectInst *select : selects) {
    IRBuilder<> builder(select);
    // The select's value does not depend on the arm it does not choose,
    // which may be poison; the logic's would.
    auto frozen = [&](Value *value) {
      return isGuaranteedNotToBePoison(value) ? value
                                              : builder.CreateFreeze(value);
    };
    Value *condition = select->getCondition();
    Value *chosen =
        builder.CreateAnd(condition, frozen(select->getTrueValue()));
    Value *other = builder.CreateAnd(builder.CreateNot(condition),
                                     frozen(select->getFalseValue()));
    Value *result = builder.CreateOr(chosen, other);
    result->takeName(select);
    select->replaceAllUsesWith(result);
    select->eraseFromParent();
  }
}
