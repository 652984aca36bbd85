//===- MissingSPIRVLowerings.cpp - What MLIR's SPIR-V lowerings lack -----===//

#include "targets/vulkan/MissingSPIRVLowerings.h"
#include "pipeline/ReductionIdentity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

namespace {

/// trunc(x) = copysign(floor(|x|), x): the sign of -0.5 stays, NaN and
/// infinities pass through. GLSL.std.450 has Trunc, but MLIR 22 has no
/// spirv op for it.
struct TruncAsFloor : public OpRewritePattern<math::TruncOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(math::TruncOp op,
                                PatternRewriter &rewriter) const override {
    Location loc = op.getLoc();
    Value abs = math::AbsFOp::create(rewriter, loc, op.getOperand());
    Value floor = math::FloorOp::create(rewriter, loc, abs);
    rewriter.replaceOpWithNewOp<math::CopySignOp>(op, floor, op.getOperand(),
                                                  op.getFastmath());
    return success();
  }
};

bool isBoolLike(Type type) { return getElementTypeOrSelf(type).isInteger(1); }

/// arith.maximumf and minimumf as IEEE 754-2019 has them: NaN if either is,
/// and -0 below +0. MLIR 22's lowering is GLSL's FMax and FMin with NaN
/// checks, and FMax(-0, +0) is -0. Of two equal values the maximum is the
/// and of their bits, the minimum the or, which differ only for zeros.
template <typename OpTy, bool isMaximum>
struct IEEEMinMax : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    // No NaN and no signed zeros (-ffast-math): GLSL's is right.
    if (!element || arith::bitEnumContainsAll(op.getFastmath(),
                                              arith::FastMathFlags::nnan |
                                                  arith::FastMathFlags::nsz))
      return failure();
    Location loc = op.getLoc();
    Value x = op.getLhs(), y = op.getRhs();
    Type bits = rewriter.getIntegerType(element.getWidth());
    if (auto vector = dyn_cast<VectorType>(type))
      bits = vector.clone(bits);
    auto compare = [&](arith::CmpFPredicate predicate) {
      return arith::CmpFOp::create(rewriter, loc, predicate, x, y).getResult();
    };
    Value wider = compare(isMaximum ? arith::CmpFPredicate::OGT
                                    : arith::CmpFPredicate::OLT);
    Value chosen = arith::SelectOp::create(rewriter, loc, wider, x, y);
    Value xBits = arith::BitcastOp::create(rewriter, loc, bits, x);
    Value yBits = arith::BitcastOp::create(rewriter, loc, bits, y);
    Value joined =
        isMaximum
            ? arith::AndIOp::create(rewriter, loc, xBits, yBits).getResult()
            : arith::OrIOp::create(rewriter, loc, xBits, yBits).getResult();
    Value equal = compare(arith::CmpFPredicate::OEQ);
    chosen = arith::SelectOp::create(
        rewriter, loc, equal,
        arith::BitcastOp::create(rewriter, loc, type, joined), chosen);
    // x + y is a NaN where either is.
    Value unordered = compare(arith::CmpFPredicate::UNO);
    Value nan = arith::AddFOp::create(rewriter, loc, x, y);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, unordered, nan, chosen);
    return success();
  }
};

/// arith.cmpf false and true as the constants they are: SPIR-V has no
/// such comparison, and MLIR 22 does not lower them ("cannot be compiled").
struct ConstantComparison : public OpRewritePattern<arith::CmpFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::CmpFOp op,
                                PatternRewriter &rewriter) const override {
    arith::CmpFPredicate predicate = op.getPredicate();
    if (predicate != arith::CmpFPredicate::AlwaysFalse &&
        predicate != arith::CmpFPredicate::AlwaysTrue)
      return failure();
    bool value = predicate == arith::CmpFPredicate::AlwaysTrue;
    Type type = op.getType();
    TypedAttr attr = rewriter.getBoolAttr(value);
    if (auto shaped = dyn_cast<ShapedType>(type))
      attr = DenseElementsAttr::get(shaped, value);
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(op, type, attr);
    return success();
  }
};

/// a % b (signed) as |a| % |b| (unsigned), negated where a is negative:
/// Vulkan leaves OpSRem of negative operands undefined. MLIR 22's own
/// emulation took a for positive where a == |a|, which the smallest value
/// is too (INT_MIN % 7 was 2). The absolute values are unsigned, so
/// |INT_MIN| is 2^31.
struct SignedRemainder : public OpRewritePattern<arith::RemSIOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::RemSIOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (isBoolLike(type))
      return failure();
    Location loc = op.getLoc();
    Value zero =
        arith::ConstantOp::create(rewriter, loc, rewriter.getZeroAttr(type));
    auto magnitude = [&](Value value) -> std::pair<Value, Value> {
      Value negative = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::slt, value, zero);
      Value negated = arith::SubIOp::create(rewriter, loc, zero, value);
      return {negative,
              arith::SelectOp::create(rewriter, loc, negative, negated, value)};
    };
    auto [negative, lhs] = magnitude(op.getLhs());
    Value rhs = magnitude(op.getRhs()).second;
    Value remainder = arith::RemUIOp::create(rewriter, loc, lhs, rhs);
    Value negated = arith::SubIOp::create(rewriter, loc, zero, remainder);
    rewriter.replaceOpWithNewOp<arith::SelectOp>(op, negative, negated,
                                                 remainder);
    return success();
  }
};

