//===- MatrixIntrinsics.cpp - LLVM's matrix intrinsics lowered ------------===//

#include "support/MatrixIntrinsics.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/LowerMatrixIntrinsics.h"

using namespace llvm;

void mlirc::lowerMatrixIntrinsics(Module &module, bool minimal) {
  bool hasMatrixIntrinsics = any_of(module, [](const Function &f) {
    Intrinsic::ID id = f.getIntrinsicID();
    return id == Intrinsic::matrix_multiply ||
           id == Intrinsic::matrix_transpose ||
           id == Intrinsic::matrix_column_major_load ||
           id == Intrinsic::matrix_column_major_store;
  });
  if (!hasMatrixIntrinsics)
    return;
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder builder;
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  ModulePassManager mpm;
  mpm.addPass(
      createModuleToFunctionPassAdaptor(LowerMatrixIntrinsicsPass(minimal)));
  mpm.run(module, mam);
}
