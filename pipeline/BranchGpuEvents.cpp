//===- BranchGpuEvents.cpp - GPU tokens cross branches and calls as events ===//
//
// gpu-to-llvm lowers a GPU token to the stream its work runs on, but where
// it cannot see which op made the token -- a block argument (an scf.if or
// loop result, a loop's carried token, after scf-to-cf), a function's
// argument or a call's result -- gpu.wait takes it for an event while a
// launch, copy or allocation takes it for a stream. Neither is what was
// passed: the stream of the work before. A wait then waited for nothing
// (the host read a copy before it was made) or freed a stream as an event.
// This pass makes both sides agree:
// - a branch, call or return passes an event recorded on the stream, and
//   ends the stream where nothing after it uses the stream;
// - a received token used otherwise than by one wait, branch or yield is
//   first made a stream by a `gpu.wait async`, as gpu-to-llvm lowers it;
// - a join (`gpu.wait async`) does the same: gpu-to-llvm recorded its event
//   after the op that made the token, once per iteration where that op is
//   in a loop, and never ended the stream;
// - a wait (`gpu.wait [...]`) ends a stream only where nothing after it
//   uses the stream, and once: gpu-to-llvm ends the stream of each operand,
//   so a token of the stream used again (or waited for again, in a loop, or
//   twice in one wait, or in a task) used a freed stream. Elsewhere it waits
//   for an event.
//
//===----------------------------------------------------------------------===//

#include "pipeline/GpuTokenStreams.h"
#include "pipeline/Passes.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

