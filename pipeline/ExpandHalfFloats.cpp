//===- ExpandHalfFloats.cpp - f16 and bf16 in f32, inline conversions -----===//
//
// The conversions are the usual bit manipulations: an f16's exponent and
// mantissa shifted into an f32's and rebiased (subnormals converted as
// integers and scaled), and an f32 rounded to nearest even at the 13th bit
// below its mantissa, or at 2^-24 for f16's subnormals (by adding 0.5,
// whose ulp that is). bf16 is an f32's top half: extended by a shift,
// rounded to nearest even at bit 16. All are select chains, which
// vectorize.
//
//===----------------------------------------------------------------------===//

#include "pipeline/NarrowFloatsInF32.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Utils/VectorUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDHALFFLOATS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool hasF16(Type type) { return getElementTypeOrSelf(type).isF16(); }
bool hasBF16(Type type) { return getElementTypeOrSelf(type).isBF16(); }

/// Builds integer constants and ops of one shape (scalar or vector).
struct BitBuilder {
  OpBuilder &b;
  Location loc;
  Type type;

  Value constant(int64_t value) {
    return createScalarOrSplatConstant(b, loc, type, value);
  }
  Value band(Value x, int64_t mask) {
    return arith::AndIOp::create(b, loc, x, constant(mask));
  }
  Value shl(Value x, int64_t bits) {
    return arith::ShLIOp::create(b, loc, x, constant(bits));
  }
  Value shr(Value x, int64_t bits) {
    return arith::ShRUIOp::create(b, loc, x, constant(bits));
  }
  Value add(Value x, int64_t value) {
    return arith::AddIOp::create(b, loc, x, constant(value));
  }
  Value atLeast(Value x, int64_t value) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::uge, x,
                                 constant(value));
  }
  Value select(Value condition, Value x, Value y) {
    return arith::SelectOp::create(b, loc, condition, x, y);
  }
};

/// arith.extf from f16 to f32, exact.
struct ExtendHalf : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasF16(op.getIn().getType()) ||
        !getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Location loc = op.getLoc();
    Type type = op.getIn().getType();
    Type i16 = mlirc::withElementType(type, rewriter.getI16Type());
    Type i32 = mlirc::withElementType(type, rewriter.getI32Type());
    Type f32 = op.getType();
    BitBuilder bits{rewriter, loc, i32};
    Value half = arith::ExtUIOp::create(
        rewriter, loc, i32,
        arith::BitcastOp::create(rewriter, loc, i16, op.getIn()));
    Value sign = bits.shl(bits.band(half, 0x8000), 16);
    Value magnitude = bits.band(half, 0x7fff);
    Value shifted = bits.shl(magnitude, 13);
    // Exponent 1..30: rebiased from 15 to 127.
    Value normal = bits.add(shifted, (127 - 15) << 23);
    // Exponent 31: infinity or NaN, the mantissa kept.
    Value special =
        arith::OrIOp::create(rewriter, loc, shifted, bits.constant(0x7f800000));
    // Exponent 0: mantissa * 2^-24, exact in f32 (and never subnormal
    // there, so that denormals-are-zero cannot touch it).
    Value scale =
        createScalarOrSplatConstant(rewriter, loc, f32, APFloat(0x1p-24f));
    Value subnormal = arith::BitcastOp::create(
        rewriter, loc, i32,
        arith::MulFOp::create(
            rewriter, loc,
            arith::UIToFPOp::create(rewriter, loc, f32, magnitude), scale));
    Value result = bits.select(
        bits.atLeast(magnitude, 0x7c00), special,
        bits.select(bits.atLeast(magnitude, 0x400), normal, subnormal));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(
        op, f32, arith::OrIOp::create(rewriter, loc, result, sign));
    return success();
  }
};

