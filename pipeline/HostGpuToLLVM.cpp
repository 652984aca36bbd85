//===- HostGpuToLLVM.cpp - host code's LLVM conversion, with GPU ops ------===//
//
// The conversion of MLIR's gpu-to-llvm: every dialect's LLVM conversion
// patterns, the GPU runtime calls and MLIR's structural async conversion, in
// one run. It runs before the async lowering, which must see the GPU tokens
// tasks carry. Unlike gpu-to-llvm, it leaves alone the func.func ops whose
// signatures hold async tokens, values or groups, with their calls and
// returns: gpu-to-llvm made them llvm.funcs of async types, which no later
// pass converts, and through which MLIR's async lowering cannot count
// references. ConvertAsyncValueTypes converts their types instead. And the
// cf branches that pass async values stay cf branches (an llvm.br may pass
// LLVM types only), their types converted.
//
//===----------------------------------------------------------------------===//

#include "pipeline/GpuCopyCalls.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/ConvertToLLVM/ToLLVMInterface.h"
#include "mlir/Conversion/GPUCommon/GPUCommonPass.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MemRefToLLVM/MemRefToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/ControlFlow/Transforms/StructuralTypeConversions.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlirc {
#define GEN_PASS_DEF_HOSTGPUTOLLVM
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

bool mlirc::holdsAsyncType(Type type) {
  bool found = false;
  type.walk([&](Type element) {
    found |= isa<async::TokenType, async::ValueType, async::GroupType>(element);
  });
  return found;
}

namespace {

using mlirc::holdsAsyncType;

/// Whether \p op passes an async value (to a successor).
bool passesAsyncValues(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), holdsAsyncType);
}

/// One of MLIR's structural type conversions of cf branches, for those that
/// pass async values: they stay cf ops, for the async lowering's reference
/// counting, as an llvm.br may not pass an async value.
struct AsyncBranchConversion : public ConversionPattern {
  AsyncBranchConversion(std::unique_ptr<ConversionPattern> conversion,
                        const TypeConverter &converter)
      : ConversionPattern(converter,
                          conversion->getRootKind()->getStringRef(),
                          /*benefit=*/2, conversion->getContext()),
        conversion(std::move(conversion)) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<ValueRange> operands,
                  ConversionPatternRewriter &rewriter) const override {
    if (!passesAsyncValues(op))
      return failure();
    return conversion->matchAndRewrite(op, operands, rewriter);
  }
  std::unique_ptr<ConversionPattern> conversion;
};

/// Adds MLIR's cf structural type conversions as AsyncBranchConversions,
/// ahead of the LLVM conversion of cf.
void populateAsyncBranchConversions(const TypeConverter &converter,
                                    RewritePatternSet &patterns,
                                    ConversionTarget &target) {
  RewritePatternSet structural(patterns.getContext());
  cf::populateCFStructuralTypeConversions(converter, structural);
  for (std::unique_ptr<RewritePattern> &pattern :
       structural.getNativePatterns())
    patterns.add(std::make_unique<AsyncBranchConversion>(
        std::unique_ptr<ConversionPattern>(
            static_cast<ConversionPattern *>(pattern.release())),
        converter));
  target.addDynamicallyLegalOp<cf::BranchOp, cf::CondBranchOp, cf::SwitchOp>(
      [&](Operation *op) -> std::optional<bool> {
        if (!passesAsyncValues(op))
          return std::nullopt;
        return converter.isLegal(op->getOperandTypes());
      });
}

/// Legal (left alone) where the function's signature holds an async type;
/// else whatever the dialects' own conversions say.
std::optional<bool> asyncSignatureLegality(FunctionType type) {
  if (holdsAsyncType(type))
    return true;
  return std::nullopt;
}

struct HostGpuToLLVMPass
    : public mlirc::impl::HostGpuToLLVMBase<HostGpuToLLVMPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LLVMTypeConverter converter(context);
    // A group stays as it is, until the async lowering (as tokens do).
    converter.addConversion([](async::GroupType type) { return type; });
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.addLegalDialect<LLVM::LLVMDialect>();
    for (Dialect *dialect : context->getLoadedDialects())
      if (auto *toLLVM = dyn_cast<ConvertToLLVMPatternInterface>(dialect))
        toLLVM->populateConvertToLLVMConversionPatterns(target, converter,
                                                        patterns);
    // Kernel modules and binaries stay for the device compilation; launches
    // stay for LowerLaunchesToRuntime, once their operands are converted.
    target.addLegalOp<gpu::GPUModuleOp, gpu::BinaryOp>();
    target.addDynamicallyLegalOp<gpu::LaunchFuncOp>(
        [&](gpu::LaunchFuncOp op) { return converter.isLegal(op); });
    populateVectorToLLVMConversionPatterns(converter, patterns);
    populateFinalizeMemRefToLLVMConversionPatterns(converter, patterns);
    populateAsyncStructuralTypeConversionsAndLegality(converter, patterns,
                                                      target);
    populateGpuToLLVMConversionPatterns(converter, patterns);
    mlirc::populateGpuCopyCallPatterns(converter, patterns);
    populateAsyncBranchConversions(converter, patterns, target);

    target.addDynamicallyLegalOp<func::FuncOp>([](func::FuncOp op) {
      return asyncSignatureLegality(op.getFunctionType());
    });
    target.addDynamicallyLegalOp<func::CallOp>([](func::CallOp op) {
      return asyncSignatureLegality(op.getCalleeType());
    });
    target.addDynamicallyLegalOp<func::ReturnOp>([](func::ReturnOp op) {
      auto func = op->getParentOfType<func::FuncOp>();
      return func ? asyncSignatureLegality(func.getFunctionType())
                  : std::nullopt;
    });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
