//===- AccurateMath.cpp - Vulkan math functions to a few ulp --------------===//
//
// See AccurateMath.h. The formulas are the textbook ones libm uses near
// the points where the plain definition cancels:
//   sinh(x)  = sign(x) (e + e / (e + 1)) / 2,   e = expm1(|x|), |x| < 1
//   asinh(x) = sign(x) log1p(a + a^2 / (1 + sqrt(1 + a^2))),  a = |x|
//   atanh(x) = sign(x) log1p(2a / (1 - a)) / 2
//   acosh(x) = log1p(t + sqrt(2t + t^2)),      t = x - 1
// and, where a^2 would overflow, asinh and acosh as log(a) + log(2);
// atan(x) = asin(x / sqrt(1 + x^2)); fmod by subtracting y scaled by
// powers of two, each subtraction exact.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/AccurateMath.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {

/// Float arithmetic on values of one type, a float or a vector of floats.
struct FloatBuilder {
  RewriterBase &b;
  Location loc;
  Type type;

  Value c(double value) {
    APFloat constant(value);
    bool lost;
    constant.convert(
        cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics(),
        APFloat::rmNearestTiesToEven, &lost);
    return createScalarOrSplatConstant(b, loc, type, constant);
  }
  Value smallestNormal() {
    auto element = cast<FloatType>(getElementTypeOrSelf(type));
    return createScalarOrSplatConstant(
        b, loc, type,
        APFloat::getSmallestNormalized(element.getFloatSemantics()));
  }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value neg(Value x) { return arith::NegFOp::create(b, loc, x); }
  Value abs(Value x) { return math::AbsFOp::create(b, loc, x); }
  Value sqrt(Value x) { return math::SqrtOp::create(b, loc, x); }
  Value log(Value x) { return math::LogOp::create(b, loc, x); }
  Value exp(Value x) { return math::ExpOp::create(b, loc, x); }
  Value log1p(Value x) { return math::Log1pOp::create(b, loc, x); }
  Value expm1(Value x) { return math::ExpM1Op::create(b, loc, x); }
  Value floor(Value x) { return math::FloorOp::create(b, loc, x); }
  Value asin(Value x) { return math::AsinOp::create(b, loc, x); }
  Value copySign(Value x, Value sign) {
    return math::CopySignOp::create(b, loc, x, sign);
  }
  Value cmp(arith::CmpFPredicate predicate, Value x, Value y) {
    return arith::CmpFOp::create(b, loc, predicate, x, y);
  }
  Value lt(Value x, Value y) { return cmp(arith::CmpFPredicate::OLT, x, y); }
  Value eq(Value x, Value y) { return cmp(arith::CmpFPredicate::OEQ, x, y); }
  Value ne(Value x, Value y) { return cmp(arith::CmpFPredicate::UNE, x, y); }
  Value isNaN(Value x) { return cmp(arith::CmpFPredicate::UNO, x, x); }
  Value isInf(Value x) { return eq(abs(x), c(INFINITY)); }
  /// Whether the sign bit of \p x is set (-0 and -inf too).
  Value signBit(Value x) { return lt(copySign(c(1), x), c(0)); }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value same(Value x, Value y) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, x, y);
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
};

constexpr double pi = llvm::numbers::pi;
constexpr double ln2 = llvm::numbers::ln2;
/// Below it a^2 + 1 neither overflows nor loses a to rounding in asinh and
/// acosh's log1p forms; above it log(2a) is exact to half an ulp of f32.
constexpr double largeArgument = 4096;

Value sinh(FloatBuilder &f, Value x) {
  Value a = f.abs(x);
  Value e = f.expm1(a);
  Value small = f.mul(f.c(0.5), f.add(e, f.div(e, f.add(e, f.c(1)))));
  // e^a / 2 - e^-a / 2 as g - 1 / (4g) with g = e^(a/2) e^(a/2) / 2, which
  // overflows only where sinh does.
  Value half = f.exp(f.mul(f.c(0.5), a));
  Value g = f.mul(f.mul(f.c(0.5), half), half);
  Value large = f.sub(g, f.div(f.c(0.25), g));
  return f.copySign(f.select(f.lt(a, f.c(1)), small, large), x);
}

Value asinh(FloatBuilder &f, Value x) {
  Value a = f.abs(x);
  Value square = f.mul(a, a);
  Value small = f.log1p(
      f.add(a, f.div(square, f.add(f.c(1), f.sqrt(f.add(f.c(1), square))))));
  Value large = f.add(f.log(a), f.c(ln2));
  return f.copySign(f.select(f.lt(a, f.c(largeArgument)), small, large), x);
}

