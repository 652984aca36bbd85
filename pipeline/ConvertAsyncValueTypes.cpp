//===- ConvertAsyncValueTypes.cpp - async values in LLVM types ------------===//
//
// mlirc lowers the async dialect after the host's LLVM conversion (which
// must see the GPU tokens tasks carry), and that conversion updates
// async.execute, async.await and async.yield (MLIR's structural async
// conversion) but no other op of the dialect: async.func, async.call and
// async.return, the async.runtime ops a program may use itself
// (async.runtime.await, is_error, load, ...), and the func.func ops it
// leaves because their signatures hold async types. Such an op met the
// awaiting code's !async.value<i64> through a cast from its
// !async.value<index>, and MLIR's reference counting took the two for two
// values, dropping the value's reference twice: a use after free, and a
// crash. This converts those ops' types the same way, and the casts between
// the two forms of one value fold away.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_CONVERTASYNCVALUETYPES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Whether \p value of async op \p op takes the LLVM type: an async value,
/// what such a value holds (the stored and the loaded), and what an
/// async.call passes and an async.return returns (as the converted
/// async.func's signature). Other operands and results keep theirs, which
/// the op's definition fixes (a group's index size).
bool takesLLVMType(Operation *op, Value value) {
  if (isa<async::ValueType>(value.getType()) ||
      isa<async::CallOp, async::ReturnOp>(op))
    return true;
  if (auto load = dyn_cast<async::RuntimeLoadOp>(op))
    return value == load.getResult();
  if (auto store = dyn_cast<async::RuntimeStoreOp>(op))
    return value == store.getValue();
  return false;
}

bool isAsyncOpToConvert(Operation *op, const TypeConverter &converter) {
  // MLIR's structural conversion converts async.execute, await and yield.
  if (!isa<async::AsyncDialect>(op->getDialect()) ||
      isa<async::ExecuteOp, async::AwaitOp, async::YieldOp>(op))
    return false;
  auto unconverted = [&](Value value) {
    return takesLLVMType(op, value) &&
           converter.convertType(value.getType()) != value.getType();
  };
  return llvm::any_of(op->getOperands(), unconverted) ||
         llvm::any_of(op->getResults(), unconverted);
}

/// Any async op but those MLIR's structural conversion converts, with its
/// async values and what they hold in LLVM types.
struct ConvertAsyncOpTypes : public ConversionPattern {
  ConvertAsyncOpTypes(const TypeConverter &converter, MLIRContext *context)
      : ConversionPattern(converter, MatchAnyOpTypeTag(), /*benefit=*/1,
                          context) {}
  LogicalResult
  matchAndRewrite(Operation *op, ArrayRef<Value> operands,
                  ConversionPatternRewriter &rewriter) const override {
    const TypeConverter &converter = *getTypeConverter();
    if (!isAsyncOpToConvert(op, converter))
      return failure();
    Operation *converted = rewriter.clone(*op);
    for (auto [index, operand] : llvm::enumerate(operands))
      if (takesLLVMType(op, op->getOperand(index)))
        converted->setOperand(index, operand);
    for (auto [result, newResult] :
         llvm::zip(op->getResults(), converted->getResults()))
      if (takesLLVMType(op, result))
        newResult.setType(converter.convertType(result.getType()));
    rewriter.replaceOp(op, converted->getResults());
    return success();
  }
};

struct ConvertAsyncValueTypesPass
    : public mlirc::impl::ConvertAsyncValueTypesBase<
          ConvertAsyncValueTypesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LLVMTypeConverter converter(context);
    // Tokens and groups stay as they are, until MLIR's async lowering; a GPU
    // token is its stream or event, as in the host's LLVM conversion.
    converter.addConversion([](async::GroupType type) { return type; });
    converter.addConversion([context](gpu::AsyncTokenType) {
      return LLVM::LLVMPointerType::get(context);
    });
    bool any = false;
    module.walk([&](Operation *op) {
      any |= isa<async::FuncOp>(op) || isAsyncOpToConvert(op, converter);
      if (auto func = dyn_cast<func::FuncOp>(op))
        any |= mlirc::holdsAsyncType(func.getFunctionType());
    });
    if (!any)
      return;
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    // The !async.value<T> conversion, with async.execute and friends.
    populateAsyncStructuralTypeConversionsAndLegality(converter, patterns,
                                                      target);
    populateFunctionOpInterfaceTypeConversionPattern<async::FuncOp>(patterns,
                                                                   converter);
    // The func.funcs the host's LLVM conversion left for their async types.
    populateFunctionOpInterfaceTypeConversionPattern<func::FuncOp>(patterns,
                                                                   converter);
    populateCallOpTypeConversionPattern(patterns, converter);
    populateReturnOpTypeConversionPattern(patterns, converter);
    target.addDynamicallyLegalOp<func::FuncOp>([&](func::FuncOp op) {
      return !mlirc::holdsAsyncType(op.getFunctionType()) ||
             converter.isSignatureLegal(op.getFunctionType());
    });
    target.addDynamicallyLegalOp<func::CallOp>([&](func::CallOp op) {
      return !mlirc::holdsAsyncType(op.getCalleeType()) ||
             converter.isLegal(op);
    });
    target.addDynamicallyLegalOp<func::ReturnOp>([&](func::ReturnOp op) {
      auto func = op->getParentOfType<func::FuncOp>();
      return !func || !mlirc::holdsAsyncType(func.getFunctionType()) ||
             converter.isLegal(op);
    });
    patterns.add<ConvertAsyncOpTypes>(converter, context);
    target.addDynamicallyLegalOp<async::FuncOp>([&](async::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalDialect<async::AsyncDialect>(
        [&](Operation *op) -> std::optional<bool> {
          return !isAsyncOpToConvert(op, converter);
        });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // A cast to the old type and back is the value itself.
    RewritePatternSet folds(context);
    UnrealizedConversionCastOp::getCanonicalizationPatterns(folds, context);
    if (failed(mlirc::applyPatternsWithBound(module, std::move(folds),
                                             getArgument())))
      signalPassFailure();
  }
};

} // namespace