/// Integer arithmetic on i1 as the logic it is: SPIR-V's integer
/// instructions take 8 bits and more, and MLIR 22 makes them of i1 anyway
/// (an invalid spirv.IAdd). Division by zero and shifts by one or more
/// are undefined, so a division or shift of i1 is its left operand.
struct BooleanArith : public RewritePattern {
  BooleanArith(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    if (op->getNumResults() != 1 || op->getNumOperands() != 2 ||
        !isBoolLike(op->getOperand(0).getType()) ||
        !isa<arith::ArithDialect>(op->getDialect()))
      return failure();
    Value lhs = op->getOperand(0), rhs = op->getOperand(1);
    Location loc = op->getLoc();
    auto notOf = [&](Value value) -> Value {
      Value ones = arith::ConstantOp::create(
          rewriter, loc, rewriter.getOneAttr(value.getType()));
      return arith::XOrIOp::create(rewriter, loc, value, ones);
    };
    Value result;
    if (isa<arith::AddIOp, arith::SubIOp>(op))
      result = arith::XOrIOp::create(rewriter, loc, lhs, rhs);
    else if (isa<arith::MulIOp, arith::MinUIOp, arith::MaxSIOp>(op))
      result = arith::AndIOp::create(rewriter, loc, lhs, rhs);
    else if (isa<arith::MaxUIOp, arith::MinSIOp>(op))
      result = arith::OrIOp::create(rewriter, loc, lhs, rhs);
    else if (isa<arith::DivUIOp, arith::DivSIOp, arith::ShLIOp, arith::ShRUIOp,
                 arith::ShRSIOp>(op))
      result = lhs;
    else if (isa<arith::RemUIOp, arith::RemSIOp>(op))
      result = arith::ConstantOp::create(rewriter, loc,
                                         rewriter.getZeroAttr(lhs.getType()));
    else if (auto cmp = dyn_cast<arith::CmpIOp>(op)) {
      // As signed values true is -1, less than false.
      using P = arith::CmpIPredicate;
      switch (cmp.getPredicate()) {
      case P::ult:
      case P::sgt:
        result = arith::AndIOp::create(rewriter, loc, notOf(lhs), rhs);
        break;
      case P::ule:
      case P::sge:
        result = arith::OrIOp::create(rewriter, loc, notOf(lhs), rhs);
        break;
      case P::ugt:
      case P::slt:
        result = arith::AndIOp::create(rewriter, loc, lhs, notOf(rhs));
        break;
      case P::uge:
      case P::sle:
        result = arith::OrIOp::create(rewriter, loc, lhs, notOf(rhs));
        break;
      default: // eq and ne have SPIR-V's logical equality.
        return failure();
      }
    } else {
      return failure();
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// vector.reduction and, or and xor, which MLIR's SPIR-V lowering lacks
/// (SPIR-V has no such instruction), every reduction of i1 (MLIR made an
/// invalid spirv.IAdd of i1 of an add), float reductions of more than
/// four elements and float sums and products with an accumulator (in
/// LLVM's order), and reductions of more than four elements with an
/// accumulator (MLIR's unrolling drops it), and maximumf and minimumf
/// reductions (MLIR's are GLSL's FMax and FMin, which may drop a NaN and
/// take -0 and +0 for equal), as the ops on the elements in turn.
struct BitwiseReduction : public OpRewritePattern<vector::ReductionOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ReductionOp op,
                                PatternRewriter &rewriter) const override {
    using K = vector::CombiningKind;
    K kind = op.getKind();
    VectorType type = op.getSourceVectorType();
    // On i1 every kind: BooleanArith makes logic of the ops on elements.
    // Floats longer than SPIR-V's vectors in order, as LLVM's reduction
    // without reassoc: unrolling would combine the reductions of pieces.
    // Sums and products with an accumulator too: MLIR's lowering adds it
    // last, LLVM's first.
    Type element = type.getElementType();
    bool arithmetic = kind == K::ADD || kind == K::MUL;
    bool ordered = isa<FloatType>(element) &&
                   (mlirc::isLongVector(type) || (op.getAcc() && arithmetic)) &&
                   !arith::bitEnumContainsAll(op.getFastmath(),
                                              arith::FastMathFlags::reassoc);
    bool accumulated = op.getAcc() && mlirc::isLongVector(type);
    bool ieeeMinMax = kind == K::MAXIMUMF || kind == K::MINIMUMF;
    if ((kind != K::AND && kind != K::OR && kind != K::XOR &&
         !element.isInteger(1) && !ordered && !accumulated && !ieeeMinMax) ||
        type.getRank() != 1 || type.isScalable())
      return failure();
    Location loc = op.getLoc();
    Value result = op.getAcc();
    for (int64_t i = 0, e = type.getNumElements(); i < e; ++i) {
      Value lane = vector::ExtractOp::create(rewriter, loc, op.getVector(),
                                             ArrayRef<int64_t>{i});
      if (!result) {
        result = lane;
        continue;
      }
      result = vector::makeArithReduction(rewriter, loc, kind, lane, result,
                                          op.getFastmathAttr());
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// math.ctlz, cttz and ctpop on integers other than 32 bits, through
/// 32-bit ones: Vulkan's bit instructions (and MLIR's lowerings to them)
/// take 32 bits only. Narrower values are zero-extended, 64-bit ones split
/// into halves.
template <typename OpTy>
struct BitCountThrough32Bits : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getType();
    unsigned width = getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    if (width == 32 || width > 64)
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    if (auto vector = dyn_cast<VectorType>(type))
      i32 = vector.clone(i32);
    auto constant = [&](Type of, int64_t value) {
      return createScalarOrSplatConstant(
          rewriter, loc, of,
          APInt(getElementTypeOrSelf(of).getIntOrFloatBitWidth(), value));
    };
    auto count = [&](Value x) -> Value {
      return OpTy::create(rewriter, loc, x);
    };
    Value x = op.getOperand();
    Value result;
    if (width < 32) {
      Value wide = arith::ExtUIOp::create(rewriter, loc, i32, x);
      if (std::is_same<OpTy, math::CountLeadingZerosOp>())
        // The 32 - width zeros the extension put in front.
        result = arith::SubIOp::create(rewriter, loc, count(wide),
                                       constant(i32, 32 - width));
      else if (std::is_same<OpTy, math::CountTrailingZerosOp>())
        // A bit above the value, so that zero counts width zeros.
        result = count(arith::OrIOp::create(
            rewriter, loc, wide, constant(i32, int64_t(1) << width)));
      else
        result = count(wide);
      rewriter.replaceOpWithNewOp<arith::TruncIOp>(op, type, result);
      return success();
    }
    Value low = arith::TruncIOp::create(rewriter, loc, i32, x);
    Value high = arith::TruncIOp::create(
        rewriter, loc, i32,
        arith::ShRUIOp::create(rewriter, loc, x, constant(type, 32)));
    if (std::is_same<OpTy, math::CtPopOp>()) {
      result = arith::AddIOp::create(rewriter, loc, count(low), count(high));
    } else {
      // The half counted first, and the other when that one is all zeros.
      bool leading = std::is_same<OpTy, math::CountLeadingZerosOp>();
      Value first = leading ? high : low, second = leading ? low : high;
      Value isZero = arith::CmpIOp::create(
          rewriter, loc, arith::CmpIPredicate::eq, first, constant(i32, 0));
      Value plus32 = arith::AddIOp::create(rewriter, loc, count(second),
                                           constant(i32, 32));
      result =
          arith::SelectOp::create(rewriter, loc, isZero, plus32, count(first));
    }
    rewriter.replaceOpWithNewOp<arith::ExtUIOp>(op, type, result);
    return success();
  }
};

/// vector.deinterleave of more than four elements, which MLIR lowers to a
/// shuffle of that width only for SPIR-V: the even and the odd elements,
/// one vector.shuffle each.
struct WideDeinterleave : public OpRewritePattern<vector::DeinterleaveOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::DeinterleaveOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    if (!mlirc::isLongVector(type))
      return failure();
    SmallVector<int64_t> even, odd;
    for (int64_t i = 0, e = type.getNumElements(); i < e; i += 2) {
      even.push_back(i);
      odd.push_back(i + 1);
    }
    Value source = op.getSource();
    rewriter.replaceOp(op, {vector::ShuffleOp::create(rewriter, op.getLoc(),
                                                      source, source, even),
                            vector::ShuffleOp::create(rewriter, op.getLoc(),
                                                      source, source, odd)});
    return success();
  }
};

