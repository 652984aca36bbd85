//===- NarrowFloatsInF32.cpp - 16-bit float arithmetic as f32 -------------===//

#include "pipeline/NarrowFloatsInF32.h"
#include "pipeline/BoundedRewrites.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/DialectConversion.h"

using namespace mlir;

Type mlirc::withElementType(Type type, Type element) {
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(element);
  return element;
}

/// arith.extf from a narrow float to one wider than f32, through f32, which
/// is exact.
static void extendThroughF32(arith::ExtFOp op) {
  OpBuilder b(op);
  Value f32 = arith::ExtFOp::create(
      b, op.getLoc(), mlirc::withElementType(op.getType(), b.getF32Type()),
      op.getIn());
  op.replaceAllUsesWith(
      arith::ExtFOp::create(b, op.getLoc(), op.getType(), f32).getResult());
  op.erase();
}

/// arith.truncf from a float wider than f32 to a narrow one, through f32
/// rounded to odd first: a value between two f32s becomes the one of them
/// with the odd bits, so that rounding it to the narrow type (13 or 16 bits
/// fewer) rounds as the wide value would. Two roundings to nearest would
/// round a tie of the second twice.
static void truncateThroughF32(arith::TruncFOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value x = op.getIn();
  Type f32 = mlirc::withElementType(x.getType(), b.getF32Type());
  Type i32 = mlirc::withElementType(x.getType(), b.getI32Type());
  Value nearest = arith::TruncFOp::create(b, loc, f32, x);
  Value back = arith::ExtFOp::create(b, loc, x.getType(), nearest);
  Value exact =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, back, x);
  // Toward zero when the nearest f32 is farther from zero than x: the bits
  // of a float's magnitude count up with it.
  Value farther = arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OGT,
                                        math::AbsFOp::create(b, loc, back),
                                        math::AbsFOp::create(b, loc, x));
  Value bits = arith::BitcastOp::create(b, loc, i32, nearest);
  Value one = arith::ConstantOp::create(b, loc, b.getOneAttr(i32));
  Value towardZero = arith::SelectOp::create(
      b, loc, farther, arith::SubIOp::create(b, loc, bits, one), bits);
  Value odd = arith::OrIOp::create(b, loc, towardZero, one);
  Value rounded = arith::BitcastOp::create(
      b, loc, f32, arith::SelectOp::create(b, loc, exact, bits, odd));
  op.replaceAllUsesWith(
      arith::TruncFOp::create(b, loc, op.getType(), rounded).getResult());
  op.erase();
}

/// math.fma as a wider fma rounded back. In f32, which LLVM's promotion
/// uses, a sum whose low bits break a tie of the narrow type rounds to the
/// tie first and then to even (fma(1.96875, 0.796875, 2^-24) on f16 was
/// 1.568359375 for 1.5693359375); in f64 the product of two 16-bit floats
/// and any addend that can tip the rounding are exact, and the f64 result
/// rounds to the narrow type through f32 rounded to odd.
static void extendFma(math::FmaOp op, bool inF64) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type wide = mlirc::withElementType(
      op.getType(), inF64 ? Type(b.getF64Type()) : Type(b.getF32Type()));
  auto extend = [&](Value value) -> Value {
    return arith::ExtFOp::create(b, loc, wide, value);
  };
  Value fma = math::FmaOp::create(b, loc, extend(op.getA()), extend(op.getB()),
                                  extend(op.getC()), op.getFastmathAttr());
  auto narrowed = arith::TruncFOp::create(b, loc, op.getType(), fma);
  op.replaceAllUsesWith(narrowed.getResult());
  op.erase();
  if (inF64)
    truncateThroughF32(narrowed);
}

