//===- DirectedRounding.cpp - arith.truncf with a rounding mode -----------===//
//
// MLIR lowers `arith.truncf %x upward` (downward, toward_zero,
// to_nearest_away) to LLVM's constrained fptrunc, whose rounding argument
// only tells LLVM which rounding mode the program has set; nothing sets it,
// so every target rounded to nearest even (1.3 upward to f16 gave 1.2998),
// the small floats' lowerings had no rule for it, and Vulkan rejects the
// rounding decorations other than RTE and RTZ. Here such a truncation
// becomes the nearest-even one and a correction on the result's bits: one
// step in magnitude where the nearest value lies on the wrong side of the
// input (or, for to_nearest_away, where the input lies exactly halfway and
// the nearest even value is the smaller in magnitude). Steps past the
// largest finite value give what APFloat's conversion gives: infinity,
// NaN, or the largest value, by type. Every target then rounds as asked.
// A truncation of a constant folds with APFloat (MLIR's folder leaves it),
// also of a tensor before bufferization.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BitBuilder.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/NarrowFloatsInF32.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlirc {
#define GEN_PASS_DEF_DIRECTEDROUNDING
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

using mlirc::BitBuilder;

/// What a float type does past its largest finite value and at zero.
struct Encoding {
  unsigned width;
  uint64_t sign;
  /// The magnitude bits of the largest finite value and of infinity (if
  /// any), and the bits of NaN (if any).
  uint64_t largest;
  std::optional<uint64_t> infinity, nan;
  /// No negative zero: its bits are NaN's (the FNUZ types).
  bool unsignedZero;
};

std::optional<Encoding> getEncoding(FloatType type) {
  const llvm::fltSemantics &semantics = type.getFloatSemantics();
  // Without a sign or a zero (f8E8M0FNU), or not a whole encoding (TF32).
  if (!llvm::APFloat::semanticsHasSignedRepr(semantics) ||
      !llvm::APFloat::semanticsHasZero(semantics) ||
      type.getWidth() != llvm::APFloat::getSizeInBits(semantics))
    return std::nullopt;
  Encoding encoding;
  encoding.width = type.getWidth();
  encoding.sign = uint64_t(1) << (encoding.width - 1);
  encoding.largest =
      llvm::APFloat::getLargest(semantics).bitcastToAPInt().getZExtValue();
  if (llvm::APFloat::semanticsHasInf(semantics))
    encoding.infinity =
        llvm::APFloat::getInf(semantics).bitcastToAPInt().getZExtValue();
  if (llvm::APFloat::semanticsHasNaN(semantics))
    encoding.nan =
        llvm::APFloat::getQNaN(semantics).bitcastToAPInt().getZExtValue();
  encoding.unsignedZero =
      !llvm::APFloat::getZero(semantics, /*Negative=*/true).isNegative();
  return encoding;
}

const llvm::fltSemantics &getSemantics(Type type) {
  return cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
}

