//===- LowerAsync.cpp - The async dialect as runtime calls, when used -----===//
//
// MLIR's async lowering (async.func and async.execute as coroutines, the
// reference counting of tokens, values and groups, the LLVM conversion of
// what remains) and mlirc's passes around it, run only when the module has
// an async op or value: each of its nine passes walks the whole module, and
// on a large one without async (most programs: launches are runtime calls
// by now) those walks grew faster than the module.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERASYNC
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isAsyncType(Type type) {
  return isa<async::AsyncDialect>(type.getDialect());
}

/// True when \p module has an async op, or a value or function of an async
/// type (an external function returning a token).
bool usesAsync(ModuleOp module) {
  auto usesAsyncTypes = [](TypeRange types) {
    return llvm::any_of(types, isAsyncType);
  };
  return module
      ->walk([&](Operation *op) {
        if (isa_and_present<async::AsyncDialect>(op->getDialect()) ||
            usesAsyncTypes(op->getResultTypes()))
          return WalkResult::interrupt();
        if (auto function = dyn_cast<FunctionOpInterface>(op))
          if (usesAsyncTypes(function.getArgumentTypes()) ||
              usesAsyncTypes(function.getResultTypes()))
            return WalkResult::interrupt();
        for (Region &region : op->getRegions())
          for (Block &block : region)
            if (usesAsyncTypes(block.getArgumentTypes()))
              return WalkResult::interrupt();
        return WalkResult::advance();
      })
      .wasInterrupted();
}

struct LowerAsyncPass : public mlirc::impl::LowerAsyncBase<LowerAsyncPass> {
  using Base::Base;

  OpPassManager buildPipeline() const {
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(mlirc::createConvertAsyncValueTypes());
    pm.addPass(mlirc::createRestoreTaskAsserts());
    pm.addPass(createAsyncFuncToAsyncRuntimePass());
    pm.addPass(createAsyncToAsyncRuntimePass());
    pm.addPass(mlirc::createAsyncValuesThroughBranches());
    pm.addPass(createAsyncRuntimeRefCountingPass());
    pm.addPass(createAsyncRuntimeRefCountingOptPass());
    // The asserts that awaiting a task's error makes.
    pm.addPass(mlirc::createLowerHostAsserts(
        {verificationRecover.getValue(), verificationTrap.getValue()}));
    pm.addPass(createConvertAsyncToLLVMPass());
    return pm;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    Base::getDependentDialects(registry);
    buildPipeline().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!usesAsync(module))
      return;
    OpPassManager pipeline = buildPipeline();
    if (failed(runPipeline(pipeline, module)))
      signalPassFailure();
  }
};

} // namespace
