//===- LiftKernelBranches.cpp - Kernel branches as scf ops ----------------===//
//
// See LiftKernelBranches.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/LiftKernelBranches.h"

#include "mlir/Conversion/ControlFlowToSCF/ControlFlowToSCF.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Transforms/CFGToSCF.h"
#include "mlir/Transforms/DialectConversion.h"

#include <functional>

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

/// scf.index_switch as a chain of scf.if: each case compares the value,
/// the default is the last else.
struct SwitchAsIfs : public OpRewritePattern<scf::IndexSwitchOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IndexSwitchOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    // Moves \p region's block into \p into, whose yield it brings.
    auto takeRegion = [&](Region &region, Region &into) {
      rewriter.inlineRegionBefore(region, into, into.end());
    };
    // Builds the if for case \p index and the rest in its else region.
    std::function<scf::IfOp(unsigned)> build = [&](unsigned index) {
      Value value =
          arith::ConstantIndexOp::create(rewriter, loc, op.getCases()[index]);
      Value equal = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, op.getArg(), value);
      auto ifOp = scf::IfOp::create(rewriter, loc, op.getResultTypes(), equal,
                                    /*withElseRegion=*/true);
      // The generated regions hold a yield (or nothing): replace them.
      for (Region *region : {&ifOp.getThenRegion(), &ifOp.getElseRegion()})
        while (!region->empty())
          rewriter.eraseBlock(&region->front());
      takeRegion(op.getCaseRegions()[index], ifOp.getThenRegion());
      if (index + 1 == op.getCases().size()) {
        takeRegion(op.getDefaultRegion(), ifOp.getElseRegion());
        return ifOp;
      }
      Block *elseBlock = rewriter.createBlock(&ifOp.getElseRegion());
      rewriter.setInsertionPointToStart(elseBlock);
      scf::IfOp inner = build(index + 1);
      scf::YieldOp::create(rewriter, loc, inner.getResults());
      return ifOp;
    };
    if (op.getCases().empty())
      return failure();
    rewriter.setInsertionPoint(op);
    scf::IfOp outer = build(0);
    rewriter.replaceOp(op, outer.getResults());
    return success();
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

void mlirc::populateSwitchAsIfsPatterns(RewritePatternSet &patterns) {
  patterns.add<SwitchAsIfs>(patterns.getContext());
}