/// arith.truncf from f32 to f16, rounded to nearest even.
struct TruncateToHalf : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasF16(op.getType()) ||
        !getElementTypeOrSelf(op.getIn().getType()).isF32() ||
        op.getRoundingmodeAttr())
      return failure();
    Location loc = op.getLoc();
    Type f32 = op.getIn().getType();
    Type i16 = mlirc::withElementType(f32, rewriter.getI16Type());
    Type i32 = mlirc::withElementType(f32, rewriter.getI32Type());
    BitBuilder bits{rewriter, loc, i32};
    Value x = arith::BitcastOp::create(rewriter, loc, i32, op.getIn());
    Value sign = bits.band(bits.shr(x, 16), 0x8000);
    Value magnitude = bits.band(x, 0x7fffffff);
    // A quiet NaN keeps the top of the payload.
    Value nan = arith::OrIOp::create(rewriter, loc,
                                     bits.band(bits.shr(magnitude, 13), 0x3ff),
                                     bits.constant(0x7e00));
    // From f16's smallest normal 2^-14 up: rebiased, then rounded at bit
    // 13, ties to the even neighbour (the carry may reach infinity).
    Value lowBit = bits.band(bits.shr(magnitude, 13), 1);
    Value normal =
        bits.shr(arith::AddIOp::create(
                     rewriter, loc,
                     bits.add(magnitude, -((127 - 15) << 23) + 0xfff), lowBit),
                 13);
    // Below it: adding 0.5, whose ulp is 2^-24, rounds the magnitude to a
    // multiple of f16's smallest subnormal; its bits less 0.5's count them.
    Value absolute = arith::BitcastOp::create(rewriter, loc, f32, magnitude);
    Value point5 =
        createScalarOrSplatConstant(rewriter, loc, f32, APFloat(0.5f));
    Value subnormal =
        bits.add(arith::BitcastOp::create(
                     rewriter, loc, i32,
                     arith::AddFOp::create(rewriter, loc, absolute, point5)),
                 -0x3f000000);
    // 65520 and up round to infinity.
    Value result = bits.select(
        bits.atLeast(magnitude, 0x7f800001), nan,
        bits.select(bits.atLeast(magnitude, 0x477ff000), bits.constant(0x7c00),
                    bits.select(bits.atLeast(magnitude, 0x38800000), normal,
                                subnormal)));
    Value withSign = arith::OrIOp::create(rewriter, loc, result, sign);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(
        op, op.getType(),
        arith::TruncIOp::create(rewriter, loc, i16, withSign));
    return success();
  }
};

/// arith.extf from bf16 to f32: its bits above sixteen zeros, exact.
struct ExtendBF16 : OpRewritePattern<arith::ExtFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasBF16(op.getIn().getType()) ||
        !getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Location loc = op.getLoc();
    Type type = op.getIn().getType();
    Type i16 = mlirc::withElementType(type, rewriter.getI16Type());
    Type i32 = mlirc::withElementType(type, rewriter.getI32Type());
    BitBuilder bits{rewriter, loc, i32};
    Value wide = arith::ExtUIOp::create(
        rewriter, loc, i32,
        arith::BitcastOp::create(rewriter, loc, i16, op.getIn()));
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(),
                                                  bits.shl(wide, 16));
    return success();
  }
};

/// arith.truncf from f32 to bf16, rounded to nearest even (the carry may
/// reach infinity).
struct TruncateToBF16 : OpRewritePattern<arith::TruncFOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    if (!hasBF16(op.getType()) ||
        !getElementTypeOrSelf(op.getIn().getType()).isF32() ||
        op.getRoundingmodeAttr())
      return failure();
    Location loc = op.getLoc();
    Type f32 = op.getIn().getType();
    Type i16 = mlirc::withElementType(f32, rewriter.getI16Type());
    Type i32 = mlirc::withElementType(f32, rewriter.getI32Type());
    BitBuilder bits{rewriter, loc, i32};
    Value x = arith::BitcastOp::create(rewriter, loc, i32, op.getIn());
    Value top = bits.shr(x, 16);
    Value rounded =
        bits.shr(arith::AddIOp::create(rewriter, loc, bits.add(x, 0x7fff),
                                       bits.band(top, 1)),
                 16);
    // A NaN keeps its bits when they fit (compiler-rt's __truncsfbf2 does
    // so, signaling ones too); else it becomes a quiet one.
    Value fits = arith::CmpIOp::create(rewriter, loc, arith::CmpIPredicate::eq,
                                       bits.band(x, 0xffff), bits.constant(0));
    Value nan = bits.select(
        fits, top,
        arith::OrIOp::create(rewriter, loc, top, bits.constant(0x0040)));
    Value result = bits.select(
        bits.atLeast(bits.band(x, 0x7fffffff), 0x7f800001), nan, rounded);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(
        op, op.getType(), arith::TruncIOp::create(rewriter, loc, i16, result));
    return success();
  }
};

