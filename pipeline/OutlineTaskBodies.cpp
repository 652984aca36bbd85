//===- OutlineTaskBodies.cpp - async.execute bodies with loops as calls ---===//
//
// An async.execute body is one block until MLIR's async lowering outlines
// it, which runs after gpu-to-llvm (that converts the GPU tokens tasks
// pass). scf-to-cf, before both, made a body with a loop or an scf.if
// several blocks, and the async lowering failed on it. Such a body becomes
// a call of a function of its own first, with what it captures as
// arguments: an async.func, a coroutine as the task is, so that its awaits
// suspend it and a failing assert is the task's error; the task awaits
// the call. No GPU token crosses an async.func's signature, not even in an
// async value (MergeAsyncDependencies), so a body that passes tokens in or
// out becomes a func.func, through whose calls they pass as events. Its
// awaits that come first, on tokens, values and groups from outside the
// body, become the task's dependencies and operands: it then starts once they
// are ready, as it waited for them before anything else. Any other await
// in such a body is an error at the task, as in a function it would block
// a thread of the runtime's pool.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"

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

/// Moves \p task's body into a new private async.func \p name, its block
/// arguments and the values it captures as arguments, its yielded values
/// as async values; the body then calls it and awaits each result.
void outlineIntoAsyncFunc(async::ExecuteOp task, StringRef name,
                          ArrayRef<Value> captures) {
  MLIRContext *context = task.getContext();
  Location loc = task.getLoc();
  Block &body = task.getBodyRegion().front();
  auto yield = cast<async::YieldOp>(body.getTerminator());
  SmallVector<Type> resultTypes;
  for (Type type : yield.getOperandTypes())
    resultTypes.push_back(async::ValueType::get(type));
  // Nothing yielded: the task awaits the function's token.
  if (resultTypes.empty())
    resultTypes.push_back(async::TokenType::get(context));
  SmallVector<Type> blockTypes(body.getArgumentTypes());
  SmallVector<Type> argumentTypes(blockTypes);
  SmallVector<Location> argumentLocs;
  for (Value capture : captures) {
    argumentTypes.push_back(capture.getType());
    argumentLocs.push_back(capture.getLoc());
  }

  auto parent = task->getParentOfType<FunctionOpInterface>();
  OpBuilder b(parent);
  auto func = async::FuncOp::create(
      b, loc, name, FunctionType::get(context, argumentTypes, resultTypes));
  func.setPrivate();
  func.getBody().takeBody(task.getBodyRegion());
  Block &entry = func.getBody().front();
  for (auto [capture, argumentLoc] : llvm::zip(captures, argumentLocs)) {
    BlockArgument argument = entry.addArgument(capture.getType(), argumentLoc);
    replaceAllUsesInRegionWith(capture, argument, func.getBody());
  }
  b.setInsertionPoint(yield);
  async::ReturnOp::create(b, yield.getLoc(), yield.getOperands());
  yield.erase();

  // The task's new body: the call, then the awaits.
  SmallVector<Location> blockLocs(blockTypes.size(), loc);
  Block *call = b.createBlock(&task.getBodyRegion(), {}, blockTypes,
                              blockLocs);
  SmallVector<Value> operands(call->getArguments());
  llvm::append_range(operands, captures);
  auto results = async::CallOp::create(b, loc, func, operands);
  SmallVector<Value> yielded;
  for (Value result : results.getResults()) {
    auto await = async::AwaitOp::create(b, loc, result);
    if (await.getResult())
      yielded.push_back(await.getResult());
  }
  async::YieldOp::create(b, loc, yielded);
}

/// Whether a GPU token, alone or in an async value, would cross the
/// boundary of \p task's body.
bool passesGpuTokens(async::ExecuteOp task, ArrayRef<Value> captures) {
  auto isToken = [](Type type) {
    if (auto value = dyn_cast<async::ValueType>(type))
      type = value.getValueType();
    return isa<gpu::AsyncTokenType>(type);
  };
  Block &body = task.getBodyRegion().front();
  return llvm::any_of(body.getArgumentTypes(), isToken) ||
         llvm::any_of(body.getTerminator()->getOperandTypes(), isToken) ||
         llvm::any_of(captures,
                      [&](Value value) { return isToken(value.getType()); });
}

/// Moves the awaits that start \p task's body (before any op with effects
/// or regions) on tokens, values and groups defined outside it into the
/// task's dependencies and operands; a group through a task of its own
/// that awaits it. A dependency in error makes the task's results errors,
/// as the await did.
void hoistLeadingAwaits(async::ExecuteOp task) {
  Block &body = task.getBodyRegion().front();
  Region *region = &task.getBodyRegion();
  for (Operation &op : llvm::make_early_inc_range(body.without_terminator())) {
    if (!isa<async::AwaitOp, async::AwaitAllOp>(op)) {
      if (isPure(&op) && op.getNumRegions() == 0)
        continue;
      return;
    }
    Value operand = op.getOperand(0);
    if (region->isAncestor(operand.getParentRegion()))
      return;
    if (isa<async::TokenType>(operand.getType())) {
      task.getDependenciesMutable().append(operand);
    } else if (auto value = dyn_cast<async::ValueType>(operand.getType())) {
      task.getBodyOperandsMutable().append(operand);
      BlockArgument argument =
          body.addArgument(value.getValueType(), op.getLoc());
      op.getResult(0).replaceAllUsesWith(argument);
    } else {
      OpBuilder b(task);
      auto waiter = async::ExecuteOp::create(
          b, op.getLoc(), TypeRange(), ValueRange(), ValueRange(),
          [&](OpBuilder &nested, Location loc, ValueRange) {
            async::AwaitAllOp::create(nested, loc, operand);
            async::YieldOp::create(nested, loc, ValueRange());
          });
      task.getDependenciesMutable().append(waiter.getToken());
    }
    op.erase();
  }
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
      std::string name;
      do
        name = "__mlirc_task_body_" + std::to_string(counter++);
      while (module.lookupSymbol(name));
      SetVector<Value> captured;
      getUsedValuesDefinedAbove(task.getBodyRegion(), captured);
      if (!passesGpuTokens(task, captured.getArrayRef())) {
        outlineIntoAsyncFunc(task, name, captured.getArrayRef());
        continue;
      }
      hoistLeadingAwaits(task);
      if (Operation *await = findInBody(task, [](Operation *op) {
            return isa<async::AwaitOp, async::AwaitAllOp>(op);
          })) {
        InFlightDiagnostic diag =
            task.emitError("an async.execute body with control flow ('");
        diag << structured->getName()
             << "') that takes or yields GPU tokens and awaits is not "
                "supported: move the control flow into a function the body "
                "calls, or the await out of the body (as a dependency of "
                "the task)";
        diag.attachNote(await->getLoc()) << "the await";
        return signalPassFailure();
      }
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
