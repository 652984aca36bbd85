//===- TrailingZeros.cpp - cttz without a branch --------------------------===//

#include "targets/nvptx/TrailingZeros.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PatternMatch.h"

using namespace llvm;
using namespace llvm::PatternMatch;

void mlirc::countTrailingZerosWithoutBranch(Module &module) {
  SmallVector<IntrinsicInst *> counts;
  for (Function &function : module)
    for (Instruction &op : instructions(function))
      if (auto *count = dyn_cast<IntrinsicInst>(&op))
        // With a true second operand, zero is poison: no guard is made.
        if (count->getIntrinsicID() == Intrinsic::cttz &&
            match(count->getArgOperand(1), m_Zero()))
          counts.push_back(count);
  for (IntrinsicInst *count : counts) {
    IRBuilder<> builder(count);
    Value *x = count->getArgOperand(0);
    Value *below = builder.CreateAnd(
        builder.CreateNot(x),
        builder.CreateSub(x, ConstantInt::get(x->getType(), 1)));
    Value *ones = builder.CreateUnaryIntrinsic(Intrinsic::ctpop, below);
    ones->takeName(count);
    count->replaceAllUsesWith(ones);
    count->eraseFromParent();
  }
}
