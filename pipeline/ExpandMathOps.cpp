//===- ExpandMathOps.cpp - math ops some target lacks, in common ops ------===//
//
// MLIR 22 lowers a few math ops on some targets only, or wrongly:
// math.clampf's expansion (math-expand-ops) takes the minimum with the
// lower bound, which upstream has since fixed, and its AMD lowering makes
// an fmed3 that LLVM cannot select for vectors; math.isinf and
// math.isnormal reach LLVM on NVIDIA alone, and math.isfinite becomes a
// SPIR-V op of OpenCL kernels that Vulkan rejects; the f64 sincos MLIR
// makes for AMD is a sin and cos LLVM's AMDGPU back end cannot select.
// Written in arith and the other math ops, they compile, and compute the
// same, on every target. math.fpowi of vectors goes element by element
// (LLVM's powi takes one exponent), and ctlz, cttz and absi of n-D vectors
// as 1-D ones (their LLVM lowerings take no others). In host code, the math
// functions neither LLVM nor MLIR's math-to-libm has for f80 and f128 call
// glibc's (acoshl, acoshf128, ...), and math.expm1 and math.log1p call
// libm's on every float type: MLIR's LLVM lowering computes exp(x) - 1 and
// log(1 + x), which lose the digits these functions exist for (expm1 of
// 1e-7 was 1.19e-7).
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/MathToLibm/MathToLibm.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDMATHOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

const llvm::fltSemantics &getSemantics(Type type) {
  return cast<FloatType>(getElementTypeOrSelf(type)).getFloatSemantics();
}

/// clampf(value, min, max) = maximumf(minimumf(value, max), min): NaN
/// operands give NaN, as the maximumf and minimumf of MLIR's own expansion.
LogicalResult expandClampF(math::ClampFOp op, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  Value upper = arith::MinimumFOp::create(rewriter, op.getLoc(), op.getValue(),
                                          op.getMax(), op.getFastmath());
  rewriter.replaceOpWithNewOp<arith::MaximumFOp>(op, upper, op.getMin(),
                                                 op.getFastmath());
  return success();
}

/// isinf(x) = |x| == inf; isfinite(x) = |x| < inf; isnormal(x) = smallest
/// normal <= |x| < inf; all ordered, so false for NaN.
template <typename OpTy>
LogicalResult expandFloatClass(OpTy op, RewriterBase &rewriter) {
  Location loc = op.getLoc();
  Type type = op.getOperand().getType();
  const llvm::fltSemantics &semantics = getSemantics(type);
  // A splat needs a static shape.
  if (auto shaped = dyn_cast<ShapedType>(type);
      shaped && !shaped.hasStaticShape())
    return failure();
  rewriter.setInsertionPoint(op);
  Value inf = createScalarOrSplatConstant(rewriter, loc, type,
                                          APFloat::getInf(semantics));
  Value abs = math::AbsFOp::create(rewriter, loc, op.getOperand());
  if (!isa<math::IsNormalOp>(op)) {
    rewriter.replaceOpWithNewOp<arith::CmpFOp>(op,
                                               isa<math::IsInfOp>(op)
                                                   ? arith::CmpFPredicate::OEQ
                                                   : arith::CmpFPredicate::OLT,
                                               abs, inf, op.getFastmath());
    return success();
  }
  Value smallest = createScalarOrSplatConstant(
      rewriter, loc, type, APFloat::getSmallestNormalized(semantics));
  Value atLeast =
      arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OGE, abs,
                            smallest, op.getFastmath());
  Value finite = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT,
                                       abs, inf, op.getFastmath());
  rewriter.replaceOpWithNewOp<arith::AndIOp>(op, atLeast, finite);
  return success();
}

LogicalResult expandSincos(math::SincosOp op, RewriterBase &rewriter) {
  rewriter.setInsertionPoint(op);
  Value sin = math::SinOp::create(rewriter, op.getLoc(), op.getOperand(),
                                  op.getFastmath());
  Value cos = math::CosOp::create(rewriter, op.getLoc(), op.getOperand(),
                                  op.getFastmath());
  rewriter.replaceOp(op, {sin, cos});
  return success();
}

