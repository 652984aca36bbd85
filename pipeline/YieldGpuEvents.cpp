//===- YieldGpuEvents.cpp - GPU tokens leave async.execute as events ------===//
//
// gpu-to-llvm lowers a GPU token that an async.execute body receives (from
// an !async.value) as an event: it waits for it and destroys it. The body
// that yields the token must then hand over an event too, recorded on its
// stream, and end that stream. MLIR 22's gpu-to-llvm leaves the yield as
// it is, so the consumer destroyed a stream as an event (a double free).
// This pass does the producer's part before gpu-to-llvm, through casts that
// reconcile-unrealized-casts removes; BranchGpuEvents does the consumer's.
//
//===----------------------------------------------------------------------===//

#include "pipeline/GpuTokenStreams.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

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

  void runOnOperation() override {
    SmallVector<async::YieldOp> yields;
    getOperation().walk([&](async::YieldOp yield) {
      if (llvm::any_of(yield.getOperandTypes(),
                       llvm::IsaPred<gpu::AsyncTokenType>))
        yields.push_back(yield);
    });
    mlirc::GpuEventCalls calls(getOperation());
    for (async::YieldOp yield : yields) {
      OpBuilder b(yield);
      Location loc = yield.getLoc();
      // One event per result (each consumer destroys its own), one end per
      // stream.
      llvm::SetVector<Value> streams;
      for (OpOperand &operand : yield->getOpOperands()) {
        // A token the body received or a call returned is an event already.
        Value value = operand.get();
        if (!isa<gpu::AsyncTokenType>(value.getType()) ||
            mlirc::isGpuEvent(value))
          continue;
        streams.insert(value);
        operand.set(calls.recordEvent(b, loc, value));
      }
      for (Value stream : streams)
        calls.destroyStream(b, loc, stream);
    }
  }
};

} // namespace