namespace mlirc {
#define GEN_PASS_DEF_BRANCHGPUEVENTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isToken(Value value) { return isa<gpu::AsyncTokenType>(value.getType()); }

/// True when \p use takes an event as it is: a wait (which ends it), or a
/// branch, call, return or async.yield (which hand it on).
bool takesEvent(OpOperand &use) {
  return isa<gpu::WaitOp, BranchOpInterface, func::CallOp, func::ReturnOp,
             async::YieldOp>(use.getOwner());
}

struct BranchGpuEventsPass
    : public mlirc::impl::BranchGpuEventsBase<BranchGpuEventsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<LLVM::LLVMDialect, cf::ControlFlowDialect>();
  }

  /// Branches with several successors get a block per edge that passes
  /// tokens, so that an event is made only for the edge taken.
  void splitEdges() {
    SmallVector<BranchOpInterface> branches;
    getOperation().walk([&](BranchOpInterface branch) {
      if (branch->getNumSuccessors() > 1 &&
          llvm::any_of(branch->getOperands(), isToken))
        branches.push_back(branch);
    });
    for (BranchOpInterface branch : branches) {
      for (unsigned i = 0, e = branch->getNumSuccessors(); i < e; ++i) {
        SuccessorOperands operands = branch.getSuccessorOperands(i);
        if (llvm::none_of(operands.getForwardedOperands(), isToken) ||
            operands.getProducedOperandCount() != 0)
          continue;
        Block *successor = branch->getSuccessor(i);
        OpBuilder b(branch->getContext());
        Block *edge = b.createBlock(successor);
        cf::BranchOp::create(b, branch.getLoc(), successor,
                             operands.getForwardedOperands());
        operands.erase(0, operands.size());
        branch->setSuccessor(edge, i);
      }
    }
  }

  /// Received tokens are events: those with other uses than one wait,
  /// branch, call, return or yield are made a stream once (a launch took
  /// the event for a stream; CUDA: "context is destroyed"). Those this pass
  /// makes and nothing uses are freed; a task's may be another task's too.
  void receiveEvents(mlirc::GpuEventCalls &calls) {
    SmallVector<std::pair<Value, bool>> received;
    getOperation().walk([&](Operation *op) {
      bool task = isa<async::ExecuteOp>(op);
      bool function = isa<FunctionOpInterface>(op);
      for (Region &region : op->getRegions())
        for (Block &block : region) {
          bool entry = block.isEntryBlock();
          if (entry && !task && !function)
            continue;
          for (BlockArgument arg : block.getArguments())
            if (isToken(arg))
              received.push_back({arg, !(entry && task)});
        }
      bool call = isa<func::CallOp>(op);
      if (call || isa<async::AwaitOp>(op))
        for (Value result : op->getResults())
          if (isToken(result))
            received.push_back({result, call});
    });
    for (auto [token, ours] : received) {
      if (token.hasOneUse() && takesEvent(*token.use_begin()))
        continue;
      OpBuilder b(token.getContext());
      if (auto arg = dyn_cast<BlockArgument>(token))
        b.setInsertionPointToStart(arg.getOwner());
      else
        b.setInsertionPointAfter(token.getDefiningOp());
      if (token.use_empty()) {
        if (ours)
          calls.destroyEvent(b, token.getLoc(), token);
        continue;
      }
      auto wait = gpu::WaitOp::create(b, token.getLoc(), token.getType(),
                                      ValueRange{token});
      token.replaceAllUsesExcept(wait.getAsyncToken(), wait);
    }
  }

  /// The token operands of branches, calls, returns and joins (`gpu.wait
  /// async`) become events recorded on their streams.
  void passEvents(mlirc::GpuEventCalls &calls) {
    SmallVector<Operation *> handovers;
    getOperation().walk([&](Operation *op) {
      auto wait = dyn_cast<gpu::WaitOp>(op);
      if ((isa<BranchOpInterface, func::CallOp, func::ReturnOp>(op) ||
           (wait && wait.getAsyncToken())) &&
          llvm::any_of(op->getOperands(), isToken))
        handovers.push_back(op);
    });
    if (handovers.empty())
      return;
    Liveness liveness(getOperation());
    for (Operation *op : handovers) {
      OpBuilder b(op);
      Location loc = op->getLoc();
      llvm::SetVector<Value> streams;
      // One event per operand: each receiver ends its own. It covers the
      // work up to the token's op where that runs as often as \p op (a
      // later kernel on the stream may wait for what the receiver does),
      // else all the work on the stream so far (an event per run of an op
      // in a loop would outnumber the receivers).
      auto handOver = [&](OpOperand &operand) {
        Value token = operand.get();
        if (!isToken(token) || mlirc::isGpuEvent(token))
          return;
        streams.insert(token);
        OpBuilder at(op);
        if (Operation *def = token.getDefiningOp();
            def && def->getBlock() == op->getBlock())
          at.setInsertionPointAfter(def);
        operand.set(calls.recordEvent(at, loc, token));
      };
      if (auto branch = dyn_cast<BranchOpInterface>(op)) {
        for (unsigned i = 0, e = op->getNumSuccessors(); i < e; ++i) {
          MutableOperandRange forwarded =
              branch.getSuccessorOperands(i).getMutableForwardedOperands();
          for (unsigned j = 0, n = forwarded.size(); j < n; ++j)
            handOver(forwarded[j]);
        }
      } else {
        for (OpOperand &operand : op->getOpOperands())
          handOver(operand);
      }
      // The stream ends here unless a token of it is used after the op (a
      // branch into a loop from a block whose stream the loop also uses, a
      // join of a stream that goes on).
      llvm::SmallPtrSet<Value, 4> ended;
      for (Value stream : streams) {
        SmallVector<Value> tokens = mlirc::getSameStreamTokens(stream);
        if (ended.insert(tokens.front()).second &&
            llvm::all_of(tokens, [&](Value token) {
              return liveness.isDeadAfter(token, op);
            }))
          calls.destroyStream(b, loc, stream);
      }
    }
  }

  /// Synchronous waits: one operand per stream, and an event recorded at
  /// the wait where a token of the stream is used after it.
  void waitForStreams(mlirc::GpuEventCalls &calls) {
    SmallVector<gpu::WaitOp> waits;
    getOperation().walk([&](gpu::WaitOp wait) {
      if (!wait.getAsyncToken() && !wait.getAsyncDependencies().empty())
        waits.push_back(wait);
    });
    if (waits.empty())
      return;
    Liveness liveness(getOperation());
    for (gpu::WaitOp wait : waits) {
      OpBuilder b(wait);
      llvm::SmallPtrSet<Value, 4> streams;
      SmallVector<Value> operands;
      for (Value token : wait.getAsyncDependencies()) {
        if (mlirc::isGpuEvent(token)) {
          operands.push_back(token);
          continue;
        }
        SmallVector<Value> tokens = mlirc::getSameStreamTokens(token);
        if (!streams.insert(tokens.front()).second)
          continue;
        // A task (async.execute) that shares the stream may run before or
        // after the wait; a wait in a task may run before the code after it.
        Region *region = wait->getParentRegion();
        bool ends = llvm::all_of(tokens, [&](Value same) {
          return same.getParentRegion() == region &&
                 llvm::all_of(same.getUsers(),
                              [&](Operation *user) {
                                return user->getParentRegion() == region;
                              }) &&
                 liveness.isDeadAfter(same, wait);
        });
        operands.push_back(ends ? token
                                : calls.recordEvent(b, wait.getLoc(), token));
      }
      wait.getAsyncDependenciesMutable().assign(operands);
    }
  }

  void runOnOperation() override {
    splitEdges();
    mlirc::GpuEventCalls calls(getOperation());
    receiveEvents(calls);
    waitForStreams(calls);
    passEvents(calls);
  }
};

} // namespace
