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

namespace mlirc {
#define GEN_PASS_DEF_SYNCHOSTSHAREDALLOCS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct SyncHostSharedAllocsPass
    : public mlirc::impl::SyncHostSharedAllocsBase<SyncHostSharedAllocsPass> {
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
