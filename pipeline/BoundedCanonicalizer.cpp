//===- BoundedCanonicalizer.cpp - MLIR's canonicalizer, with an end -------===//
//
// MLIR's canonicalize pass, with the same patterns and traversal, but
// through applyPatternsWithBound (BoundedRewrites.h): a bound on every
// pattern, fold and IR change in place of its iteration limit. MLIR's
// canonicalizer never ends on a fold that keeps succeeding in place.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"
#include "pipeline/ReductionIdentity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Dialect.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/RegionUtils.h"

namespace mlirc {
#define GEN_PASS_DEF_BOUNDEDCANONICALIZER
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// A masked reduction of one lane without an accumulator as that lane where
/// the mask keeps it and the kind's neutral element where not. MLIR 22's
/// canonicalization of one-lane reductions drops the mask then: a masked-off
/// lane came out as the result.
struct MaskedOneLaneReduction : public OpRewritePattern<vector::ReductionOp> {
  MaskedOneLaneReduction(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    auto maskable = cast<vector::MaskableOpInterface>(op.getOperation());
    VectorType type = op.getSourceVectorType();
    if (!maskable.isMasked() || op.getAcc() || type.getNumElements() != 1 ||
        type.isScalable())
      return failure();
    vector::MaskingOpInterface masking = maskable.getMaskingOp();
    if (masking.hasPassthru())
      return failure();
    Location loc = op.getLoc();
    TypedAttr identity = mlirc::getReductionIdentity(
        op.getKind(), type.getElementType(), rewriter, loc);
    if (!identity)
      return failure();
    rewriter.setInsertionPoint(masking);
    SmallVector<int64_t> first(type.getRank(), 0);
    Value kept =
        vector::ExtractOp::create(rewriter, loc, masking.getMask(), first);
    Value lane =
        vector::ExtractOp::create(rewriter, loc, op.getVector(), first);
    Value neutral = arith::ConstantOp::create(rewriter, loc, identity);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(masking, kept, lane, neutral);
    return success();
  }
};

/// A branch whose constant operands pick one successor (cf.cond_br on a
/// constant, cf.switch on one) as a branch to it, and the blocks that leaves
/// unreachable erased at once. MLIR's own rewrites leave them to the next
/// region simplification, and its patterns in the meantime broke an
/// unreachable loop that passes a block's argument back to it (the fold of
/// an op using an erased value crashed).
struct ConstantBranch : public OpInterfaceRewritePattern<BranchOpInterface> {
  ConstantBranch(MLIRContext *context)
      : OpInterfaceRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(BranchOpInterface op,
                                PatternRewriter &rewriter) const override {
    // cf's branches only: the replacement is a cf.br (LLVM's branches are
    // lowered code).
    if (op->getNumSuccessors() < 2 ||
        !isa<cf::ControlFlowDialect>(op->getDialect()))
      return failure();
    SmallVector<Attribute> constants;
    for (Value operand : op->getOperands()) {
      Attribute value;
      (void)matchPattern(operand, m_Constant(&value));
      constants.push_back(value);
    }
    Block *taken = op.getSuccessorForOperands(constants);
    if (!taken)
      return failure();
    // Only from reachable code: the erasure below would take the branch's
    // own block otherwise.
    Region *region = op->getParentRegion();
    llvm::SmallPtrSet<Block *, 16> reachable;
    SmallVector<Block *> work = {&region->front()};
    while (!work.empty()) {
      Block *block = work.pop_back_val();
      if (reachable.insert(block).second)
        llvm::append_range(work, block->getSuccessors());
    }
    if (!reachable.contains(op->getBlock()))
      return failure();
    unsigned index =
        llvm::find(op->getSuccessors(), taken) - op->getSuccessors().begin();
    SuccessorOperands operands = op.getSuccessorOperands(index);
    // Operands the branch produces itself (none in cf) cannot move.
    if (operands.getProducedOperandCount() != 0)
      return failure();
    rewriter.replaceOpWithNewOp<cf::BranchOp>(
        op, taken, ValueRange(operands.getForwardedOperands()));
    (void)eraseUnreachableBlocks(rewriter, *region);
    return success();
  }
};

struct BoundedCanonicalizerPass
    : public mlirc::impl::BoundedCanonicalizerBase<BoundedCanonicalizerPass> {
  LogicalResult initialize(MLIRContext *context) override {
    RewritePatternSet owned(context);
    mlirc::addFoldingPattern(owned);
    for (Dialect *dialect : context->getLoadedDialects())
      dialect->getCanonicalizationPatterns(owned);
    for (RegisteredOperationName op : context->getRegisteredOperations())
      op.getCanonicalizationPatterns(owned, context);
    owned.add<MaskedOneLaneReduction, ConstantBranch>(context);
    patterns = FrozenRewritePatternSet(std::move(owned));
    return success();
  }

  void runOnOperation() override {
    GreedyRewriteConfig config;
    config.setUseTopDownTraversal(true).setRegionSimplificationLevel(
        GreedySimplifyRegionLevel::Normal);
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), patterns,
            "mlirc-canonicalize (MLIR's canonicalizer)", config)))
      signalPassFailure();
  }

  FrozenRewritePatternSet patterns;
};

} // namespace

void mlirc::addCanonicalizerPerFunction(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createBoundedCanonicalizer());
  pm.addNestedPass<LLVM::LLVMFuncOp>(createBoundedCanonicalizer());
  pm.addNestedPass<gpu::GPUFuncOp>(createBoundedCanonicalizer());
}