/// A 1-D vector.shuffle of or into more than four elements (SPIR-V's
/// longest vector) as the vector of the elements it picks, which the
/// extracts of it fold into.
struct WideShuffle : public OpRewritePattern<vector::ShuffleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ShuffleOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getResultVectorType();
    VectorType from = op.getV1VectorType();
    if (type.getRank() != 1 || from.getRank() != 1 || from.isScalable() ||
        (!mlirc::isLongVector(type) && !mlirc::isLongVector(from) &&
         !mlirc::isLongVector(op.getV2VectorType())))
      return failure();
    int64_t first = from.getNumElements();
    SmallVector<Value> elements;
    for (int64_t index : op.getMask()) {
      if (index == vector::ShuffleOp::kPoisonIndex)
        return failure();
      Value source = index < first ? op.getV1() : op.getV2();
      int64_t at = index < first ? index : index - first;
      elements.push_back(vector::ExtractOp::create(
          rewriter, op.getLoc(), source, ArrayRef<int64_t>{at}));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
};

/// vector.extract of an element of an n-D vector at a dynamic lane: the
/// row first, then the lane (only 1-D vectors have dynamic lanes in
/// SPIR-V, and n-D ones unroll into rows).
struct ExtractLaneOfRow : public OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> position = op.getMixedPosition();
    if (position.size() < 2 || !isa<Value>(position.back()))
      return failure();
    Value row =
        vector::ExtractOp::create(rewriter, op.getLoc(), op.getSource(),
                                  ArrayRef<OpFoldResult>(position).drop_back());
    rewriter.replaceOpWithNewOp<vector::ExtractOp>(
        op, row, ArrayRef<OpFoldResult>{position.back()});
    return success();
  }
};