/// math.fpowi of vectors as that of each element: LLVM's powi, which it
/// becomes, takes one i32 exponent for all lanes (MLIR made an invalid
/// llvm.intr.powi of the vector of exponents).
LogicalResult scalarizeFPowI(math::FPowIOp op, RewriterBase &rewriter) {
  auto type = dyn_cast<VectorType>(op.getType());
  if (!type || type.isScalable())
    return failure();
  rewriter.setInsertionPoint(op);
  Location loc = op.getLoc();
  int64_t count = type.getNumElements();
  auto flat = [&](Value value) -> Value {
    auto shape = cast<VectorType>(value.getType());
    return vector::ShapeCastOp::create(
        rewriter, loc, VectorType::get({count}, shape.getElementType()), value);
  };
  Value bases = flat(op.getLhs()), exponents = flat(op.getRhs());
  SmallVector<Value> results;
  for (int64_t i = 0; i < count; ++i)
    results.push_back(math::FPowIOp::create(
        rewriter, loc,
        vector::ExtractOp::create(rewriter, loc, bases, ArrayRef<int64_t>{i}),
        vector::ExtractOp::create(rewriter, loc, exponents,
                                  ArrayRef<int64_t>{i}),
        op.getFastmathAttr()));
  Value whole = vector::FromElementsOp::create(
      rewriter, loc, VectorType::get({count}, type.getElementType()), results);
  rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(op, type, whole);
  return success();
}

/// An elementwise \p op on n-D vectors as the same op on their 1-D shape
/// casts: MLIR's LLVM lowerings of ctlz, cttz and absi (the integer ops
/// with a poison flag) take 1-D vectors only.
LogicalResult flattenVectors(Operation *op, RewriterBase &rewriter) {
  auto type = cast<VectorType>(op->getResult(0).getType());
  if (type.isScalable())
    return failure();
  rewriter.setInsertionPoint(op);
  Location loc = op->getLoc();
  auto flatType =
      VectorType::get({type.getNumElements()}, type.getElementType());
  SmallVector<Value> operands;
  for (Value operand : op->getOperands())
    operands.push_back(
        vector::ShapeCastOp::create(rewriter, loc, flatType, operand));
  Operation *flat = rewriter.clone(*op);
  flat->setOperands(operands);
  flat->getResult(0).setType(flatType);
  rewriter.replaceOpWithNewOp<vector::ShapeCastOp>(op, type,
                                                   flat->getResult(0));
  return success();
}

/// Whether \p op is ctlz, cttz or absi of an n-D vector.
bool isNDPoisonFlagOp(Operation *op) {
  if (!isa<math::CountLeadingZerosOp, math::CountTrailingZerosOp, math::AbsIOp>(
          op))
    return false;
  auto type = dyn_cast<VectorType>(op->getResult(0).getType());
  return type && type.getRank() > 1;
}

/// \p op (on f80 or f128) as a call of glibc's function \p name with the
/// suffix of that type: acoshl for x86's long double, acoshf128.
LogicalResult callWideLibm(Operation *op, StringRef name,
                           RewriterBase &rewriter) {
  Type type = op->getResult(0).getType();
  StringRef suffix = type.isF80() ? "l" : "f128";
  Operation *table = SymbolTable::getNearestSymbolTable(op);
  if (!table)
    return failure();
  std::string symbol = (name + suffix).str();
  Operation *function = SymbolTable::lookupSymbolIn(table, symbol);
  FunctionType signature = FunctionType::get(op->getContext(), {type}, {type});
  if (!function) {
    OpBuilder b(&table->getRegion(0).front(),
                table->getRegion(0).front().begin());
    auto declaration = func::FuncOp::create(b, op->getLoc(), symbol, signature);
    declaration.setPrivate();
  } else if (auto existing = dyn_cast<func::FuncOp>(function);
             !existing || existing.getFunctionType() != signature) {
    return op->emitError("'")
           << op->getName() << "' on " << type << " calls libm's @" << symbol
           << ", but the module defines @" << symbol
           << " otherwise; rename that symbol";
  }
  rewriter.setInsertionPoint(op);
  rewriter.replaceOpWithNewOp<func::CallOp>(op, symbol, TypeRange{type},
                                            op->getOperands());
  return success();
}

