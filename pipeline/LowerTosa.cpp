//===- LowerTosa.cpp - TOSA programs as linalg on tensors -----------------===//
//
// MLIR's own TOSA lowering pipeline, run only when the module has a tosa
// op: its shape inference and validation passes walk every function.
//
//===----------------------------------------------------------------------===//

#include "pipeline/DialectUse.h"
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
    if (!mlirc::hasOpOfDialect<tosa::TosaDialect>(module))
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    // What tosa-to-linalg leaves: control flow, reshapes and slices,
    // constants and scaling.
    pm.addNestedPass<func::FuncOp>(createTosaToSCFPass());
    // Without TOSA's validation, whose levels (all of TOSA 1.0's) reject
    // dynamic shapes, which front ends emit for a batch size and MLIR's
    // lowering takes ("failed level check: operand shape dimension cannot
    // be dynamic"); the verifiers still check each op.
    TosaToLinalgOptions options;
    tosa::addTosaToLinalgPasses(pm, options, TosaToLinalgNamedOptions(),
                                /*validationOptions=*/std::nullopt);
    pm.addNestedPass<func::FuncOp>(createTosaToTensorPass());
    pm.addNestedPass<func::FuncOp>(createTosaToArithPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();
    // Shapes the lowered reshapes, pads and slices read are left unused
    // (those of a reshape of a dynamic shape, which no fold removed).
    mlirc::eraseDeadOpsOfDialect<tosa::TosaDialect>(module);
  }
};

} // namespace