Value atanh(FloatBuilder &f, Value x) {
  Value a = f.abs(x);
  Value r = f.mul(f.c(0.5), f.log1p(f.div(f.add(a, a), f.sub(f.c(1), a))));
  return f.copySign(r, x);
}

Value acosh(FloatBuilder &f, Value x) {
  Value t = f.sub(x, f.c(1));
  Value small = f.log1p(f.add(t, f.sqrt(f.add(f.add(t, t), f.mul(t, t)))));
  Value large = f.add(f.log(x), f.c(ln2));
  return f.select(f.lt(x, f.c(largeArgument)), small, large);
}

/// atan(x) = asin(t / sqrt(1 + t^2)) with t = |x| <= 1, else pi/2 less
/// that of 1/|x|; with the sign of x. MLIR's approximation of atan was 36
/// ulp off, its asin is within 2.
Value atan(FloatBuilder &f, Value x) {
  Value a = f.abs(x);
  Value inverted = f.lt(f.c(1), a);
  Value t = f.select(inverted, f.div(f.c(1), a), a);
  Value r = f.asin(f.div(t, f.sqrt(f.add(f.c(1), f.mul(t, t)))));
  return f.copySign(f.select(inverted, f.sub(f.c(pi / 2), r), r), x);
}

/// atan2(y, x) = atan(y / x), plus or minus pi where x < 0.
Value atan2(FloatBuilder &f, Value y, Value x) {
  Value r = atan(f, f.div(y, x));
  return f.select(f.lt(x, f.c(0)), f.add(r, f.copySign(f.c(pi), y)), r);
}

/// cbrt(+-0) = +-0 and cbrt(+-inf) = +-inf (MLIR's approximation: NaN).
Value keepZerosAndInfinities(FloatBuilder &f, Value x, Value result) {
  return f.select(f.either(f.eq(x, f.c(0)), f.isInf(x)), x, result);
}

/// atan2's values at zeros, infinities and NaNs (C's Annex F).
Value guardAtan2(FloatBuilder &f, Value y, Value x, Value result) {
  // x = +-0 with y != 0 (y / x is infinite there, and atan2 +-pi/2).
  result = f.select(f.eq(x, f.c(0)), f.copySign(f.c(pi / 2), y), result);
  Value xNegative = f.signBit(x);
  Value zeroOrPi = f.select(xNegative, f.c(pi), f.c(0));
  Value xInf = f.isInf(x), yInf = f.isInf(y);
  result = f.select(f.eq(y, f.c(0)), f.copySign(zeroOrPi, y), result);
  Value infinities = f.select(
      xInf, f.select(xNegative, f.c(3 * pi / 4), f.c(pi / 4)), f.c(pi / 2));
  result = f.select(yInf, f.copySign(infinities, y), result);
  result = f.select(f.both(xInf, f.lt(f.abs(y), f.c(INFINITY))),
                    f.copySign(zeroOrPi, y), result);
  return f.select(f.either(f.isNaN(x), f.isNaN(y)), f.add(x, y), result);
}

/// pow's values at zeros, infinities, NaNs and negative bases (C's Annex
/// F), which GLSL's Pow leaves undefined: lavapipe's pow(0, 0) was 0.
Value guardPow(FloatBuilder &f, Value x, Value y, Value result) {
  Value ax = f.abs(x);
  Value zero = f.c(0), one = f.c(1), inf = f.c(INFINITY);
  Value halfY = f.mul(f.c(0.5), y);
  Value yOdd = f.both(f.eq(f.floor(y), y), f.ne(f.floor(halfY), halfY));
  Value yNegative = f.lt(y, zero);
  // A negative base to a power that is no integer.
  result =
      f.select(f.both(f.lt(x, zero), f.ne(f.floor(y), y)), f.c(NAN), result);
  // 0^y is inf for y < 0 and 0 for y > 0, inf^y the other way round; odd
  // integer powers keep the base's sign.
  Value xZero = f.eq(ax, zero);
  Value magnitude = f.select(f.same(xZero, yNegative), inf, zero);
  Value signedMagnitude =
      f.select(f.both(yOdd, f.signBit(x)), f.neg(magnitude), magnitude);
  result = f.select(f.either(xZero, f.eq(ax, inf)), signedMagnitude, result);
  // Infinite powers: 1 for |x| = 1, else inf where |x| < 1 and y < 0 agree.
  Value infinite =
      f.select(f.eq(ax, one), one,
               f.select(f.same(f.lt(ax, one), yNegative), inf, zero));
  result = f.select(f.isInf(y), infinite, result);
  result = f.select(f.either(f.isNaN(x), f.isNaN(y)), f.add(x, y), result);
  result = f.select(f.eq(x, one), one, result);
  return f.select(f.eq(y, zero), one, result);
}

