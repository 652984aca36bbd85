//===- LowerShape.cpp - Shape computations as arith, tensor and scf -------===//
//
// MLIR's own shape lowering, run only when the module has a shape op (front
// ends of ML frameworks compute broadcast shapes with it): constraints
// become cf.assert (a failed one stops the program with its message), the
// assuming regions they guard are inlined, and what computes shapes
// becomes arith, tensor and scf on extent tensors (a concatenation, which
// convert-shape-to-std lacks, a tensor.concat). What is left (shapes as
// !shape.shape values, shape functions) is reported at the op by
// CheckInput.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/DialectUse.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/ShapeToStandard/ShapeToStandard.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Shape/IR/Shape.h"
#include "mlir/Dialect/Shape/Transforms/Passes.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERSHAPE
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// shape.concat of extent tensors as tensor.concat, which
/// convert-shape-to-std has no pattern for.
void concatsAsTensorConcats(ModuleOp module) {
  SmallVector<shape::ConcatOp> ops;
  module.walk([&](shape::ConcatOp op) {
    if (isa<RankedTensorType>(op.getLhs().getType()) &&
        isa<RankedTensorType>(op.getRhs().getType()) &&
        isa<RankedTensorType>(op.getType()))
      ops.push_back(op);
  });
  for (shape::ConcatOp op : ops) {
    OpBuilder b(op);
    Value joined = tensor::ConcatOp::create(
        b, op.getLoc(), /*dim=*/0, ValueRange{op.getLhs(), op.getRhs()});
    if (joined.getType() != op.getType())
      joined = tensor::CastOp::create(b, op.getLoc(), op.getType(), joined);
    op.replaceAllUsesWith(joined);
    op.erase();
  }
}

struct LowerShapePass : public mlirc::impl::LowerShapeBase<LowerShapePass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!mlirc::hasOpOfDialect<shape::ShapeDialect>(module))
      return;
    OpPassManager pm(ModuleOp::getOperationName());
    pm.addNestedPass<func::FuncOp>(createShapeToShapeLoweringPass());
    pm.addPass(createConvertShapeConstraintsPass());
    if (failed(runPipeline(pm, module)))
      return signalPassFailure();

    // The constraints are now asserts and their witnesses true: the
    // shape dialect's own canonicalizations inline the assuming regions.
    MLIRContext *context = &getContext();
    RewritePatternSet patterns(context);
    context->getLoadedDialect<shape::ShapeDialect>()
        ->getCanonicalizationPatterns(patterns);
    for (RegisteredOperationName name : context->getRegisteredOperations())
      if (name.getDialectNamespace() ==
          shape::ShapeDialect::getDialectNamespace())
        name.getCanonicalizationPatterns(patterns, context);
    if (failed(mlirc::applyPatternsWithBound(module, std::move(patterns),
                                             getArgument())))
      return signalPassFailure();

    // convert-shape-to-std takes shapes as extent tensors and sizes as
    // index: where a !shape.shape or !shape.size value has a use it cannot
    // lower, MLIR speaks of unresolved materializations. The conversion
    // leaves the IR as it was; the error names the computation instead.
    concatsAsTensorConcats(module);
    OpPassManager toStandard(ModuleOp::getOperationName());
    toStandard.addPass(createConvertShapeToStandardPass());
    std::optional<Location> failedAt;
    LogicalResult converted = success();
    {
      ScopedDiagnosticHandler quiet(context, [&](Diagnostic &diag) {
        if (diag.getSeverity() != DiagnosticSeverity::Error)
          return failure();
        if (!failedAt)
          failedAt = diag.getLocation();
        return success();
      });
      converted = runPipeline(toStandard, module);
    }
    if (failed(converted)) {
      emitError(failedAt.value_or(module.getLoc()))
          << "this shape computation cannot be compiled: mlirc lowers the "
             "shape dialect as MLIR's convert-shape-to-std does, on shapes "
             "as extent tensors (tensor<?xindex>) and sizes as index; a "
             "!shape.shape or !shape.size value here has a use it cannot "
             "lower";
      return signalPassFailure();
    }
    mlirc::eraseDeadOpsOfDialect<shape::ShapeDialect>(module);
  }
};

} // namespace