/// vector.insert of an element into an n-D vector at a dynamic lane: into
/// the row, which goes back in.
struct InsertLaneOfRow : public OpRewritePattern<vector::InsertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::InsertOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<OpFoldResult> position = op.getMixedPosition();
    if (position.size() < 2 || !isa<Value>(position.back()))
      return failure();
    ArrayRef<OpFoldResult> rowPosition =
        ArrayRef<OpFoldResult>(position).drop_back();
    Location loc = op.getLoc();
    Value row =
        vector::ExtractOp::create(rewriter, loc, op.getDest(), rowPosition);
    Value changed =
        vector::InsertOp::create(rewriter, loc, op.getValueToStore(), row,
                                 ArrayRef<OpFoldResult>{position.back()});
    rewriter.replaceOpWithNewOp<vector::InsertOp>(op, changed, op.getDest(),
                                                  rowPosition);
    return success();
  }
};

/// A 1-D vector.bitcast from or to more than four lanes (SPIR-V's longest
/// vector) as bitcasts of pieces of at most four lanes on both sides.
struct WideBitcast : public OpRewritePattern<vector::BitCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::BitCastOp op,
                                PatternRewriter &rewriter) const override {
    VectorType from = op.getSourceVectorType();
    VectorType to = op.getResultVectorType();
    if (from.getRank() != 1 || from.isScalable() ||
        (!mlirc::isLongVector(from) && !mlirc::isLongVector(to)))
      return failure();
    int64_t fromBits = from.getElementTypeBitWidth();
    int64_t toBits = to.getElementTypeBitWidth();
    // The most result lanes a piece can take, whole source lanes included.
    int64_t toLanes = 0, fromLanes = 0;
    for (int64_t lanes =
             std::min(mlirc::maxSPIRVVectorLength, to.getNumElements());
         lanes > 0; --lanes)
      if (to.getNumElements() % lanes == 0 &&
          (lanes * toBits) % fromBits == 0 &&
          (lanes * toBits) / fromBits <= mlirc::maxSPIRVVectorLength) {
        toLanes = lanes;
        fromLanes = lanes * toBits / fromBits;
        break;
      }
    if (!toLanes)
      return failure();
    Location loc = op.getLoc();
    VectorType fromPiece = VectorType::get({fromLanes}, from.getElementType());
    VectorType toPiece = VectorType::get({toLanes}, to.getElementType());
    SmallVector<Value> results;
    for (int64_t first = 0; first < to.getNumElements(); first += toLanes) {
      SmallVector<Value> lanes;
      int64_t firstFrom = first * toBits / fromBits;
      for (int64_t i = 0; i < fromLanes; ++i)
        lanes.push_back(vector::ExtractOp::create(
            rewriter, loc, op.getSource(), ArrayRef<int64_t>{firstFrom + i}));
      Value piece = vector::BitCastOp::create(
          rewriter, loc, toPiece,
          vector::FromElementsOp::create(rewriter, loc, fromPiece, lanes));
      for (int64_t i = 0; i < toLanes; ++i)
        results.push_back(vector::ExtractOp::create(rewriter, loc, piece,
                                                    ArrayRef<int64_t>{i}));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, to, results);
    return success();
  }
};