struct DirectedTruncate : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<arith::RoundingMode> mode = op.getRoundingmode();
    // Tensors are computed once bufferized.
    if (!mode || *mode == arith::RoundingMode::to_nearest_even ||
        isa<TensorType>(op.getType()))
      return failure();
    auto element = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    std::optional<Encoding> encoding = getEncoding(element);
    if (!encoding)
      return failure();
    Location loc = op.getLoc();
    Value x = op.getIn();
    Type sourceType = x.getType();
    Type intType = mlirc::withElementType(
        op.getType(), rewriter.getIntegerType(encoding->width));
    BitBuilder bits{rewriter, loc, intType};
    auto cmpf = [&](arith::CmpFPredicate predicate, Value a, Value b) {
      return arith::CmpFOp::create(rewriter, loc, predicate, a, b).getResult();
    };
    auto asFloat = [&](Value b) {
      Value f = arith::BitcastOp::create(rewriter, loc, op.getType(), b);
      return arith::ExtFOp::create(rewriter, loc, sourceType, f).getResult();
    };
    auto abs = [&](Value f) {
      return math::AbsFOp::create(rewriter, loc, f).getResult();
    };
    auto andi = [&](Value a, Value b) {
      return arith::AndIOp::create(rewriter, loc, a, b).getResult();
    };

    Value nearest = arith::TruncFOp::create(rewriter, loc, op.getType(), x);
    Value e = arith::ExtFOp::create(rewriter, loc, sourceType, nearest);
    Value r = arith::BitcastOp::create(rewriter, loc, intType, nearest);
    Value zero = createScalarOrSplatConstant(
        rewriter, loc, sourceType, APFloat::getZero(getSemantics(sourceType)));
    Value negative = cmpf(arith::CmpFPredicate::OLT, x, zero);
    Value xSign =
        bits.select(negative, bits.constant(encoding->sign), bits.constant(0));
    Value magnitude = bits.band(r, ~encoding->sign);
    Value isZero = bits.equals(magnitude, 0);
    Value isLargest = bits.equals(magnitude, encoding->largest);

    // One step away from zero: from a zero in the input's direction (the
    // FNUZ types round small negatives to +0), from the largest value to
    // what overflow gives.
    Value beyond = encoding->infinity
                       ? bits.bor(bits.band(r, encoding->sign),
                                  bits.constant(*encoding->infinity))
                   : encoding->nan ? bits.constant(*encoding->nan)
                                   : r;
    Value up = bits.select(isZero, bits.bor(xSign, bits.constant(1)),
                           bits.select(isLargest, beyond, bits.add(r, 1)));
    // One step toward zero (never from a zero); FNUZ's smallest negative
    // goes to +0, its only zero.
    Value down = bits.add(r, -1);
    if (encoding->unsignedZero)
      down = bits.select(bits.equals(down, encoding->sign), bits.constant(0),
                         down);

    Value result;
    Value absX = abs(x), absE = abs(e);
    Value towardZeroForSign;
    switch (*mode) {
    case arith::RoundingMode::upward:
      result = bits.select(cmpf(arith::CmpFPredicate::OLT, e, x),
                           bits.select(negative, down, up), r);
      towardZeroForSign = negative;
      break;
    case arith::RoundingMode::downward:
      result = bits.select(cmpf(arith::CmpFPredicate::OGT, e, x),
                           bits.select(negative, up, down), r);
      towardZeroForSign = cmpf(arith::CmpFPredicate::OGT, x, zero);
      break;
    case arith::RoundingMode::toward_zero:
      result =
          bits.select(cmpf(arith::CmpFPredicate::OGT, absE, absX), down, r);
      towardZeroForSign = createScalarOrSplatConstant(
          rewriter, loc, mlirc::withElementType(intType, rewriter.getI1Type()),
          1);
      break;
    case arith::RoundingMode::to_nearest_away: {
      // Halfway: |x| - |e| is half the gap from e to its neighbour away
      // from zero (at the largest value, the gap below it, the same in
      // its binade). Both differences are exact.
      Value gap = bits.select(
          isLargest,
          arith::SubFOp::create(rewriter, loc, absE, abs(asFloat(down))),
          arith::SubFOp::create(rewriter, loc, abs(asFloat(bits.add(r, 1))),
                                absE));
      Value half = createScalarOrSplatConstant(
          rewriter, loc, sourceType, APFloat(getSemantics(sourceType), "0.5"));
      Value tie = cmpf(arith::CmpFPredicate::OEQ,
                       arith::SubFOp::create(rewriter, loc, absX, absE),
                       arith::MulFOp::create(rewriter, loc, gap, half));
      result = bits.select(tie, up, r);
      break;
    }
    case arith::RoundingMode::to_nearest_even:
      llvm_unreachable("left as it is above");
    }
    // Where nearest-even overflowed to NaN (the types without infinity),
    // rounding toward zero gives the largest value instead.
    Value finite = cmpf(
        arith::CmpFPredicate::OLT, absX,
        createScalarOrSplatConstant(rewriter, loc, sourceType,
                                    APFloat::getInf(getSemantics(sourceType))));
    if (encoding->nan && !encoding->infinity && towardZeroForSign) {
      Value overflowed = andi(cmpf(arith::CmpFPredicate::UNO, e, e), finite);
      result = bits.select(andi(overflowed, towardZeroForSign),
                           bits.bor(xSign, bits.constant(encoding->largest)),
                           result);
    }
    // Infinities and NaN convert as to nearest (APFloat: to NaN, or to
    // zero where the type has neither).
    result = bits.select(finite, result, r);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), result);
    return success();
  }
};

