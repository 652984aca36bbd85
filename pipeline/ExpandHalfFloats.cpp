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

#include "pipeline/BitBuilder.h"
#include "pipeline/BoundedRewrites.h"
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

using mlirc::BitBuilder;

/// The f32 bits of the f16 \p half (in the low 16 bits of i32s), exact.
Value extendHalfBits(BitBuilder &bits, Value half, Type f32) {
  OpBuilder &b = bits.b;
  Location loc = bits.loc;
  Value sign = bits.shl(bits.band(half, 0x8000), 16);
  Value magnitude = bits.band(half, 0x7fff);
  Value shifted = bits.shl(magnitude, 13);
  // Exponent 1..30: rebiased from 15 to 127.
  Value normal = bits.add(shifted, (127 - 15) << 23);
  // Exponent 31: infinity or NaN, the mantissa kept.
  Value special = bits.bor(shifted, bits.constant(0x7f800000));
  // Exponent 0: mantissa * 2^-24, exact in f32 (and never subnormal there,
  // so that denormals-are-zero cannot touch it).
  Value scale = createScalarOrSplatConstant(b, loc, f32, APFloat(0x1p-24f));
  Value subnormal = arith::BitcastOp::create(
      b, loc, bits.type,
      arith::MulFOp::create(
          b, loc, arith::UIToFPOp::create(b, loc, f32, magnitude), scale));
  Value result = bits.select(
      bits.atLeast(magnitude, 0x7c00), special,
      bits.select(bits.atLeast(magnitude, 0x400), normal, subnormal));
  return arith::OrIOp::create(b, loc, result, sign);
}

/// The f16 bits (in i32s) of the f32 bits \p x, rounded to nearest even.
Value truncateHalfBits(BitBuilder &bits, Value x, Type f32) {
  OpBuilder &b = bits.b;
  Location loc = bits.loc;
  Value sign = bits.band(bits.shr(x, 16), 0x8000);
  Value magnitude = bits.band(x, 0x7fffffff);
  // A quiet NaN keeps the top of the payload.
  Value nan = arith::OrIOp::create(
      b, loc, bits.band(bits.shr(magnitude, 13), 0x3ff), bits.constant(0x7e00));
  // From f16's smallest normal 2^-14 up: rebiased, then rounded at bit 13,
  // ties to the even neighbour (the carry may reach infinity).
  Value lowBit = bits.band(bits.shr(magnitude, 13), 1);
  Value normal = bits.shr(
      arith::AddIOp::create(
          b, loc, bits.add(magnitude, -((127 - 15) << 23) + 0xfff), lowBit),
      13);
  // Below it: adding 0.5, whose ulp is 2^-24, rounds the magnitude to a
  // multiple of f16's smallest subnormal; its bits less 0.5's count them.
  Value absolute = arith::BitcastOp::create(b, loc, f32, magnitude);
  Value point5 = createScalarOrSplatConstant(b, loc, f32, APFloat(0.5f));
  Value subnormal = bits.add(
      arith::BitcastOp::create(b, loc, bits.type,
                               arith::AddFOp::create(b, loc, absolute, point5)),
      -0x3f000000);
  // 65520 and up round to infinity.
  Value result = bits.select(
      bits.atLeast(magnitude, 0x7f800001), nan,
      bits.select(
          bits.atLeast(magnitude, 0x477ff000), bits.constant(0x7c00),
          bits.select(bits.atLeast(magnitude, 0x38800000), normal, subnormal)));
  return arith::OrIOp::create(b, loc, result, sign);
}

/// The bf16 bits (in i32s) of the f32 bits \p x, rounded to nearest even
/// (the carry may reach infinity).
Value truncateBF16Bits(BitBuilder &bits, Value x) {
  OpBuilder &b = bits.b;
  Location loc = bits.loc;
  Value top = bits.shr(x, 16);
  Value rounded = bits.shr(
      arith::AddIOp::create(b, loc, bits.add(x, 0x7fff), bits.band(top, 1)),
      16);
  // A NaN keeps its bits when they fit (compiler-rt's __truncsfbf2 does
  // so, signaling ones too); else it becomes a quiet one.
  Value fits = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq,
                                     bits.band(x, 0xffff), bits.constant(0));
  Value nan = bits.select(
      fits, top, arith::OrIOp::create(b, loc, top, bits.constant(0x0040)));
  return bits.select(bits.atLeast(bits.band(x, 0x7fffffff), 0x7f800001), nan,
                     rounded);
}

