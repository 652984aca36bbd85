//===- ExpandSmallFloats.cpp - f8, f6 and f4 in f32, inline conversions ---===//
//
// A small float's bits, for a type with E exponent bits, M mantissa bits
// and bias B: extended to f32 by shifting the mantissa into place and
// rebiasing the exponent, subnormals (exponent 0) converted as integers and
// scaled by 2^(1-B-M). An f32 is rounded to nearest even at its
// (23-M)th bit, rebiased; below the type's smallest normal, adding
// 2^(24-B-M) (whose ulp is the type's smallest subnormal) rounds it and
// its bits less that constant's count the steps. NaNs, infinities and
// results above the largest value are what APFloat makes of them,
// computed here once per type.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BitBuilder.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/FloatsAsIntegers.h"
#include "pipeline/NarrowFloatsInF32.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/SetVector.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDSMALLFLOATS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using llvm::APFloat;
using mlirc::BitBuilder;

namespace {

/// A float type narrower than f16 with a zero and a sign, and what its
/// conversions need.
struct SmallFloat {
  unsigned width = 0, mantissa = 0;
  int bias = 0;
  /// Where its NaNs and infinities are.
  enum class Specials {
    IEEE,            ///< exponent all ones: infinity, then NaNs
    NaNAllOnes,      ///< the magnitude all ones is NaN, no infinity
    NaNNegativeZero, ///< the bits of -0 are NaN (FNUZ), no -0
    None,            ///< finite values only
  } specials = Specials::None;
  /// The largest finite magnitude's bits.
  int64_t largest = 0;
  /// What f32 NaN, infinity and values above the largest become, per sign.
  int64_t nan[2] = {}, infinity[2] = {}, overflow[2] = {};
  /// What the NaN encoding of each sign becomes in f32 (types whose NaN is
  /// one encoding, not IEEE's exponent of all ones).
  int64_t nanToF32[2] = {};
};

int64_t getBits(const APFloat &value) {
  return value.bitcastToAPInt().getZExtValue();
}

/// \p value converted to \p semantics, rounded as APFloat rounds.
int64_t roundTo(APFloat value, const llvm::fltSemantics &semantics) {
  bool lost;
  value.convert(semantics, APFloat::rmNearestTiesToEven, &lost);
  return getBits(value);
}

std::optional<SmallFloat> getSmallFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  if (!floatType || floatType.getWidth() >= 16)
    return std::nullopt;
  const llvm::fltSemantics &semantics = floatType.getFloatSemantics();
  if (!APFloat::semanticsHasZero(semantics) ||
      !APFloat::semanticsHasSignedRepr(semantics) ||
      APFloat::semanticsSizeInBits(semantics) != floatType.getWidth())
    return std::nullopt;
  SmallFloat small;
  small.width = floatType.getWidth();
  small.mantissa = APFloat::semanticsPrecision(semantics) - 1;
  small.bias = 1 - APFloat::semanticsMinExponent(semantics);
  if (APFloat::semanticsHasInf(semantics))
    small.specials = SmallFloat::Specials::IEEE;
  else if (APFloat::semanticsHasNaN(semantics))
    small.specials =
        getBits(APFloat::getQNaN(semantics)) == int64_t(1) << (small.width - 1)
            ? SmallFloat::Specials::NaNNegativeZero
            : SmallFloat::Specials::NaNAllOnes;
  small.largest = getBits(APFloat::getLargest(semantics));
  const llvm::fltSemantics &f32 = APFloat::IEEEsingle();
  for (bool negative : {false, true}) {
    small.nan[negative] = roundTo(APFloat::getQNaN(f32, negative), semantics);
    small.infinity[negative] =
        roundTo(APFloat::getInf(f32, negative), semantics);
    small.overflow[negative] =
        roundTo(APFloat::getLargest(f32, negative), semantics);
    if (small.specials == SmallFloat::Specials::NaNAllOnes ||
        small.specials == SmallFloat::Specials::NaNNegativeZero)
      small.nanToF32[negative] = roundTo(
          APFloat(semantics, llvm::APInt(small.width, small.nan[negative])),
          f32);
  }
  return small;
}

