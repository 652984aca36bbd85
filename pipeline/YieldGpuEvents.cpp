//===- YieldGpuEvents.cpp - GPU tokens leave async.execute as events ------===//
//
// gpu-to-llvm lowers a GPU token that an async.execute body receives (from
// an !async.value) as an event: it waits for it and destroys it. The body
// that yields the token must then hand over an event too, recorded on its
// stream, and end that stream. MLIR 22's gpu-to-llvm leaves the yield as
// it is, so the consumer destroyed a stream as an event (a double free).
// This pass does the producer's part before gpu-to-llvm, through casts that
// reconcile-unrealized-casts removes, and on the consumer's side turns the
// event into a stream (a gpu.wait) before ops other than gpu.wait take it.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/MapVector.h"

namespace mlirc {
#define GEN_PASS_DEF_YIELDGPUEVENTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct YieldGpuEventsPass
    : public mlirc::impl::YieldGpuEventsBase<YieldGpuEventsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect>();
  }

  /// The runtime function \p name, declared once.
  LLVM::LLVMFuncOp getFunction(StringRef name, Type result,
                               ArrayRef<Type> args) {
    ModuleOp module = getOperation();
    if (auto existing = module.lookupSymbol<LLVM::LLVMFuncOp>(name))
      return existing;
    OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
    return LLVM::LLVMFuncOp::create(b, module.getLoc(), name,
                                    LLVM::LLVMFunctionType::get(result, args));
  }

  /// A token a body received, or that async.await gave the host, is an
  /// event, which gpu-to-llvm turns into a stream only for gpu.wait: other
  /// ops (gpu.alloc, gpu.memcpy, launches) took the event for a stream
  /// (CUDA: "context is destroyed"). One gpu.wait async makes the stream
  /// that all its uses take.
  void waitForReceivedTokens() {
    SmallVector<Value> received;
    getOperation().walk([&](Operation *op) {
      if (auto execute = dyn_cast<async::ExecuteOp>(op)) {
        for (BlockArgument arg : execute.getBodyRegion().getArguments())
          if (isa<gpu::AsyncTokenType>(arg.getType()))
            received.push_back(arg);
      } else if (auto await = dyn_cast<async::AwaitOp>(op)) {
        if (Value result = await.getResult())
          if (isa<gpu::AsyncTokenType>(result.getType()))
            received.push_back(result);
      }
    });
    for (Value token : received) {
      bool streamUse = llvm::any_of(token.getUsers(), [](Operation *user) {
        return isa<gpu::AsyncOpInterface>(user) && !isa<gpu::WaitOp>(user);
      });
      if (!streamUse)
        continue;
      OpBuilder b(token.getContext());
      if (auto arg = dyn_cast<BlockArgument>(token))
        b.setInsertionPointToStart(arg.getOwner());
      else
        b.setInsertionPointAfter(token.getDefiningOp());
      auto wait = gpu::WaitOp::create(b, token.getLoc(),
                                      gpu::AsyncTokenType::get(&getContext()),
                                      ValueRange{token});
      token.replaceAllUsesExcept(wait.getAsyncToken(), wait);
    }
  }

  void runOnOperation() override {
    waitForReceivedTokens();
    SmallVector<async::YieldOp> yields;
    getOperation().walk([&](async::YieldOp yield) {
      if (llvm::any_of(yield.getOperandTypes(),
                       llvm::IsaPred<gpu::AsyncTokenType>))
        yields.push_back(yield);
    });
    if (yields.empty())
      return;
    MLIRContext *context = &getContext();
    Type ptr = LLVM::LLVMPointerType::get(context);
    Type none = LLVM::LLVMVoidType::get(context);
    Type token = gpu::AsyncTokenType::get(context);
    LLVM::LLVMFuncOp create = getFunction("mgpuEventCreate", ptr, {});
    LLVM::LLVMFuncOp record = getFunction("mgpuEventRecord", none, {ptr, ptr});
    LLVM::LLVMFuncOp destroy = getFunction("mgpuStreamDestroy", none, {ptr});
    for (async::YieldOp yield : yields) {
      OpBuilder b(yield);
      Location loc = yield.getLoc();
      // One event per result (each consumer destroys its own), one end per
      // stream.
      llvm::MapVector<Value, Value> streams;
      for (OpOperand &operand : yield->getOpOperands()) {
        // A token the body received is an event already.
        Value value = operand.get();
        if (!isa<gpu::AsyncTokenType>(value.getType()) ||
            isa<BlockArgument>(value))
          continue;
        Value &stream = streams[value];
        if (!stream)
          stream = UnrealizedConversionCastOp::create(b, loc, ptr, value)
                       .getResult(0);
        Value event =
            LLVM::CallOp::create(b, loc, create, ValueRange()).getResult();
        LLVM::CallOp::create(b, loc, record, ValueRange{event, stream});
        operand.set(UnrealizedConversionCastOp::create(b, loc, token, event)
                        .getResult(0));
      }
      for (auto &[token, stream] : streams)
        LLVM::CallOp::create(b, loc, destroy, ValueRange{stream});
    }
  }
};

} // namespace
