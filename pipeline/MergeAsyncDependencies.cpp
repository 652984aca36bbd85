//===- MergeAsyncDependencies.cpp - One async dependency per gpu op -------===//
//
// gpu-to-llvm lowers a launch or copy with at most one async dependency (the
// stream it runs on). Several dependencies are first joined by a
// `gpu.wait async`, which gpu-to-llvm lowers to events on a fresh stream.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;

namespace {

struct MergeAsyncDependenciesPass
    : public PassWrapper<MergeAsyncDependenciesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(MergeAsyncDependenciesPass)

  StringRef getArgument() const override {
    return "mlirc-merge-async-dependencies";
  }

  void runOnOperation() override {
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

std::unique_ptr<Pass> mlirc::createMergeAsyncDependenciesPass() {
  return std::make_unique<MergeAsyncDependenciesPass>();
}