/// The f32 bits (in i32s) of the small float bits \p bits (in i32s), exact.
Value extendSmallBits(BitBuilder &bits, Value value, const SmallFloat &small,
                      Type f32) {
  OpBuilder &b = bits.b;
  Location loc = bits.loc;
  unsigned m = small.mantissa;
  int64_t signBit = int64_t(1) << (small.width - 1);
  Value negative = bits.atLeast(value, signBit);
  Value magnitude = bits.band(value, signBit - 1);
  Value normal =
      bits.add(bits.shl(magnitude, 23 - m), (127 - small.bias) << 23);
  // Exponent 0: the mantissa times the smallest subnormal, exact in f32.
  Value scale = createScalarOrSplatConstant(
      b, loc, f32, APFloat(std::ldexp(1.0f, 1 - small.bias - int(m))));
  Value subnormal = arith::BitcastOp::create(
      b, loc, bits.type,
      arith::MulFOp::create(
          b, loc, arith::UIToFPOp::create(b, loc, f32, magnitude), scale));
  Value sign = bits.shl(bits.shr(value, small.width - 1), 31);
  Value result = bits.bor(
      bits.select(bits.atLeast(magnitude, int64_t(1) << m), normal, subnormal),
      sign);
  auto oneNaN = [&] {
    return bits.select(negative, bits.constant(small.nanToF32[1]),
                       bits.constant(small.nanToF32[0]));
  };
  switch (small.specials) {
  case SmallFloat::Specials::IEEE: {
    int64_t infinity = ((int64_t(1) << (small.width - 1 - m)) - 1) << m;
    // A NaN's payload goes to the top of f32's, made quiet, as APFloat's.
    Value nan = bits.bor(
        bits.bor(bits.shl(bits.band(magnitude, (int64_t(1) << m) - 1), 23 - m),
                 bits.constant(0x7fc00000)),
        sign);
    Value signedInfinity = bits.bor(sign, bits.constant(0x7f800000));
    return bits.select(
        bits.atLeast(magnitude, infinity + 1), nan,
        bits.select(bits.equals(magnitude, infinity), signedInfinity, result));
  }
  case SmallFloat::Specials::NaNAllOnes:
    return bits.select(bits.equals(magnitude, signBit - 1), oneNaN(), result);
  case SmallFloat::Specials::NaNNegativeZero:
    return bits.select(bits.equals(value, signBit), oneNaN(), result);
  case SmallFloat::Specials::None:
    return result;
  }
  llvm_unreachable("unknown specials");
}

/// The small float bits (in i32s) of the f32 bits \p x, rounded to nearest
/// even.
Value truncateSmallBits(BitBuilder &bits, Value x, const SmallFloat &small,
                        Type f32) {
  OpBuilder &b = bits.b;
  Location loc = bits.loc;
  int64_t shift = 23 - small.mantissa;
  Value negative = bits.atLeast(x, 0x80000000);
  Value magnitude = bits.band(x, 0x7fffffff);
  // From the smallest normal up: rebiased, rounded at bit `shift`, ties to
  // the even neighbour (a carry goes into the exponent).
  Value rebased = bits.add(magnitude, -((127 - small.bias) << 23));
  Value lowBit = bits.band(bits.shr(rebased, shift), 1);
  Value normal = bits.shr(
      arith::AddIOp::create(
          b, loc, bits.add(rebased, (int64_t(1) << (shift - 1)) - 1), lowBit),
      shift);
  // Below it: the f32 addition rounds to a multiple of the smallest
  // subnormal.
  Value absolute = arith::BitcastOp::create(b, loc, f32, magnitude);
  APFloat step(std::ldexp(1.0f, 24 - small.bias - int(small.mantissa)));
  Value stepValue = createScalarOrSplatConstant(b, loc, f32, step);
  Value subnormal =
      bits.add(arith::BitcastOp::create(
                   b, loc, bits.type,
                   arith::AddFOp::create(b, loc, absolute, stepValue)),
               -getBits(step));
  Value rounded = bits.select(bits.atLeast(magnitude, (128 - small.bias) << 23),
                              normal, subnormal);
  Value sign = bits.shl(bits.shr(x, 31), small.width - 1);
  Value signedResult = bits.bor(rounded, sign);
  // Without -0, a negative value rounded to zero is +0.
  if (small.specials == SmallFloat::Specials::NaNNegativeZero)
    signedResult = bits.select(bits.equals(rounded, 0), rounded, signedResult);
  auto perSign = [&](const int64_t(&values)[2]) {
    return bits.select(negative, bits.constant(values[1]),
                       bits.constant(values[0]));
  };
  // With NaN encodings of its own (exponent all ones), a NaN is made quiet
  // and keeps the top of its payload, as APFloat's.
  Value nan =
      small.specials == SmallFloat::Specials::IEEE
          ? bits.bor(bits.bor(bits.band(bits.shr(magnitude, shift),
                                        (int64_t(1) << small.mantissa) - 1),
                              sign),
                     bits.constant(small.infinity[0] |
                                   (int64_t(1) << (small.mantissa - 1))))
          : perSign(small.nan);
  return bits.select(
      bits.atLeast(magnitude, 0x7f800001), nan,
      bits.select(bits.equals(magnitude, 0x7f800000), perSign(small.infinity),
                  bits.select(bits.atLeast(rounded, small.largest + 1),
                              perSign(small.overflow), signedResult)));
}