/// arith.extf from f16 or bf16 to f32, exact: a bf16 is an f32's top half.
struct ExtendNarrow : OpRewritePattern<arith::ExtFOp> {
  ExtendNarrow(MLIRContext *context, ArrayRef<Type> narrow)
      : OpRewritePattern(context), narrow(narrow) {}
  LogicalResult matchAndRewrite(arith::ExtFOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getIn().getType());
    if (!llvm::is_contained(narrow, element) ||
        !getElementTypeOrSelf(op.getType()).isF32())
      return failure();
    Location loc = op.getLoc();
    Type type = op.getIn().getType();
    Type i16 = mlirc::withElementType(type, rewriter.getI16Type());
    BitBuilder bits{rewriter, loc,
                    mlirc::withElementType(type, rewriter.getI32Type())};
    Value wide = arith::ExtUIOp::create(
        rewriter, loc, bits.type,
        arith::BitcastOp::create(rewriter, loc, i16, op.getIn()));
    Value result = element.isF16() ? extendHalfBits(bits, wide, op.getType())
                                   : bits.shl(wide, 16);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(op, op.getType(), result);
    return success();
  }
  SmallVector<Type> narrow;
};

/// arith.truncf from f32 to f16 or bf16, rounded to nearest even.
struct TruncateToNarrow : OpRewritePattern<arith::TruncFOp> {
  TruncateToNarrow(MLIRContext *context, ArrayRef<Type> narrow)
      : OpRewritePattern(context), narrow(narrow) {}
  LogicalResult matchAndRewrite(arith::TruncFOp op,
                                PatternRewriter &rewriter) const override {
    Type element = getElementTypeOrSelf(op.getType());
    if (!llvm::is_contained(narrow, element) ||
        !getElementTypeOrSelf(op.getIn().getType()).isF32() ||
        op.getRoundingmodeAttr())
      return failure();
    Location loc = op.getLoc();
    Type f32 = op.getIn().getType();
    BitBuilder bits{rewriter, loc,
                    mlirc::withElementType(f32, rewriter.getI32Type())};
    Value x = arith::BitcastOp::create(rewriter, loc, bits.type, op.getIn());
    Value result = element.isF16() ? truncateHalfBits(bits, x, f32)
                                   : truncateBF16Bits(bits, x);
    rewriter.replaceOpWithNewOp<arith::BitcastOp>(
        op, op.getType(),
        arith::TruncIOp::create(
            rewriter, loc, mlirc::withElementType(f32, rewriter.getI16Type()),
            result));
    return success();
  }
  SmallVector<Type> narrow;
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

struct ExpandHalfFloatsPass
    : mlirc::impl::ExpandHalfFloatsBase<ExpandHalfFloatsPass> {
  using Base::Base;
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    // The types LLVM converts in hardware keep their arithmetic, but for
    // fused multiply-adds, which it would compute in f32.
    SmallVector<Type> narrow, converted;
    (f16 ? narrow : converted).push_back(Float16Type::get(context));
    (bf16 ? narrow : converted).push_back(BFloat16Type::get(context));
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
      function->walk([&](Operation *op) {
        if (auto reduction = dyn_cast<vector::ReductionOp>(op);
            reduction && isNarrow(reduction.getType()))
          reductions.push_back(reduction);
      });
      for (vector::ReductionOp op : reductions)
        expandReduction(op);
      if (failed(mlirc::computeFmaInF64(function, converted)))
        return signalPassFailure();
      if (narrow.empty())
        continue;
      if (failed(mlirc::computeNarrowFloatsInF32(function, narrow,
                                                 /*fmaInF64=*/true)))
        return signalPassFailure();
      RewritePatternSet patterns(context);
      patterns.add<ExtendNarrow, TruncateToNarrow>(context, narrow);
      if (failed(mlirc::applyPatternsWithBound(function, std::move(patterns),
                                               getArgument())))
        return signalPassFailure();
    }
  }
};

} // namespace
