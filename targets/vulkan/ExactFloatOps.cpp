//===- ExactFloatOps.cpp - IEEE order for Vulkan's float arithmetic -------===//
//
// See ExactFloatOps.h.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/ExactFloatOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace {

bool contracts(arith::FastMathFlags flags) {
  return arith::bitEnumContainsAll(flags, arith::FastMathFlags::contract);
}

/// a * b - c as fma(a, b, -c) and c - a * b as fma(-a, b, c): MLIR's
/// uplift-to-fma takes additions only.
struct SubtractionAsFma : OpRewritePattern<arith::SubFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SubFOp op,
                                PatternRewriter &rewriter) const override {
    arith::FastMathFlags flags = op.getFastmath();
    if (!contracts(flags))
      return failure();
    for (bool productFirst : {true, false}) {
      Value product = productFirst ? op.getLhs() : op.getRhs();
      Value other = productFirst ? op.getRhs() : op.getLhs();
      auto multiply = product.getDefiningOp<arith::MulFOp>();
      if (!multiply || !contracts(multiply.getFastmath()))
        continue;
      arith::FastMathFlags both = flags & multiply.getFastmath();
      Location loc = op.getLoc();
      Value a = multiply.getLhs();
      if (productFirst)
        other = arith::NegFOp::create(rewriter, loc, other, both);
      else
        a = arith::NegFOp::create(rewriter, loc, a, both);
      rewriter.replaceOpWithNewOp<math::FmaOp>(op, a, multiply.getRhs(), other,
                                               both);
      return success();
    }
    return failure();
  }
};

} // namespace

void mlirc::populateContractionPatterns(RewritePatternSet &patterns) {
  populateUpliftToFMAPatterns(patterns);
  patterns.add<SubtractionAsFma>(patterns.getContext());
}

bool mlirc::allFloatOpsReassociate(Operation *root) {
  WalkResult exact = root->walk([](arith::ArithFastMathInterface op) {
    if (op->getNumResults() != 1 ||
        !isa<FloatType>(getElementTypeOrSelf(op->getResult(0).getType())))
      return WalkResult::advance();
    // Ops built without the attribute have none of the flags.
    arith::FastMathFlagsAttr flags = op.getFastMathFlagsAttr();
    return flags && arith::bitEnumContainsAll(flags.getValue(),
                                              arith::FastMathFlags::reassoc)
               ? WalkResult::advance()
               : WalkResult::interrupt();
  });
  return !exact.wasInterrupted();
}

void mlirc::keepFloatOpsExact(spirv::ModuleOp module) {
  // The unit attribute MLIR's serializer writes as the decoration.
  StringRef name = "no_contraction";
  module.walk([&](Operation *op) {
    if (isa<spirv::FAddOp, spirv::FSubOp, spirv::FMulOp, spirv::FDivOp,
            spirv::FRemOp, spirv::FModOp, spirv::FNegateOp,
            spirv::VectorTimesScalarOp, spirv::DotOp>(op))
      op->setAttr(name, UnitAttr::get(op->getContext()));
  });
}
