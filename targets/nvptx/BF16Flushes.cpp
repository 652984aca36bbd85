//===- BF16Flushes.cpp - bf16 compares and negations under FTZ ------------===//

#include "targets/nvptx/BF16Flushes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"

using namespace llvm;

static bool isBF16OrVector(Type *type) {
  return type->getScalarType()->isBFloatTy();
}

void mlirc::avoidBF16FlushModifiers(Module &module) {
  for (Function &function : module) {
    if (function.isDeclaration() ||
        function.getDenormalMode(APFloat::IEEEsingle()).Output !=
            DenormalMode::PreserveSign)
      continue;
    SmallVector<Instruction *> rewritten;
    for (Instruction &inst : instructions(function)) {
      if (auto *compare = dyn_cast<FCmpInst>(&inst);
          compare && isBF16OrVector(compare->getOperand(0)->getType()))
        rewritten.push_back(compare);
      else if (inst.getOpcode() == Instruction::FNeg &&
               isBF16OrVector(inst.getType()))
        rewritten.push_back(&inst);
    }
    for (Instruction *inst : rewritten) {
      IRBuilder<> b(inst);
      Type *type = inst->getOperand(0)->getType();
      Value *replacement;
      if (auto *compare = dyn_cast<FCmpInst>(inst)) {
        Type *f32 = type->getWithNewType(b.getFloatTy());
        Value *lhs = b.CreateFPExt(compare->getOperand(0), f32);
        Value *rhs = b.CreateFPExt(compare->getOperand(1), f32);
        auto *wide =
            cast<FCmpInst>(b.CreateFCmp(compare->getPredicate(), lhs, rhs));
        wide->copyFastMathFlags(compare);
        replacement = wide;
      } else {
        Type *i16 = type->getWithNewType(b.getInt16Ty());
        Value *bits = b.CreateBitCast(inst->getOperand(0), i16);
        Value *flipped = b.CreateXor(bits, ConstantInt::get(i16, 0x8000));
        replacement = b.CreateBitCast(flipped, type);
      }
      replacement->takeName(inst);
      inst->replaceAllUsesWith(replacement);
      inst->eraseFromParent();
    }
  }
}
