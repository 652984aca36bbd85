//===- ConvertAsyncFuncTypes.cpp - async.func signatures in LLVM types ----===//
//
// mlirc lowers the async dialect after the host's LLVM conversion (which
// must see the GPU tokens tasks carry), and that conversion updates
// async.execute, async.await and async.yield (MLIR's structural async
// conversion) but not async.func, async.call and async.return: a call's
// !async.value<memref<f32>> met the awaiting code's
// !async.value<!llvm.struct<...>> through a cast, and MLIR's reference
// counting took the two for two values, freeing the value before the await
// (a crash). This converts those three ops' types the same way, and the
// casts between the two forms of one value fold away.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Conversion/AsyncToLLVM/AsyncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_CONVERTASYNCFUNCTYPES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct ConvertCall : public OpConversionPattern<async::CallOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(async::CallOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    SmallVector<Type> results;
    if (failed(getTypeConverter()->convertTypes(op.getResultTypes(), results)))
      return failure();
    rewriter.replaceOpWithNewOp<async::CallOp>(
        op, op.getCalleeAttr(), results, adaptor.getOperands());
    return success();
  }
};

struct ConvertReturn : public OpConversionPattern<async::ReturnOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(async::ReturnOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<async::ReturnOp>(op, adaptor.getOperands());
    return success();
  }
};

struct ConvertAsyncFuncTypesPass
    : public mlirc::impl::ConvertAsyncFuncTypesBase<ConvertAsyncFuncTypesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool any = false;
    module.walk([&](async::FuncOp) { any = true; });
    if (!any)
      return;
    MLIRContext *context = &getContext();
    LLVMTypeConverter converter(context);
    RewritePatternSet patterns(context);
    ConversionTarget target(*context);
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    // The !async.value<T> conversion, with async.execute and friends.
    populateAsyncStructuralTypeConversionsAndLegality(converter, patterns,
                                                      target);
    populateFunctionOpInterfaceTypeConversionPattern<async::FuncOp>(patterns,
                                                                   converter);
    patterns.add<ConvertCall, ConvertReturn>(converter, context);
    target.addDynamicallyLegalOp<async::FuncOp>([&](async::FuncOp op) {
      return converter.isSignatureLegal(op.getFunctionType()) &&
             converter.isLegal(&op.getBody());
    });
    target.addDynamicallyLegalOp<async::CallOp, async::ReturnOp>(
        [&](Operation *op) { return converter.isLegal(op); });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();
    // A cast to the old type and back is the value itself.
    RewritePatternSet folds(context);
    UnrealizedConversionCastOp::getCanonicalizationPatterns(folds, context);
    (void)applyPatternsGreedily(module, std::move(folds));
  }
};

} // namespace