/// The remainder of |x| and a normal |y| <= |x|, exactly, as libm's fmod:
/// subtract |y| times the largest power of two not above what remains,
/// which Sterbenz's lemma makes exact, until less than |y| remains. Each
/// round at least halves the rest: at most 254 rounds for f32, 2046 for
/// f64. \p f is scalar f32 or f64.
Value reduceMagnitude(FloatBuilder &f, Value ax, Value ay) {
  OpBuilder &b = f.b;
  Location loc = f.loc;
  unsigned width = f.type.getIntOrFloatBitWidth();
  Type integer = b.getIntegerType(width);
  Value inf = f.c(INFINITY);
  auto loop = scf::WhileOp::create(b, loc, f.type, ax);
  Block *before = b.createBlock(&loop.getBefore(), {}, f.type, loc);
  Value rest = before->getArgument(0);
  Value more =
      f.both(f.cmp(arith::CmpFPredicate::OGE, rest, ay), f.lt(rest, inf));
  scf::ConditionOp::create(b, loc, more, rest);
  Block *after = b.createBlock(&loop.getAfter(), {}, f.type, loc);
  rest = after->getArgument(0);
  auto bits = [&](Value value) -> Value {
    return arith::BitcastOp::create(b, loc, integer, value);
  };
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIntOp::create(b, loc, value, width);
  };
  Value yBits = bits(ay);
  // Where the exponent field starts.
  Value exponentBits =
      constant(cast<FloatType>(f.type).getFPMantissaWidth() - 1);
  Value shift = arith::SubIOp::create(
      b, loc, arith::ShRUIOp::create(b, loc, bits(rest), exponentBits),
      arith::ShRUIOp::create(b, loc, yBits, exponentBits));
  // |y| 2^shift, or 2^(shift - 1) where that is above the rest.
  auto scaled = [&](Value exponent) -> Value {
    Value moved = arith::AddIOp::create(
        b, loc, yBits, arith::ShLIOp::create(b, loc, exponent, exponentBits));
    return arith::BitcastOp::create(b, loc, f.type, moved);
  };
  Value step = scaled(shift);
  step =
      f.select(f.lt(rest, step),
               scaled(arith::SubIOp::create(b, loc, shift, constant(1))), step);
  scf::YieldOp::create(b, loc, f.sub(rest, step));
  b.setInsertionPointAfter(loop);
  return loop.getResult(0);
}

/// arith.remf as libm's fmod, exactly: SPIR-V's FRem is x - y trunc(x/y),
/// which made fmod(1000.7, 0.1) 0 (0.0999973), and NaN of fmod(x, inf).
/// Scalars; y below the smallest normal float stays FRem's.
Value remainder(FloatBuilder &f, Value x, Value y) {
  Value ay = f.abs(y);
  Value normal = f.cmp(arith::CmpFPredicate::OGE, ay, f.smallestNormal());
  Value rest =
      reduceMagnitude(f, f.abs(x), f.select(normal, ay, f.c(INFINITY)));
  Value result = f.select(normal, f.copySign(rest, x),
                          arith::RemFOp::create(f.b, f.loc, x, y));
  Value undefined = f.either(f.either(f.eq(y, f.c(0)), f.isInf(x)),
                             f.either(f.isNaN(x), f.isNaN(y)));
  return f.select(undefined, f.c(NAN), result);
}

/// remainder() of each element.
Value remainderOfElements(FloatBuilder &f, ValueRange operands) {
  auto vector = dyn_cast<VectorType>(f.type);
  if (!vector)
    return remainder(f, operands[0], operands[1]);
  auto flat =
      VectorType::get({vector.getNumElements()}, vector.getElementType());
  FloatBuilder scalar{f.b, f.loc, vector.getElementType()};
  SmallVector<Value> x, y, results;
  for (auto [value, elements] :
       {std::pair(operands[0], &x), std::pair(operands[1], &y)}) {
    Value row = vector::ShapeCastOp::create(f.b, f.loc, flat, value);
    for (int64_t i = 0; i < flat.getNumElements(); ++i)
      elements->push_back(vector::ExtractOp::create(f.b, f.loc, row, i));
  }
  for (auto [xi, yi] : llvm::zip_equal(x, y))
    results.push_back(remainder(scalar, xi, yi));
  Value row = vector::FromElementsOp::create(f.b, f.loc, flat, results);
  return vector::ShapeCastOp::create(f.b, f.loc, vector, row);
}

