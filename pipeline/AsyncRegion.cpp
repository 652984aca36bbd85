//===- AsyncRegion.cpp - gpu-async-region where gpu ops are synchronous ---===//
//
// MLIR's gpu-async-region threads one token through every gpu op of a
// function in program order, async ones included: two launches the
// program puts on independent streams come out one after the other, and a
// kernel that waits for the other never ends. mlirc wants the pass for
// programs written with synchronous gpu ops (their launches then overlap
// the host code), not for those that order their work with tokens
// themselves. In those, a synchronous op runs as on CUDA's default stream:
// after the async work issued before it (a new token waits for every token
// that is still live there), and done before the host goes on (a wait
// right after it). MLIR's GPU tests mix the two so, and MLIR's lowering
// takes a copy, set or free in such a function only in async form. They
// also wait for a stream by its first token (`gpu.wait [%stream]` after
// `gpu.memcpy async [%stream]`), which MLIR's lowering, where an op's token
// is the stream of its first dependency, makes a wait for all of the
// stream's work, but which by the tokens alone waits for nothing (the
// canonicalizer erases it): such a wait also waits for the later tokens
// of the same stream.
//
//===----------------------------------------------------------------------===//

#include "pipeline/GpuTokenStreams.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/IR/Dominance.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/SetVector.h"

namespace mlirc {
#define GEN_PASS_DEF_ASYNCREGION
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True when \p function uses async tokens: its program orders its gpu
/// work itself.
bool usesAsyncTokens(func::FuncOp function) {
  WalkResult found = function.walk([](gpu::AsyncOpInterface op) {
    return op.getAsyncToken() ? WalkResult::interrupt() : WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// True when \p token may still be waited on at \p op: no synchronous
/// gpu.wait runs before \p op on a token of its stream (the lowering ends
/// the stream there).
bool isLive(Value token, Operation *op, DominanceInfo &dominance) {
  if (!dominance.properlyDominates(token, op))
    return false;
  auto endsBefore = [&](Operation *user) {
    auto wait = dyn_cast<gpu::WaitOp>(user);
    return wait && !wait.getAsyncToken() &&
           (user->getBlock() == op->getBlock()
                ? user->isBeforeInBlock(op)
                : dominance.properlyDominates(user, op));
  };
  return llvm::none_of(mlirc::getSameStreamTokens(token), [&](Value same) {
    return llvm::any_of(same.getUsers(), endsBefore);
  });
}

/// \p op, synchronous, as an async op after every live token of
/// \p tokens, followed by a wait for it.
void orderAfter(gpu::AsyncOpInterface op, ArrayRef<Value> tokens,
                DominanceInfo &dominance) {
  Operation *sync = op.getOperation();
  SmallVector<Value> live;
  for (Value token : tokens)
    if (isLive(token, sync, dominance))
      live.push_back(token);
  OpBuilder b(sync);
  Location loc = sync->getLoc();
  auto tokenType = b.getType<gpu::AsyncTokenType>();
  Value start = gpu::WaitOp::create(b, loc, tokenType, live).getAsyncToken();
  SmallVector<Type> resultTypes(sync->getResultTypes());
  resultTypes.push_back(tokenType);
  Operation *async = Operation::create(
      loc, sync->getName(), resultTypes, sync->getOperands(),
      sync->getDiscardableAttrDictionary(), sync->getPropertiesStorage(),
      sync->getSuccessors(), sync->getNumRegions());
  for (auto [from, to] : llvm::zip(sync->getRegions(), async->getRegions()))
    to.takeBody(from);
  b.insert(async);
  cast<gpu::AsyncOpInterface>(async).addAsyncDependency(start);
  sync->replaceAllUsesWith(async->getResults().drop_back());
  sync->erase();
  b.setInsertionPointAfter(async);
  gpu::WaitOp::create(b, loc, Type(), async->getResults().back());
}

/// Makes each synchronous gpu.wait of \p function name each stream it waits
/// for by the token of an op issued on it (one whose first dependency is a
/// token of that stream; gpu.wait async starts a stream of its own), not by
/// the gpu.wait async that started it, which the canonicalizer takes for a
/// wait on nothing. In MLIR's lowering all of a stream's tokens are the
/// stream itself; each stream is named once, since the wait ends it.
void waitForWholeStreams(func::FuncOp function) {
  SmallVector<gpu::WaitOp> waits;
  function.walk([&](gpu::WaitOp wait) {
    if (!wait.getAsyncToken() && !wait.getAsyncDependencies().empty())
      waits.push_back(wait);
  });
  DominanceInfo dominance(function);
  for (gpu::WaitOp wait : waits) {
    SetVector<Value> last;
    for (Value token : wait.getAsyncDependencies()) {
      Value latest = token;
      for (bool advanced = true; advanced;) {
        advanced = false;
        for (Operation *user : latest.getUsers()) {
          auto async = dyn_cast<gpu::AsyncOpInterface>(user);
          if (!async || isa<gpu::WaitOp>(user) || !async.getAsyncToken() ||
              async.getAsyncDependencies().empty() ||
              async.getAsyncDependencies().front() != latest ||
              !isLive(async.getAsyncToken(), wait, dominance))
            continue;
          latest = async.getAsyncToken();
          advanced = true;
          break;
        }
      }
      last.insert(latest);
    }
    wait.getAsyncDependenciesMutable().assign(last.getArrayRef());
  }
}

/// Orders the synchronous gpu ops of \p function, which uses tokens.
void orderSynchronousOps(func::FuncOp function) {
  SmallVector<Value> tokens;
  SmallVector<gpu::AsyncOpInterface> synchronous;
  function.walk([&](Block *block) {
    for (BlockArgument argument : block->getArguments())
      if (isa<gpu::AsyncTokenType>(argument.getType()))
        tokens.push_back(argument);
  });
  function.walk([&](Operation *op) {
    for (Value result : op->getResults())
      if (isa<gpu::AsyncTokenType>(result.getType()))
        tokens.push_back(result);
    auto async = dyn_cast<gpu::AsyncOpInterface>(op);
    // A host_shared allocation has no async form.
    auto alloc = dyn_cast<gpu::AllocOp>(op);
    if (async && !async.getAsyncToken() && !isa<gpu::WaitOp>(op) &&
        !(alloc && alloc.getHostShared()))
      synchronous.push_back(async);
  });
  DominanceInfo dominance(function);
  for (gpu::AsyncOpInterface op : synchronous)
    orderAfter(op, tokens, dominance);
}

struct AsyncRegionPass : public mlirc::impl::AsyncRegionBase<AsyncRegionPass> {
  void runOnOperation() override {
    if (usesAsyncTokens(getOperation())) {
      waitForWholeStreams(getOperation());
      orderSynchronousOps(getOperation());
      return;
    }
    OpPassManager pm(func::FuncOp::getOperationName());
    pm.addPass(createGpuAsyncRegionPass());
    if (failed(runPipeline(pm, getOperation())))
      signalPassFailure();
  }
};

} // namespace
