//===- SplitPackedProducts.cpp - Packed products split to fuse ------------===//

#include "targets/amdgpu/SplitPackedProducts.h"

#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Transforms/InstCombine/InstCombine.h"

using namespace llvm;

namespace {

/// Finds the packed products to split and splits them.
struct ProductSplitter {
  bool fuseAll;

  bool mayFuse(const Instruction *op) const {
    return fuseAll || op->hasAllowContract();
  }

  /// An fadd or fsub that may fuse with a multiply feeding it.
  bool isFusableAdd(const User *user) const {
    auto *op = dyn_cast<Instruction>(user);
    return op &&
           (op->getOpcode() == Instruction::FAdd ||
            op->getOpcode() == Instruction::FSub) &&
           mayFuse(op);
  }

  /// Whether a lane of \p value ends in a scalar add: directly through
  /// extractelement, or through the shuffles and vector adds of a
  /// horizontal sum (VectorCombine's form of `v[0] + v[1]`).
  bool lanesReachScalarAdd(const Instruction *value, unsigned depth) const {
    for (const User *user : value->users()) {
      if (isa<ExtractElementInst>(user)) {
        if (any_of(user->users(),
                   [&](const User *sum) { return isFusableAdd(sum); }))
          return true;
        continue;
      }
      if (depth < 4 && (isa<ShuffleVectorInst>(user) || isFusableAdd(user)) &&
          lanesReachScalarAdd(cast<Instruction>(user), depth + 1))
        return true;
    }
    return false;
  }

  bool shouldSplit(const BinaryOperator *product) const {
    auto *type = dyn_cast<FixedVectorType>(product->getType());
    if (!type || product->getOpcode() != Instruction::FMul || !mayFuse(product))
      return false;
    Type *element = type->getElementType();
    if (!element->isFloatTy() && !element->isHalfTy())
      return false;
    // A packed multiply whose one use is a vector add is a packed FMA.
    if (product->hasOneUse() && isFusableAdd(*product->user_begin()))
      return false;
    return lanesReachScalarAdd(product, 0);
  }

  /// One scalar multiply per lane, gathered back into a vector for the
  /// uses; InstCombine then takes the lanes straight to their adds.
  static void split(BinaryOperator *product) {
    IRBuilder<> builder(product);
    auto *type = cast<FixedVectorType>(product->getType());
    Value *lanes = PoisonValue::get(type);
    for (unsigned i = 0; i < type->getNumElements(); ++i) {
      Value *lhs = builder.CreateExtractElement(product->getOperand(0), i);
      Value *rhs = builder.CreateExtractElement(product->getOperand(1), i);
      Value *lane = builder.CreateFMulFMF(lhs, rhs, product);
      lanes = builder.CreateInsertElement(lanes, lane, i);
    }
    lanes->takeName(product);
    product->replaceAllUsesWith(lanes);
    product->eraseFromParent();
  }

  bool run(Function &function) const {
    SmallVector<BinaryOperator *> products;
    for (Instruction &op : instructions(function))
      if (auto *product = dyn_cast<BinaryOperator>(&op))
        if (shouldSplit(product))
          products.push_back(product);
    for (BinaryOperator *product : products)
      split(product);
    return !products.empty();
  }
};

} // namespace

void mlirc::splitPackedProductsForFusion(Module &module, TargetMachine &machine,
                                         bool fuseAll) {
  ProductSplitter splitter{fuseAll};
  SmallVector<Function *> changed;
  for (Function &function : module)
    if (!function.isDeclaration() && splitter.run(function))
      changed.push_back(&function);
  if (changed.empty())
    return;
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  FunctionPassManager fpm;
  fpm.addPass(InstCombinePass());
  for (Function *function : changed)
    fpm.run(*function, fam);
}