/// vector.reduction on f16 or bf16 as the ops in turn, each rounded, as
/// LLVM computes an ordered reduction: from the accumulator, or from 0 for
/// an add (as MLIR's LLVM lowering starts it).
void expandReduction(vector::ReductionOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value result = op.getAcc();
  if (!result && op.getKind() == vector::CombiningKind::ADD)
    result = arith::ConstantOp::create(b, loc, b.getFloatAttr(op.getType(), 0));
  int64_t size = op.getSourceVectorType().getNumElements();
  Value flat = vector::ShapeCastOp::create(
      b, loc, VectorType::get({size}, op.getType()), op.getVector());
  for (int64_t i = 0; i < size; ++i) {
    Value element = vector::ExtractOp::create(b, loc, flat, i);
    result = result ? vector::makeArithReduction(b, loc, op.getKind(), result,
                                                 element, op.getFastmathAttr())
                    : element;
  }
  op.replaceAllUsesWith(result);
  op.erase();
}

/// vector.fma on f16 or bf16 as an f32 one rounded back, as LLVM promotes
/// it.
void extendFma(vector::FMAOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type f32 = mlirc::withElementType(op.getType(), b.getF32Type());
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(arith::ExtFOp::create(b, loc, f32, operand));
  Value fma =
      vector::FMAOp::create(b, loc, operands[0], operands[1], operands[2]);
  op.replaceAllUsesWith(
      arith::TruncFOp::create(b, loc, op.getType(), fma).getResult());
  op.erase();
}

struct ExpandHalfFloatsPass
    : mlirc::impl::ExpandHalfFloatsBase<ExpandHalfFloatsPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    SmallVector<Type> narrow;
    if (f16)
      narrow.push_back(Float16Type::get(context));
    if (bf16)
      narrow.push_back(BFloat16Type::get(context));
    auto isNarrow = [&](Type type) {
      return llvm::is_contained(narrow, getElementTypeOrSelf(type));
    };
    // The host code's functions; gpu.modules are serialized already.
    SmallVector<Operation *> functions;
    for (Operation &op : getOperation().getBody()->getOperations())
      if (isa<FunctionOpInterface>(op))
        functions.push_back(&op);
    for (Operation *function : functions) {
      SmallVector<vector::ReductionOp> reductions;
      SmallVector<vector::FMAOp> fmas;
      function->walk([&](Operation *op) {
        if (auto reduction = dyn_cast<vector::ReductionOp>(op);
            reduction && isNarrow(reduction.getType()))
          reductions.push_back(reduction);
        if (auto fma = dyn_cast<vector::FMAOp>(op);
            fma && isNarrow(fma.getType()))
          fmas.push_back(fma);
      });
      for (vector::ReductionOp op : reductions)
        expandReduction(op);
      for (vector::FMAOp op : fmas)
        extendFma(op);
      if (failed(mlirc::computeNarrowFloatsInF32(function, narrow, {})))
        return signalPassFailure();
      RewritePatternSet patterns(context);
      if (f16)
        patterns.add<ExtendHalf, TruncateToHalf>(context);
      if (bf16)
        patterns.add<ExtendBF16, TruncateToBF16>(context);
      if (failed(applyPatternsGreedily(function, std::move(patterns))))
        return signalPassFailure();
    }
  }
};

} // namespace
