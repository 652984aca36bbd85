//===- AsyncRegion.cpp - gpu-async-region where gpu ops are synchronous ---===//
//
// MLIR's gpu-async-region threads one token through every gpu op of a
// function in program order, async ones included: two launches the
// program puts on independent streams come out one after the other, and a
// kernel that waits for the other never ends. mlirc wants the pass for
// programs written with synchronous gpu ops (their launches then overlap
// the host code), not for those that order their work with tokens
// themselves: a function with any async token is left as it is.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_ASYNCREGION
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True when \p function uses async tokens: its program orders its gpu
/// work itself.
bool usesAsyncTokens(func::FuncOp function) {
  WalkResult found = function.walk([](gpu::AsyncOpInterface op) {
    return op.getAsyncToken() ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found.wasInterrupted();
}

struct AsyncRegionPass : public mlirc::impl::AsyncRegionBase<AsyncRegionPass> {
  void runOnOperation() override {
    if (usesAsyncTokens(getOperation()))
      return;
    OpPassManager pm(func::FuncOp::getOperationName());
    pm.addPass(createGpuAsyncRegionPass());
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

} // namespace
