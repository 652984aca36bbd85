//===- LowerLinalgToLoops.cpp - linalg on memrefs as loops, when present --===//
//
// MLIR's convert-linalg-to-loops, run only on modules that hold linalg ops:
// its greedy rewrite folds and simplifies every region it walks, kernels
// included, which programs without linalg should not see change.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERLINALGTOLOOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct LowerLinalgToLoopsPass
    : public mlirc::impl::LowerLinalgToLoopsBase<LowerLinalgToLoopsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createConvertLinalgToLoopsPass());
    pm.getDependentDialects(registry);
  }

  void runOnOperation() override {
    bool hasLinalg = getOperation()
                         .walk([](Operation *op) {
                           return isa<linalg::LinalgDialect>(op->getDialect())
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         })
                         .wasInterrupted();
    if (!hasLinalg)
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createConvertLinalgToLoopsPass());
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

} // namespace
