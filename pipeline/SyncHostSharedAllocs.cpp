//===- SyncHostSharedAllocs.cpp - host_shared allocations stay synchronous ===//
//
// gpu-async-region makes every gpu.alloc async, host_shared ones too, but
// gpu-to-llvm lowers host_shared (managed) memory only synchronously. Such
// an allocation becomes a synchronous one after a wait for its
// dependencies, and its token a fresh one, ready at once.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;

namespace {

struct SyncHostSharedAllocsPass
    : public PassWrapper<SyncHostSharedAllocsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(SyncHostSharedAllocsPass)

  StringRef getArgument() const override {
    return "mlirc-sync-host-shared-allocs";
  }

  void runOnOperation() override {
    SmallVector<gpu::AllocOp> allocs;
    getOperation().walk([&](gpu::AllocOp alloc) {
      if (alloc.getHostShared() && alloc.getAsyncToken())
        allocs.push_back(alloc);
    });
    for (gpu::AllocOp alloc : allocs) {
      OpBuilder b(alloc);
      Location loc = alloc.getLoc();
      if (!alloc.getAsyncDependencies().empty())
        gpu::WaitOp::create(b, loc, /*asyncToken=*/Type(),
                            alloc.getAsyncDependencies());
      auto sync = gpu::AllocOp::create(
          b, loc, alloc.getMemref().getType(), /*asyncToken=*/Type(),
          ValueRange(), alloc.getDynamicSizes(), alloc.getSymbolOperands(),
          alloc.getHostSharedAttr());
      auto ready = gpu::WaitOp::create(
          b, loc, gpu::AsyncTokenType::get(&getContext()), ValueRange());
      alloc.getMemref().replaceAllUsesWith(sync.getMemref());
      alloc.getAsyncToken().replaceAllUsesWith(ready.getAsyncToken());
      alloc.erase();
    }
  }
};

} // namespace

std::unique_ptr<Pass> mlirc::createSyncHostSharedAllocsPass() {
  return std::make_unique<SyncHostSharedAllocsPass>();
}
