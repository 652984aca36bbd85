//===- MergeAsyncDependencies.cpp - One async dependency per gpu op -------===//
//
// gpu-to-llvm lowers a launch or copy with at most one async dependency (the
// stream it runs on). Several dependencies are first joined by a
// `gpu.wait async`, which gpu-to-llvm lowers to events on a fresh stream.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/TypeSwitch.h"

namespace mlirc {
#define GEN_PASS_DEF_MERGEASYNCDEPENDENCIES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct MergeAsyncDependenciesPass
    : public mlirc::impl::MergeAsyncDependenciesBase<
          MergeAsyncDependenciesPass> {
  void runOnOperation() override {
    // Tokens cross tasks as events only through async.execute's values
    // (YieldGpuEvents); async.func's signatures are converted after that.
    WalkResult taskTokens = getOperation().walk([](async::FuncOp func) {
      auto isToken = [](Type type) {
        if (auto value = dyn_cast<async::ValueType>(type))
          type = value.getValueType();
        return isa<gpu::AsyncTokenType>(type);
      };
      if (llvm::any_of(func.getArgumentTypes(), isToken) ||
          llvm::any_of(func.getResultTypes(), isToken)) {
        func.emitError("a !gpu.async.token passed to or returned from an "
                       "async.func is not supported; wait for it (gpu.wait) "
                       "in the function, or run the GPU work in an "
                       "async.execute, whose values may carry tokens");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (taskTokens.wasInterrupted())
      return signalPassFailure();
    SmallVector<gpu::AsyncOpInterface> ops;
    getOperation().walk([&](gpu::AsyncOpInterface op) {
      if (op.getAsyncDependencies().size() > 1 && !isa<gpu::WaitOp>(op))
        ops.push_back(op);
    });
    for (gpu::AsyncOpInterface op : ops) {
      OpBuilder builder(op);
      SmallVector<Value> deps(op.getAsyncDependencies());
      auto join = gpu::WaitOp::create(
          builder, op->getLoc(), builder.getType<gpu::AsyncTokenType>(), deps);
      Value token = join.getAsyncToken();
      LogicalResult replaced =
          llvm::TypeSwitch<Operation *, LogicalResult>(op)
              .Case<gpu::LaunchFuncOp, gpu::LaunchOp, gpu::MemcpyOp,
                    gpu::MemsetOp, gpu::AllocOp, gpu::DeallocOp>(
                  [&](auto typed) {
                    typed.getAsyncDependenciesMutable().assign(token);
                    return success();
                  })
              .Default([](Operation *) { return failure(); });
      if (failed(replaced)) {
        op->emitError("mlirc cannot merge the async dependencies of this op");
        return signalPassFailure();
      }
    }
  }
};

} // namespace