/// The libm name of the math ops MLIR's math-to-libm takes in f32 and f64
/// only, and LLVM has no (exact) intrinsic for; empty for others.
StringRef getWideLibmName(Operation *op);

/// Whether \p op is one of those on f80 or f128.
bool isWideLibmCall(Operation *op) {
  if (op->getNumResults() != 1 || getWideLibmName(op).empty())
    return false;
  Type type = op->getResult(0).getType();
  return type.isF80() || type.isF128();
}

StringRef getWideLibmName(Operation *op) {
  return TypeSwitch<Operation *, StringRef>(op)
      .Case([](math::AcoshOp) { return "acosh"; })
      .Case([](math::AsinhOp) { return "asinh"; })
      .Case([](math::AtanhOp) { return "atanh"; })
      .Case([](math::CbrtOp) { return "cbrt"; })
      .Case([](math::ErfOp) { return "erf"; })
      .Case([](math::ErfcOp) { return "erfc"; })
      .Case([](math::ExpM1Op) { return "expm1"; })
      .Case([](math::Log1pOp) { return "log1p"; })
      .Default([](Operation *) { return ""; });
}

struct ExpandMathOpsPass
    : public mlirc::impl::ExpandMathOpsBase<ExpandMathOpsPass> {
  using ExpandMathOpsBase::ExpandMathOpsBase;

  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::ClampFOp, math::IsInfOp, math::IsFiniteOp,
              math::IsNormalOp>(op) ||
          (isa<math::FPowIOp>(op) &&
           isa<VectorType>(op->getResultTypes()[0])) ||
          isNDPoisonFlagOp(op) || (splitSincos && isa<math::SincosOp>(op)))
        ops.push_back(op);
      else if (hostLibm && isWideLibmCall(op))
        ops.push_back(op);
    });
    IRRewriter rewriter(&getContext());
    for (Operation *op : ops) {
      if (isWideLibmCall(op)) {
        if (failed(callWideLibm(op, getWideLibmName(op), rewriter)))
          return signalPassFailure();
        continue;
      }
      // An op on a dynamically shaped tensor stays for the lowering to
      // reject at the op.
      (void)TypeSwitch<Operation *, LogicalResult>(op)
          .Case([&](math::ClampFOp clamp) {
            return expandClampF(clamp, rewriter);
          })
          .Case([&](math::IsInfOp isInf) {
            return expandFloatClass(isInf, rewriter);
          })
          .Case([&](math::IsFiniteOp isFinite) {
            return expandFloatClass(isFinite, rewriter);
          })
          .Case([&](math::IsNormalOp isNormal) {
            return expandFloatClass(isNormal, rewriter);
          })
          .Case([&](math::SincosOp sincos) {
            return expandSincos(sincos, rewriter);
          })
          .Case([&](math::FPowIOp fpowi) {
            return scalarizeFPowI(fpowi, rewriter);
          })
          .Case<math::CountLeadingZerosOp, math::CountTrailingZerosOp,
                math::AbsIOp>(
              [&](Operation *op) { return flattenVectors(op, rewriter); });
    }
    if (hostLibm)
      callLibmNearZero();
  }

  /// math.expm1 and math.log1p on f16 through f64, scalars and vectors,
  /// through MLIR's math-to-libm patterns for them alone: the rest keep
  /// their LLVM intrinsics.
  void callLibmNearZero() {
    SmallVector<Operation *> ops;
    getOperation()->walk([&](Operation *op) {
      if (isa<math::ExpM1Op, math::Log1pOp>(op))
        ops.push_back(op);
    });
    if (ops.empty())
      return;
    RewritePatternSet libm(&getContext());
    populateMathToLibmConversionPatterns(libm);
    RewritePatternSet chosen(&getContext());
    for (std::unique_ptr<RewritePattern> &pattern : libm.getNativePatterns()) {
      std::optional<OperationName> root = pattern->getRootKind();
      if (root && llvm::is_contained({math::ExpM1Op::getOperationName(),
                                      math::Log1pOp::getOperationName()},
                                     root->getStringRef()))
        chosen.add(std::move(pattern));
    }
    if (failed(mlirc::applyOpPatternsWithBound(ops, std::move(chosen),
                                               getArgument())))
      signalPassFailure();
  }
};

} // namespace