/// arith.extf from a small float, through f32.
struct ExtendSmall : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallFloat> small = getSmallFloat(op.getIn().getType());
    if (!small)
      return failure();
    Location loc = op.getLoc();
    Type type = op.getIn().getType();
    Type f32 = mlirc::withElementType(type, rewriter.getF32Type());
    BitBuilder bits{rewriter, loc,
                    mlirc::withElementType(type, rewriter.getI32Type())};
    Value narrow = arith::BitcastOp::create(
        rewriter, loc,
        mlirc::withElementType(type, rewriter.getIntegerType(small->width)),
        op.getIn());
    Value wide = arith::ExtUIOp::create(rewriter, loc, bits.type, narrow);
    Value result = arith::BitcastOp::create(
        rewriter, loc, f32, extendSmallBits(bits, wide, *small, f32));
    // Every value is exact in f16 and wider.
    unsigned width = getElementTypeOrSelf(op.getType()).getIntOrFloatBitWidth();
    if (width > 32)
      result = arith::ExtFOp::create(rewriter, loc, op.getType(), result);
    else if (width < 32)
      result = arith::TruncFOp::create(rewriter, loc, op.getType(), result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// arith.truncf to a small float from f32 (f16 and bf16 extended to it
/// first, exactly), rounded to nearest even.
struct TruncateToSmall : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    std::optional<SmallFloat> small = getSmallFloat(op.getType());
    unsigned width =
        getElementTypeOrSelf(op.getIn().getType()).getIntOrFloatBitWidth();
    if (!small || width > 32 ||
        (op.getRoundingmodeAttr() &&
         *op.getRoundingmode() != arith::RoundingMode::to_nearest_even))
      return failure();
    Location loc = op.getLoc();
    Type type = op.getType();
    Type f32 = mlirc::withElementType(type, rewriter.getF32Type());
    Value in = op.getIn();
    if (width < 32)
      in = arith::ExtFOp::create(rewriter, loc, f32, in);
    BitBuilder bits{rewriter, loc,
                    mlirc::withElementType(type, rewriter.getI32Type())};
    Value x = arith::BitcastOp::create(rewriter, loc, bits.type, in);
    Value result = arith::TruncIOp::create(
        rewriter, loc,
        mlirc::withElementType(type, rewriter.getIntegerType(small->width)),
        truncateSmallBits(bits, x, *small, f32));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, type, result);
    return success();
  }
};

struct ExpandSmallFloatsPass
    : mlirc::impl::ExpandSmallFloatsBase<ExpandSmallFloatsPass> {
  using ExpandSmallFloatsBase::ExpandSmallFloatsBase;
  void runOnOperation() override {
    llvm::SetVector<Type> small;
    // A float LLVM lacks that is not one of those (f8E8M0FNU, the scale of
    // arith.scaling_truncf) leaves everything as it is, for the check after
    // the lowering to name its op: the f32 conversion would make invalid
    // ops of those that mix the two.
    bool unhandled = false;
    auto note = [&](Type type) {
      auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
      if (!element || element.getWidth() >= 16)
        return;
      if (getSmallFloat(element))
        small.insert(element);
      else
        unhandled = true;
    };
    getOperation()->walk([&](Operation *op) {
      llvm::for_each(op->getOperandTypes(), note);
      llvm::for_each(op->getResultTypes(), note);
    });
    if (small.empty() || unhandled)
      return;
    if (failed(mlirc::computeNarrowFloatsInF32(getOperation(),
                                               small.getArrayRef(), fmaInF64)))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<ExtendSmall, TruncateToSmall>(&getContext());
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      return signalPassFailure();
  }
};

} // namespace

void mlirc::keepSmallFloatsAsIntegers(Operation *root) {
  auto isSmall = [](FloatType type) { return getSmallFloat(type).has_value(); };
  auto usesSmall = [&](Operation *op) {
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      if (mlirc::hasKeptFloat(function.getFunctionType(), isSmall))
        return true;
    auto has = [&](Type type) { return mlirc::hasKeptFloat(type, isSmall); };
    return llvm::any_of(op->getOperandTypes(), has) ||
           llvm::any_of(op->getResultTypes(), has);
  };
  WalkResult computes = root->walk([&](Operation *op) {
    return usesSmall(op) && !mlirc::movesFloatBits(op) ? WalkResult::interrupt()
                                                       : WalkResult::advance();
  });
  if (!computes.wasInterrupted())
    mlirc::keepFloatsAsIntegers(root, isSmall);
}
