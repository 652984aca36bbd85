//===- SmallFloatsToAPFloat.cpp - f8 and friends through APFloat calls ----===//
//
// LLVM IR has float types for f16, bf16, f32, f64, f80 and f128 only. MLIR
// keeps values of its other float types in integers of their width, and
// computes on them with its APFloat conversions, which call a runtime
// (runtime/APFloatRuntime.cpp). Those conversions rewrite every float op
// of a module, f32 included; here they see only the ops that need them.
//
//===----------------------------------------------------------------------===//

#include "pipeline/OutlineOps.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/ArithAndMathToAPFloat/ArithToAPFloat.h"
#include "mlir/Conversion/ArithAndMathToAPFloat/MathToAPFloat.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_SMALLFLOATSTOAPFLOAT
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True for a float type (or vector of one) that LLVM IR has no type for.
bool isEmulatedFloat(Type type) {
  auto floatType = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return floatType && !isa<Float16Type, BFloat16Type, Float32Type, Float64Type,
                           Float80Type, Float128Type>(floatType);
}

/// Ops that compute on such values; constants, bitcasts and selects only
/// move their bits, which the LLVM lowering does as integers.
bool needsEmulation(Operation *op) {
  if (!isa<arith::ArithDialect, math::MathDialect>(op->getDialect()) ||
      isa<arith::ConstantOp, arith::BitcastOp, arith::SelectOp>(op))
    return false;
  return llvm::any_of(op->getOperandTypes(), isEmulatedFloat) ||
         llvm::any_of(op->getResultTypes(), isEmulatedFloat);
}

struct SmallFloatsToAPFloatPass
    : public mlirc::impl::SmallFloatsToAPFloatBase<SmallFloatsToAPFloatPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // arith.scaling_extf/truncf (MX formats) as extf/truncf and a scale.
    // Those alone: arith-expand would make maximumf and minimumf compares
    // and selects, which take -0 and +0 for equal (maximumf(0, -0) was -0).
    SmallVector<Operation *> scaled;
    module.walk([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (isa<arith::ScalingExtFOp, arith::ScalingTruncFOp>(op))
        scaled.push_back(op);
      return WalkResult::advance();
    });
    if (failed(mlirc::expandScaledConversions(scaled, getArgument())))
      return signalPassFailure();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      // GPU targets lower their own device code.
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (needsEmulation(op))
        ops.push_back(op);
      return WalkResult::advance();
    });
    auto populate = [](OpPassManager &pm) {
      pm.addPass(createMathToAPFloatConversionPass());
      pm.addNestedPass<func::FuncOp>(math::createMathExtendToSupportedTypes());
      pm.addPass(createArithToAPFloatConversionPass());
    };
    auto run = [&](OpPassManager &pm, ModuleOp scratch) {
      return runPipeline(pm, scratch);
    };
    if (failed(mlirc::outlineThroughPasses(module, ops, "__mlirc_apfloat_",
                                           populate, run)))
      signalPassFailure();
  }
};

} // namespace
