//===- OcmlMathCalls.cpp - math ops as ocml calls, before gpu-to-rocdl ----===//
//
// MLIR 22's gpu-to-rocdl conversion takes both the math-to-llvm and the
// math-to-rocdl patterns, and for an op whose LLVM intrinsic it leaves legal
// (llvm.tan, llvm.acos, llvm.tanh, ...) the intrinsic wins. LLVM's AMDGPU
// back end then fails on it ("no libcall available for ftanh"). Applied
// alone first, the math-to-rocdl patterns call ocml for every op that has
// an ocml function, as HIP's headers do; the rest (f32 exp and log, sqrt,
// fma, ...) stay for the conversion's intrinsics.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToROCDL/MathToROCDL.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/DataLayoutInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlirc {
#define GEN_PASS_DEF_OCMLMATHCALLS
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct OcmlMathCallsPass
    : public mlirc::impl::OcmlMathCallsBase<OcmlMathCallsPass> {
  void runOnOperation() override {
    MLIRContext *context = &getContext();
    LowerToLLVMOptions options(context, DataLayout::closest(getOperation()));
    LLVMTypeConverter converter(context, options);
    RewritePatternSet patterns(context);
    // No chipset: math.clampf is expanded before (ExpandMathOps), and the
    // chipset adds only its fmed3 pattern.
    populateMathToROCDLConversionPatterns(converter, patterns, std::nullopt);
    // Partial: the ops these patterns do not take stay as they are.
    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect, ROCDL::ROCDLDialect,
                           vector::VectorDialect, func::FuncDialect>();
    if (failed(applyPartialConversion(getOperation(), target,
                                      std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