/// A vector.bitcast of a constant as the constant it makes, lanes taken
/// from the low bits up. lavapipe folds a bitcast of a 64-bit constant to
/// 16-bit lanes wrongly (the top lane was 0), and MLIR folds only some.
struct FoldConstantBitcast : public OpRewritePattern<vector::BitCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::BitCastOp op,
                                PatternRewriter &rewriter) const override {
    DenseElementsAttr source;
    VectorType to = op.getResultVectorType();
    Type toElement = to.getElementType();
    if (!matchPattern(op.getSource(), m_Constant(&source)) || to.isScalable() ||
        !toElement.isIntOrFloat())
      return failure();
    Type fromElement = source.getElementType();
    if (!fromElement.isIntOrFloat())
      return failure();
    unsigned fromBits = fromElement.getIntOrFloatBitWidth();
    unsigned toBits = toElement.getIntOrFloatBitWidth();
    int64_t count = source.getNumElements();
    APInt all(fromBits * count, 0);
    int64_t i = 0;
    auto place = [&](const APInt &bits) {
      all.insertBits(bits, fromBits * i++);
    };
    if (isa<FloatType>(fromElement))
      for (const APFloat &value : source.getValues<APFloat>())
        place(value.bitcastToAPInt());
    else
      for (const APInt &value : source.getValues<APInt>())
        place(value);
    SmallVector<Attribute> lanes;
    for (int64_t lane = 0, e = to.getNumElements(); lane < e; ++lane) {
      APInt bits = all.extractBits(toBits, toBits * lane);
      if (auto floatType = dyn_cast<FloatType>(toElement))
        lanes.push_back(rewriter.getFloatAttr(
            floatType, APFloat(floatType.getFloatSemantics(), bits)));
      else
        lanes.push_back(rewriter.getIntegerAttr(toElement, bits));
    }
    rewriter.replaceOpWithNewOp<arith::ConstantOp>(
        op, DenseElementsAttr::get(to, lanes));
    return success();
  }
};

/// A 1-D vector.bitcast between lanes more than four times narrower and
/// wider (i8 and i64 or f64), which no pieces of SPIR-V's vectors make:
/// through integers four times the narrow lanes' width, in pieces (one
/// bitcast after another would fold back into this one).
struct BitcastThroughMiddle : public OpRewritePattern<vector::BitCastOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::BitCastOp op,
                                PatternRewriter &rewriter) const override {
    VectorType from = op.getSourceVectorType();
    VectorType to = op.getResultVectorType();
    if (from.getRank() != 1 || from.isScalable())
      return failure();
    int64_t fromBits = from.getElementTypeBitWidth();
    int64_t toBits = to.getElementTypeBitWidth();
    int64_t narrow = std::min(fromBits, toBits);
    int64_t wide = std::max(fromBits, toBits);
    int64_t middleBits = narrow * mlirc::maxSPIRVVectorLength;
    if (narrow < 8 || wide <= middleBits || wide % middleBits != 0)
      return failure();
    Location loc = op.getLoc();
    Type middle = rewriter.getIntegerType(middleBits);
    auto lanesOf = [&](Value vector, int64_t count) {
      SmallVector<Value> lanes;
      for (int64_t i = 0; i < count; ++i)
        lanes.push_back(vector::ExtractOp::create(rewriter, loc, vector,
                                                  ArrayRef<int64_t>{i}));
      return lanes;
    };
    // The narrow side in pieces of four lanes, one middle lane each.
    auto narrowToMiddle = [&](ArrayRef<Value> lanes, Type element) {
      SmallVector<Value> result;
      VectorType piece =
          VectorType::get({mlirc::maxSPIRVVectorLength}, element);
      for (size_t first = 0; first < lanes.size();
           first += mlirc::maxSPIRVVectorLength) {
        Value joined = vector::FromElementsOp::create(
            rewriter, loc, piece,
            lanes.slice(first, mlirc::maxSPIRVVectorLength));
        Value cast = vector::BitCastOp::create(
            rewriter, loc, VectorType::get({1}, middle), joined);
        result.append(lanesOf(cast, 1));
      }
      return result;
    };
    int64_t middleCount = from.getNumElements() * fromBits / middleBits;
    VectorType middleType = VectorType::get({middleCount}, middle);
    if (fromBits < toBits) {
      SmallVector<Value> middleLanes =
          narrowToMiddle(lanesOf(op.getSource(), from.getNumElements()),
                         from.getElementType());
      rewriter.replaceOpWithNewOp<vector::BitCastOp>(
          op, to,
          vector::FromElementsOp::create(rewriter, loc, middleType,
                                         middleLanes));
      return success();
    }
    Value wideAsMiddle =
        vector::BitCastOp::create(rewriter, loc, middleType, op.getSource());
    SmallVector<Value> results;
    VectorType piece =
        VectorType::get({mlirc::maxSPIRVVectorLength}, to.getElementType());
    for (Value lane : lanesOf(wideAsMiddle, middleCount)) {
      Value single = vector::FromElementsOp::create(
          rewriter, loc, VectorType::get({1}, middle), lane);
      results.append(
          lanesOf(vector::BitCastOp::create(rewriter, loc, piece, single),
                  mlirc::maxSPIRVVectorLength));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, to, results);
    return success();
  }
};

