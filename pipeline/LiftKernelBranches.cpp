//===- LiftKernelBranches.cpp - Kernel branches as scf ops ----------------===//
//
// See LiftKernelBranches.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/LiftKernelBranches.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CFGToSCF.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

/// MLIR's lifting, for gpu.func too: a kernel's unreachable end (after an
/// infinite loop) is a gpu.return, never reached.
struct LiftKernelBranches : public ControlFlowToSCFTransformation {
  FailureOr<Operation *> createUnreachableTerminator(Location loc,
                                                     OpBuilder &builder,
                                                     Region &region) override {
    auto kernel = dyn_cast<gpu::GPUFuncOp>(region.getParentOp());
    if (!kernel)
      return ControlFlowToSCFTransformation::createUnreachableTerminator(
          loc, builder, region);
    if (kernel.getFunctionType().getNumResults() != 0)
      return failure();
    return gpu::ReturnOp::create(builder, loc).getOperation();
  }
};

} // namespace

LogicalResult mlirc::liftKernelBranches(FunctionOpInterface function) {
  Region &body = function.getFunctionBody();
  if (body.empty() || body.hasOneBlock())
    return success();
  LiftKernelBranches lifting;
  DominanceInfo dominance(function);
  return transformCFGToSCF(body, lifting, dominance);
}

LogicalResult mlirc::lowerScfAround(Operation *function,
                                    ArrayRef<Operation *> ops) {
  DenseSet<Operation *> toLower;
  for (Operation *op : ops)
    for (Operation *parent = op->getParentOp(); parent && parent != function;
         parent = parent->getParentOp())
      if (isa<scf::SCFDialect>(parent->getDialect()))
        toLower.insert(parent);
  if (toLower.empty())
    return success();
  ConversionTarget legal(*function->getContext());
  legal.markUnknownOpDynamicallyLegal(
      [&](Operation *op) { return !toLower.contains(op); });
  RewritePatternSet patterns(function->getContext());
  populateSCFToControlFlowConversionPatterns(patterns);
  return applyPartialConversion(function, legal, std::move(patterns));
}
