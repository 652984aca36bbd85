//===- LowerTosa.cpp - TOSA programs as linalg on tensors -----------------===//
//
// MLIR's own TOSA lowering pipeline, run only when the module has a tosa
// op: its shape inference and validation passes walk every function.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Conversion/TosaToArith/TosaToArith.h"
#include "mlir/Conversion/TosaToLinalg/TosaToLinalg.h"
#include "mlir/Conversion/TosaToSCF/TosaToSCF.h"
#include "mlir/Conversion/TosaToTensor/TosaToTensor.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tosa/IR/TosaOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERTOSA
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct LowerTosaPass : public mlirc::impl::LowerTosaBase<LowerTosaPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool hasTosa = module
                       .walk([](Operation *op) {
                         return isa<tosa::TosaDialect>(op->getDialect())
                                    ? WalkResult::interrupt()
                                    : WalkResult::advance();
                       })
                       .wasInterrupted();
    if (!hasTosa)
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    // What tosa-to-linalg leaves: control flow, reshapes and slices,
    // constants and scaling.
    pm.addNestedPass<func::FuncOp>(createTosaToSCFPass());
    TosaToLinalgOptions options;
    tosa::addTosaToLinalgPasses(pm, options);
    pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
    pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
    if (failed(runPipeline(pm, module)))
      signalPassFailure();
  }
};

} // namespace