/// An op of several results (arith.addui_extended, mulsi_extended,
/// mului_extended) on a vector longer than SPIR-V's, which MLIR's unrolling
/// leaves (it takes one result): as the op on pieces of four lanes.
/// LowerVectorOps has made n-D ones 1-D.
template <typename OpTy>
struct SplitMultiResultOp : public OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;
  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!type || type.getRank() != 1 || type.isScalable() ||
        !mlirc::isLongVector(type))
      return failure();
    Location loc = op.getLoc();
    int64_t count = type.getNumElements();
    SmallVector<SmallVector<Value>> lanes(op->getNumResults());
    for (int64_t first = 0; first < count;
         first += mlirc::maxSPIRVVectorLength) {
      int64_t size = std::min(mlirc::maxSPIRVVectorLength, count - first);
      SmallVector<Value> pieces;
      for (Value operand : op->getOperands())
        pieces.push_back(vector::ExtractStridedSliceOp::create(
            rewriter, loc, operand, ArrayRef<int64_t>{first},
            ArrayRef<int64_t>{size}, ArrayRef<int64_t>{1}));
      SmallVector<Type> types;
      for (Type result : op->getResultTypes())
        types.push_back(VectorType::get({size}, getElementTypeOrSelf(result)));
      auto piece = OpTy::create(rewriter, loc, types, pieces);
      for (auto [i, result] : llvm::enumerate(piece->getResults()))
        for (int64_t lane = 0; lane < size; ++lane)
          lanes[i].push_back(vector::ExtractOp::create(
              rewriter, loc, result, ArrayRef<int64_t>{lane}));
    }
    SmallVector<Value> results;
    for (auto [i, result] : llvm::enumerate(op->getResults()))
      results.push_back(vector::FromElementsOp::create(
          rewriter, loc, cast<VectorType>(result.getType()), lanes[i]));
    rewriter.replaceOp(op, results);
    return success();
  }
};

/// arith.select of vectors by one i1, which SPIR-V before 1.4 lacks (MLIR
/// lowers n-D masks to it): by that i1 broadcast to every lane.
struct SelectByScalar : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op.getType());
    if (!type || isa<VectorType>(op.getCondition().getType()))
      return failure();
    Value lanes = vector::BroadcastOp::create(
        rewriter, op.getLoc(), type.clone(rewriter.getI1Type()),
        op.getCondition());
    rewriter.modifyOpInPlace(
        op, [&] { op.getConditionMutable().assign(lanes); });
    return success();
  }
};

/// arith.select of complex numbers (MLIR's complex.sign lowering makes
/// one), which MLIR's SPIR-V lowering does not take: of their parts.
struct SelectOfComplex : public OpRewritePattern<arith::SelectOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::SelectOp op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<ComplexType>(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    Value a = op.getTrueValue(), b = op.getFalseValue();
    Value real =
        arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                complex::ReOp::create(rewriter, loc, a),
                                complex::ReOp::create(rewriter, loc, b));
    Value imag =
        arith::SelectOp::create(rewriter, loc, op.getCondition(),
                                complex::ImOp::create(rewriter, loc, a),
                                complex::ImOp::create(rewriter, loc, b));
    rewriter.replaceOpWithNewOp<complex::CreateOp>(op, type, real, imag);
    return success();
  }
};

/// Whether a position takes a dynamic lane of a 1-D vector longer than SPIR-V's
/// (dynamic lanes of 2 to 4 elements are OpVectorExtractDynamic and
/// OpVectorInsertDynamic); its lane as an index then.
static Value getWideDynamicLane(VectorType type,
                                ArrayRef<OpFoldResult> position) {
  if (!mlirc::isLongVector(type) || position.size() != 1)
    return nullptr;
  return dyn_cast<Value>(position.front());
}

/// The lanes of a vector too long for SPIR-V, each compared with the
/// dynamic lane \p lane; the comparisons unroll like any scalar.
static SmallVector<Value> compareLanes(PatternRewriter &rewriter, Location loc,
                                       Value lane, int64_t count) {
  SmallVector<Value> equal;
  for (int64_t i = 0; i < count; ++i)
    equal.push_back(arith::CmpIOp::create(
        rewriter, loc, arith::CmpIPredicate::eq, lane,
        arith::ConstantIndexOp::create(rewriter, loc, i)));
  return equal;
}