/// vector.outerproduct and vector.fma of \p narrow types as elementwise
/// ops (math.fma among them), which the conversion below rounds one by
/// one: MLIR's emulation computes each of those whole in f32, so that
/// an outer product of kind mul rounded acc * (a * b) once.
static LogicalResult lowerNarrowVectorOps(Operation *root,
                                          function_ref<bool(Type)> isNarrow) {
  SmallVector<Operation *> products;
  root->walk([&](vector::OuterProductOp op) {
    if (isNarrow(op.getType()))
      products.push_back(op);
  });
  if (!products.empty()) {
    RewritePatternSet patterns(root->getContext());
    vector::populateVectorOuterProductLoweringPatterns(patterns);
    if (failed(mlirc::applyOpPatternsWithBound(products, std::move(patterns),
                                               "mlirc-compute-narrow-floats")))
      return failure();
  }
  SmallVector<vector::FMAOp> fmas;
  root->walk([&](vector::FMAOp op) {
    if (isNarrow(op.getType()))
      fmas.push_back(op);
  });
  for (vector::FMAOp op : fmas) {
    OpBuilder b(op);
    op.replaceAllUsesWith(math::FmaOp::create(b, op.getLoc(), op.getLhs(),
                                              op.getRhs(), op.getAcc())
                              .getResult());
    op.erase();
  }
  return success();
}

LogicalResult mlirc::computeFmaInF64(Operation *root, ArrayRef<Type> types) {
  auto isOfTypes = [&](Type type) {
    return llvm::is_contained(types, getElementTypeOrSelf(type));
  };
  if (failed(lowerNarrowVectorOps(root, isOfTypes)))
    return failure();
  SmallVector<math::FmaOp> fmas;
  root->walk([&](math::FmaOp op) {
    if (isOfTypes(op.getType()))
      fmas.push_back(op);
  });
  for (math::FmaOp op : fmas)
    extendFma(op, /*inF64=*/true);
  return success();
}

LogicalResult mlirc::computeNarrowFloatsInF32(Operation *root,
                                              ArrayRef<Type> narrow,
                                              bool fmaInF64) {
  auto isNarrow = [&](Type type) {
    return llvm::is_contained(narrow, getElementTypeOrSelf(type));
  };
  if (failed(lowerNarrowVectorOps(root, isNarrow)))
    return failure();
  auto isWide = [](Type type) {
    auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
    return element && element.getWidth() > 32;
  };
  SmallVector<arith::ExtFOp> extensions;
  SmallVector<arith::TruncFOp> truncations;
  SmallVector<math::FmaOp> fmas;
  root->walk([&](Operation *op) {
    if (auto fma = dyn_cast<math::FmaOp>(op); fma && isNarrow(fma.getType()))
      fmas.push_back(fma);
    if (auto extf = dyn_cast<arith::ExtFOp>(op);
        extf && isNarrow(extf.getIn().getType()) && isWide(extf.getType()))
      extensions.push_back(extf);
    if (auto truncf = dyn_cast<arith::TruncFOp>(op);
        truncf && isNarrow(truncf.getType()) &&
        isWide(truncf.getIn().getType()))
      truncations.push_back(truncf);
  });
  for (arith::ExtFOp op : extensions)
    extendThroughF32(op);
  for (arith::TruncFOp op : truncations)
    truncateThroughF32(op);
  for (math::FmaOp op : fmas)
    extendFma(op, fmaInF64);

  MLIRContext *context = root->getContext();
  // One converter, of the narrow types alone, for arith and math: MLIR's
  // math converter would make f32 of every type it is not told to keep,
  // f64 included.
  TypeConverter converter;
  arith::populateEmulateUnsupportedFloatsConversions(converter, narrow,
                                                     Float32Type::get(context));
  ConversionTarget target(*context);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  // arith ops, and vector.fma, vector.reduction and vector.contract.
  arith::populateEmulateUnsupportedFloatsLegality(target, converter);
  math::populateExtendToSupportedTypesConversionTarget(target, converter);
  RewritePatternSet patterns(context);
  arith::populateEmulateUnsupportedFloatsPatterns(patterns, converter);
  math::populateExtendToSupportedTypesPatterns(patterns, converter);
  if (failed(applyPartialConversion(root, target, std::move(patterns))))
    return failure();
  // The conversions round each result to the narrow type, as the target
  // would compute it; with the ops' `contract` flag on them, MLIR would
  // fold an extf of a truncf away and round a chain of ops once.
  root->walk([&](Operation *op) {
    if ((isa<arith::ExtFOp>(op) && isNarrow(op->getOperand(0).getType())) ||
        (isa<arith::TruncFOp>(op) && isNarrow(op->getResult(0).getType())))
      op->removeAttr("fastmath");
  });
  return success();
}
