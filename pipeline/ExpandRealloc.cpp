//===- ExpandRealloc.cpp - memref.realloc, without folding the module ----===//
//
// MLIR's expand-realloc patterns, applied to each memref.realloc alone by
// the walk driver. MLIR's own pass applies them greedily, which folds every
// op of the module on the way: before kernel outlining that marks some
// gpu.all_reduce ops uniform and changes what compiles, in programs that
// hold no realloc at all.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/WalkPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDREALLOC
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct ExpandReallocPass
    : public mlirc::impl::ExpandReallocBase<ExpandReallocPass> {
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    memref::populateExpandReallocPatterns(patterns, /*emitDeallocs=*/true);
    walkAndApplyPatterns(getOperation(), std::move(patterns));
  }
};

} // namespace