/// vector.extract of a dynamic lane of more than four elements: the lane
/// picked among the static ones by selects.
struct WideDynamicExtract : public OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    Value lane = getWideDynamicLane(type, op.getMixedPosition());
    if (!lane)
      return failure();
    Location loc = op.getLoc();
    int64_t count = type.getNumElements();
    SmallVector<Value> equal = compareLanes(rewriter, loc, lane, count);
    // Out of range is poison, as MLIR's extract has it: the last lane.
    Value result = vector::ExtractOp::create(rewriter, loc, op.getSource(),
                                             ArrayRef<int64_t>{count - 1});
    for (int64_t i = count - 2; i >= 0; --i)
      result = arith::SelectOp::create(
          rewriter, loc, equal[i],
          vector::ExtractOp::create(rewriter, loc, op.getSource(),
                                    ArrayRef<int64_t>{i}),
          result);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// vector.insert into a dynamic lane of more than four elements: each lane
/// is the new value where it is that lane, the old one elsewhere.
struct WideDynamicInsert : public OpRewritePattern<vector::InsertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::InsertOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getDestVectorType();
    Value lane = getWideDynamicLane(type, op.getMixedPosition());
    if (!lane)
      return failure();
    Location loc = op.getLoc();
    int64_t count = type.getNumElements();
    SmallVector<Value> equal = compareLanes(rewriter, loc, lane, count);
    SmallVector<Value> elements;
    for (int64_t i = 0; i < count; ++i)
      elements.push_back(arith::SelectOp::create(
          rewriter, loc, equal[i], op.getValueToStore(),
          vector::ExtractOp::create(rewriter, loc, op.getDest(),
                                    ArrayRef<int64_t>{i})));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
};

/// vector.mask around a 1-D vector.reduction, which MLIR's SPIR-V lowering
/// lacks: the reduction of the elements the mask keeps and the kind's
/// neutral element elsewhere.
struct MaskedReduction : public OpRewritePattern<vector::MaskOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::MaskOp op,
                                PatternRewriter &rewriter) const override {
    auto reduction =
        dyn_cast_or_null<vector::ReductionOp>(op.getMaskableOp());
    if (!reduction || op.hasPassthru())
      return failure();
    VectorType type = reduction.getSourceVectorType();
    if (type.getRank() != 1 || type.isScalable())
      return failure();
    Location loc = op.getLoc();
    TypedAttr identity = mlirc::getReductionIdentity(
        reduction.getKind(), type.getElementType(), rewriter, loc);
    if (!identity)
      return failure();
    Value neutral = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(type, identity));
    Value kept = arith::SelectOp::create(rewriter, loc, op.getMask(),
                                         reduction.getVector(), neutral);
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(
        op, reduction.getKind(), kept, reduction.getAcc(),
        reduction.getFastmath());
    return success();
  }
};

/// Whether \p type is i32 or a vector of i32: what Vulkan's bit
/// instructions take.
bool isInt32Like(Type type) {
  return type && getElementTypeOrSelf(type).isInteger(32);
}

/// Floats of 16 and 32 bits: what GLSL.std.450's functions take.
bool isGLSLFloatLike(Type type) {
  return type && getElementTypeOrSelf(type).getIntOrFloatBitWidth() <= 32;
}

/// \p SourceOp as the one SPIR-V op \p TargetOp where \p accepts its
/// converted type: math.exp2 as GLSL's Exp2, math.ctpop as OpBitCount.
template <typename SourceOp, typename TargetOp, bool (*accepts)(Type)>
struct UnaryToSPIRV : public OpConversionPattern<SourceOp> {
  using OpConversionPattern<SourceOp>::OpConversionPattern;
  LogicalResult
  matchAndRewrite(SourceOp op, typename SourceOp::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!accepts(type))
      return failure();
    rewriter.replaceOpWithNewOp<TargetOp>(op, type, adaptor.getOperand());
    return success();
  }
};

/// cttz(x) = x == 0 ? 32 : FindILsb(x), which is -1 for 0.
struct CttzToFindILsb : public OpConversionPattern<math::CountTrailingZerosOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(math::CountTrailingZerosOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!isInt32Like(type))
      return failure();
    Location loc = op.getLoc();
    Value x = adaptor.getOperand();
    auto constant = [&](int64_t value) -> Value {
      APInt bits(32, value);
      Attribute attr =
          isa<VectorType>(type)
              ? Attribute(DenseElementsAttr::get(cast<VectorType>(type), bits))
              : Attribute(rewriter.getIntegerAttr(type, bits));
      return spirv::ConstantOp::create(rewriter, loc, type,
                                       cast<TypedAttr>(attr));
    };
    Value lsb = spirv::GLFindILsbOp::create(rewriter, loc, type, x);
    Value zero = spirv::IEqualOp::create(rewriter, loc, x, constant(0));
    rewriter.replaceOpWithNewOp<spirv::SelectOp>(op, zero, constant(32), lsb);
    return success();
  }
};

