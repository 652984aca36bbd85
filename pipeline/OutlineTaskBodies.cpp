//===- OutlineTaskBodies.cpp - async.execute bodies with loops as calls ---===//
//
// An async.execute body is one block until MLIR's async lowering outlines
// it, which runs after gpu-to-llvm (that converts the GPU tokens tasks
// pass). scf-to-cf, before both, made a body with a loop or an scf.if
// several blocks, and the async lowering failed on it. Such a body becomes
// a call of a function of its own first, with what it captures as
// arguments. A body that also awaits is an error at the task: in a
// function, its await would block a thread of the runtime's pool.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_OUTLINETASKBODIES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The first op of \p task's own body (not a nested task's) that \p pred
/// holds for.
Operation *findInBody(async::ExecuteOp task,
                      function_ref<bool(Operation *)> pred) {
  Operation *found = nullptr;
  task.getBodyRegion().walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (isa<async::ExecuteOp>(op))
      return WalkResult::skip();
    if (!pred(op))
      return WalkResult::advance();
    found = op;
    return WalkResult::interrupt();
  });
  return found;
}

struct OutlineTaskBodiesPass
    : public mlirc::impl::OutlineTaskBodiesBase<OutlineTaskBodiesPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Inner tasks first: an outer body is then left with its own ops.
    SmallVector<async::ExecuteOp> tasks;
    module.walk<WalkOrder::PostOrder>(
        [&](async::ExecuteOp task) { tasks.push_back(task); });
    IRRewriter rewriter(&getContext());
    unsigned counter = 0;
    for (async::ExecuteOp task : tasks) {
      Operation *structured = findInBody(task, [](Operation *op) {
        return isa<scf::SCFDialect>(op->getDialect());
      });
      if (!structured)
        continue;
      if (Operation *await = findInBody(
              task, [](Operation *op) { return isa<async::AwaitOp>(op); })) {
        InFlightDiagnostic diag =
            task.emitError("an async.execute body with both control flow ('");
        diag << structured->getName()
             << "') and an async.await is not supported: move the control "
                "flow into a function the body calls, or the await out of "
                "the body (as a dependency of the task)";
        diag.attachNote(await->getLoc()) << "the await";
        return signalPassFailure();
      }
      std::string name;
      do
        name = "__mlirc_task_body_" + std::to_string(counter++);
      while (module.lookupSymbol(name));
      FailureOr<func::FuncOp> outlined = outlineSingleBlockRegion(
          rewriter, task.getLoc(), task.getBodyRegion(), name);
      if (failed(outlined)) {
        task.emitError("internal compiler error: the body of this task "
                       "could not be made a function; please report it "
                       "with the input");
        return signalPassFailure();
      }
      outlined->setPrivate();
    }
  }
};

} // namespace