/// \p op's result computed as above, on f32 (f16 extended): null for an op
/// this file leaves alone.
Value rewrite(Operation *op, FloatBuilder &f, ValueRange operands) {
  Value x = operands[0];
  return TypeSwitch<Operation *, Value>(op)
      .Case([&](math::SinhOp) { return sinh(f, x); })
      .Case([&](math::AsinhOp) { return asinh(f, x); })
      .Case([&](math::AtanhOp) { return atanh(f, x); })
      .Case([&](math::AcoshOp) { return acosh(f, x); })
      .Case([&](math::CbrtOp) {
        return keepZerosAndInfinities(f, x,
                                      math::CbrtOp::create(f.b, f.loc, x));
      })
      .Case([&](math::ErfOp) {
        // erf(-0) = -0 (MLIR's approximation: +0).
        Value erf = math::ErfOp::create(f.b, f.loc, x);
        return f.select(f.eq(x, f.c(0)), x, erf);
      })
      .Case([&](math::AtanOp) { return atan(f, x); })
      .Case([&](math::Atan2Op) {
        return guardAtan2(f, x, operands[1], atan2(f, x, operands[1]));
      })
      .Case([&](math::PowFOp) {
        return guardPow(f, x, operands[1],
                        math::PowFOp::create(f.b, f.loc, x, operands[1]));
      })
      // IEEE's maximum and minimum order -0 below +0; GLSL's FMax and FMin
      // may return either.
      .Case([&](arith::MaximumFOp) {
        Value max = arith::MaximumFOp::create(f.b, f.loc, x, operands[1]);
        return f.select(f.eq(x, operands[1]),
                        f.select(f.signBit(x), operands[1], x), max);
      })
      .Case([&](arith::MinimumFOp) {
        Value min = arith::MinimumFOp::create(f.b, f.loc, x, operands[1]);
        return f.select(f.eq(x, operands[1]),
                        f.select(f.signBit(x), x, operands[1]), min);
      })
      .Case([&](arith::RemFOp) { return remainderOfElements(f, operands); })
      .Default([](Operation *) { return Value(); });
}

} // namespace

void mlirc::rewriteMathForAccuracy(Operation *root) {
  SmallVector<Operation *> ops;
  root->walk([&](Operation *op) {
    if (!isa<math::SinhOp, math::AsinhOp, math::AtanhOp, math::AcoshOp,
             math::AtanOp, math::Atan2Op, math::CbrtOp, math::ErfOp,
             math::PowFOp, arith::MaximumFOp, arith::MinimumFOp, arith::RemFOp>(
            op))
      return;
    // GLSL's functions take f16 and f32 (f64 is an error at the op before);
    // the arith ops any float Vulkan computes.
    Type element = getElementTypeOrSelf(op->getResult(0).getType());
    if (element.isF16() || element.isF32() ||
        (element.isF64() && isa<arith::ArithDialect>(op->getDialect())))
      ops.push_back(op);
  });
  IRRewriter rewriter(root->getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    Location loc = op->getLoc();
    Type type = op->getResult(0).getType();
    // f16 computes in f32, exactly for the arith ops.
    Type f32 = rewriter.getF32Type();
    Type wide = !getElementTypeOrSelf(type).isF16() ? type
                : isa<VectorType>(type)
                    ? Type(cast<VectorType>(type).clone(f32))
                    : f32;
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(type == wide ? operand
                                      : Value(arith::ExtFOp::create(
                                            rewriter, loc, wide, operand)));
    FloatBuilder f{rewriter, loc, wide};
    Value result = rewrite(op, f, operands);
    if (type != wide)
      result = arith::TruncFOp::create(rewriter, loc, type, result);
    rewriter.replaceOp(op, result);
  }
}

bool mlirc::needsExactArithmetic(Operation *op) {
  return isa<math::SinhOp, math::AsinhOp, math::AtanhOp, math::AcoshOp,
             math::AtanOp, math::Atan2Op, math::ErfOp, math::ErfcOp,
             arith::RemFOp>(op) ||
         isApproximatedForVulkan(op->getName().getStringRef());
}

bool mlirc::isApproximatedForVulkan(StringRef name) {
  return llvm::is_contained({"math.asin", "math.acos", "math.tanh", "math.log",
                             "math.expm1", "math.log1p", "math.cbrt"},
                            name);
}