/// The math ops whose GLSL.std.450 functions take 16- and 32-bit floats
/// only (or that MLIR expands through them: expm1, log10, log1p).
bool isGLSL32BitFunction(Operation *op) {
  return isa<math::SinOp, math::CosOp, math::TanOp, math::AsinOp, math::AcosOp,
             math::AtanOp, math::SinhOp, math::CoshOp, math::TanhOp,
             math::AsinhOp, math::AcoshOp, math::AtanhOp, math::ExpOp,
             math::Exp2Op, math::ExpM1Op, math::LogOp, math::Log2Op,
             math::Log10Op, math::Log1pOp, math::PowFOp, math::SincosOp>(op);
}

/// The float in \p type (itself, or the elements of a vector, memref or
/// complex) that Vulkan kernels lack: floats narrower than 16 bits (bf16
/// computes as f32, EmulateBF16.h). Null when there is none.
FloatType findFloatVulkanLacks(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (auto complex = dyn_cast<ComplexType>(element))
    element = complex.getElementType();
  auto floatType = dyn_cast<FloatType>(element);
  if (!floatType || floatType.isF16() || floatType.isBF16() ||
      floatType.isF32() || floatType.isF64())
    return nullptr;
  return floatType.getWidth() <= 16 ? floatType : nullptr;
}

} // namespace

bool mlirc::isLongVector(VectorType type) {
  return type.getRank() == 1 && !type.isScalable() &&
         type.getNumElements() > maxSPIRVVectorLength;
}

void mlirc::populateMissingSPIRVRewrites(RewritePatternSet &patterns) {
  patterns.add<
      TruncAsFloor, BooleanArith, BitwiseReduction, MaskedReduction,
      BitCountThrough32Bits<math::CountLeadingZerosOp>,
      BitCountThrough32Bits<math::CountTrailingZerosOp>,
      BitCountThrough32Bits<math::CtPopOp>, WideDeinterleave, WideShuffle,
      WideDynamicExtract, WideDynamicInsert, SelectByScalar, SelectOfComplex,
      WideBitcast, BitcastThroughMiddle, FoldConstantBitcast, ExtractLaneOfRow,
      SplitMultiResultOp<arith::AddUIExtendedOp>,
      SplitMultiResultOp<arith::MulSIExtendedOp>,
      SplitMultiResultOp<arith::MulUIExtendedOp>, InsertLaneOfRow,
      SignedRemainder, ConstantComparison, IEEEMinMax<arith::MaximumFOp, true>,
      IEEEMinMax<arith::MinimumFOp, false>>(patterns.getContext());
  // vector.step as the constant it is, which unrolls; n-D broadcasts as
  // broadcasts of rows (unrolling splits only elementwise ops).
  vector::populateVectorStepLoweringPatterns(patterns);
  vector::populateVectorBroadcastLoweringPatterns(patterns);
  mlir::arith::populateCeilFloorDivExpandOpsPatterns(patterns);
}

void mlirc::populateMissingSPIRVPatterns(SPIRVTypeConverter &converter,
                                              RewritePatternSet &patterns) {
  patterns.add<UnaryToSPIRV<math::Exp2Op, spirv::GLExp2Op, isGLSLFloatLike>,
               UnaryToSPIRV<math::CtPopOp, spirv::BitCountOp, isInt32Like>,
               CttzToFindILsb>(converter, patterns.getContext());
}

LogicalResult mlirc::checkVulkanFloats(gpu::GPUModuleOp module) {
  WalkResult found = module.walk([](Operation *op) {
    for (TypeRange types :
         {TypeRange(op->getOperandTypes()), TypeRange(op->getResultTypes())})
      for (Type type : types)
        if (FloatType lacking = findFloatVulkanLacks(type)) {
          op->emitError("'")
              << op->getName() << "' on " << lacking
              << " cannot be compiled for the Vulkan target: SPIR-V for "
                 "Vulkan has no "
              << lacking
              << " (MLIR would store it as f32, and read the wrong bytes of "
                 "the buffers); compute in f16 or f32, or convert on the host";
          return WalkResult::interrupt();
        }
    if (isGLSL32BitFunction(op) &&
        getElementTypeOrSelf(op->getResultTypes()[0]).isF64()) {
      op->emitError("'")
          << op->getName()
          << "' on f64 cannot be compiled for the Vulkan target: "
             "GLSL.std.450, with which Vulkan kernels compute math "
             "functions, has it for 16- and 32-bit floats only; compute it "
             "in f32";
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return failure(found.wasInterrupted());
}