/// The LLVM rounding mode of \p mode.
llvm::RoundingMode getLLVMRoundingMode(arith::RoundingMode mode) {
  switch (mode) {
  case arith::RoundingMode::upward:
    return llvm::RoundingMode::TowardPositive;
  case arith::RoundingMode::downward:
    return llvm::RoundingMode::TowardNegative;
  case arith::RoundingMode::toward_zero:
    return llvm::RoundingMode::TowardZero;
  case arith::RoundingMode::to_nearest_away:
    return llvm::RoundingMode::NearestTiesToAway;
  default:
    return llvm::RoundingMode::NearestTiesToEven;
  }
}

/// A truncation of a constant with a rounding mode, folded with APFloat
/// (MLIR's folder leaves these).
struct FoldDirectedTruncate : OpRewritePattern<arith::TruncFOp> {
  FoldDirectedTruncate(MLIRContext *context)
      : OpRewritePattern(context, /*benefit=*/2) {}

  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<arith::RoundingMode> mode = op.getRoundingmode();
    Attribute value;
    if (!mode || !matchPattern(op.getIn(), m_Constant(&value)))
      return failure();
    auto element = cast<FloatType>(getElementTypeOrSelf(op.getType()));
    auto convert = [&](APFloat x) {
      bool losesInfo;
      x.convert(element.getFloatSemantics(), getLLVMRoundingMode(*mode),
                &losesInfo);
      return x;
    };
    if (auto scalar = dyn_cast<FloatAttr>(value)) {
      rewriter.replaceOpWithNewOp<arith::ConstantOp>(
          op, FloatAttr::get(element, convert(scalar.getValue())));
      return success();
    }
    auto elements = dyn_cast<DenseFPElementsAttr>(value);
    auto type = dyn_cast<ShapedType>(op.getType());
    if (!elements || !type)
      return failure();
    SmallVector<APFloat> converted;
    for (APFloat x : elements.getValues<APFloat>())
      converted.push_back(convert(x));
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseFPElementsAttr::get(type, converted));
    return success();
  }
};

} // namespace

LogicalResult mlirc::expandScaledConversions(ArrayRef<Operation *> ops,
                                             StringRef pass) {
  if (ops.empty())
    return success();
  RewritePatternSet expansion(ops.front()->getContext());
  arith::populateExpandScalingExtTruncPatterns(expansion);
  return mlirc::applyOpPatternsWithBound(ops, std::move(expansion), pass,
                                         GreedyRewriteStrictness::ExistingOps);
}

namespace {

struct DirectedRoundingPass
    : public mlirc::impl::DirectedRoundingBase<DirectedRoundingPass> {
  void runOnOperation() override {
    // Scaled truncations (the MX formats) with a mode as a division by the
    // scale and a truncation with that mode, which the host's APFloat
    // lowering would round to nearest even too.
    SmallVector<Operation *> scaled;
    getOperation()->walk([&](arith::ScalingTruncFOp op) {
      if (op.getRoundingmodeAttr() &&
          *op.getRoundingmode() != arith::RoundingMode::to_nearest_even)
        scaled.push_back(op);
    });
    if (failed(mlirc::expandScaledConversions(scaled, getArgument())))
      return signalPassFailure();
    // The truncations only: a greedy run over everything would fold the
    // rest of the program too, early in the pipeline.
    SmallVector<Operation *> truncations;
    WalkResult unsupported = getOperation()->walk([&](arith::TruncFOp op) {
      if (!op.getRoundingmodeAttr())
        return WalkResult::advance();
      auto element = cast<FloatType>(getElementTypeOrSelf(op.getType()));
      if (!getEncoding(element) &&
          *op.getRoundingmode() != arith::RoundingMode::to_nearest_even &&
          !matchPattern(op.getIn(), m_Constant())) {
        op.emitError("'arith.truncf' rounding ")
            << arith::stringifyRoundingMode(*op.getRoundingmode()) << " to "
            << element
            << " cannot be compiled: mlirc rounds to it to nearest even "
               "only (the mode would be ignored); drop the rounding mode";
        return WalkResult::interrupt();
      }
      truncations.push_back(op);
      return WalkResult::advance();
    });
    if (unsupported.wasInterrupted())
      return signalPassFailure();
    if (truncations.empty())
      return;
    RewritePatternSet patterns(&getContext());
    patterns.add<DirectedTruncate, FoldDirectedTruncate>(&getContext());
    if (failed(mlirc::applyOpPatternsWithBound(truncations, std::move(patterns),
                                               getArgument())))
      signalPassFailure();
  }
};

} // namespace
