//===- LowerVectorOps.cpp - Vector ops convert-vector-to-llvm lacks -------===//
//
// MLIR's vector-to-llvm conversion lowers contractions, transposes, masks
// and the like itself, but not multi-reductions, scans, n-D gathers or
// vector.mask around transfers; it leaves them for a lowering of the
// user's choosing. mlirc chooses MLIR's own patterns, before vector-to-scf
// (host and device code alike).
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERVECTOROPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct LowerVectorOpsPass
    : public mlirc::impl::LowerVectorOpsBase<LowerVectorOpsPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerReduction);
    vector::populateVectorScanLoweringPatterns(patterns);
    vector::populateVectorGatherLoweringPatterns(patterns);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
