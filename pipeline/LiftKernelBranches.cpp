//===- LiftKernelBranches.cpp - Kernel branches as scf ops ----------------===//
//
// See LiftKernelBranches.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/LiftKernelBranches.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CFGToSCF.h"

using namespace mlir;

namespace {

/// MLIR's lifting, ending a kernel's unreachable paths with gpu.return
/// (func.return is not a kernel's terminator).
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
