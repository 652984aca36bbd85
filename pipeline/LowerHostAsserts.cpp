//===- LowerHostAsserts.cpp - cf.assert in host code ----------------------===//
//
// A failing assert reports through mlircAssertFailed (runtime/
// RunnerUtils.cpp): stdout is flushed first, so what the program printed
// before is kept, and the message goes to stderr with the assert's
// location. MLIR's runtime op verification makes asserts whose message
// starts with its own words; those follow -fsanitize-recover/-trap. Other
// asserts in the body of an async.execute or async.func are MLIR's async
// lowering's: it makes a failing one the task's error (its token and
// values say so, and awaiting them fails). Until then they are calls of a
// marker function, which the LLVM conversions before it (gpu-to-llvm
// lowers any cf.assert it meets) leave alone; RestoreTaskAsserts makes
// them asserts again, and this pass runs once more after the async
// lowering for the asserts that awaiting makes.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AssertLowering.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERHOSTASSERTS
#define GEN_PASS_DEF_RESTORETASKASSERTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

constexpr StringLiteral runtimeFunction = "mlircAssertFailed";
/// How every message of MLIR's runtime op verification starts.
constexpr StringLiteral verificationPrefix =
    "ERROR: Runtime op verification failed";

/// The marker a task's assert is until the async lowering, and the
/// attribute that holds its message.
constexpr StringLiteral taskAssertFunction = "__mlirc_task_assert";
constexpr StringLiteral taskAssertMessage = "mlirc.task_assert_message";

std::string messageName(size_t index) {
  return ("__mlirc_assert_message." + Twine(index)).str();
}

struct LowerHostAssertsPass
    : public mlirc::impl::LowerHostAssertsBase<LowerHostAssertsPass> {
  using LowerHostAssertsBase::LowerHostAssertsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<cf::AssertOp> asserts;
    module.walk([&](Operation *op) {
      if (isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (auto assertOp = dyn_cast<cf::AssertOp>(op))
        asserts.push_back(assertOp);
      return WalkResult::advance();
    });
    llvm::erase_if(asserts, [&](cf::AssertOp op) {
      if (!isTaskError(op))
        return false;
      markTaskAssert(op);
      return true;
    });
    if (asserts.empty())
      return;
    // void mlircAssertFailed(const char *message, i32 abortProgram)
    MLIRContext *context = &getContext();
    auto ptrType = LLVM::LLVMPointerType::get(context);
    auto i32Type = IntegerType::get(context, 32);
    if (!module.lookupSymbol(runtimeFunction)) {
      OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
      LLVM::LLVMFuncOp::create(
          b, module.getLoc(), runtimeFunction,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                      {ptrType, i32Type}));
    }
    // Numbered after those of an earlier run.
    size_t first = 0;
    while (module.lookupSymbol(messageName(first)))
      ++first;
    for (auto [index, op] : llvm::enumerate(asserts))
      lower(op, first + index, ptrType, i32Type);
  }

private:
  /// True for an assert the async lowering turns into its task's error:
  /// one in the own body of an async.execute or an async.func, not in a
  /// function it calls.
  static bool isTaskError(cf::AssertOp op) {
    if (op.getMsg().starts_with(verificationPrefix))
      return false;
    for (Operation *parent = op->getParentOp(); parent;
         parent = parent->getParentOp()) {
      if (isa<async::ExecuteOp, async::FuncOp>(parent))
        return true;
      if (isa<FunctionOpInterface>(parent))
        return false;
    }
    return false;
  }

  /// \p op as a call of the marker, with its condition and message.
  void markTaskAssert(cf::AssertOp op) {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    if (!module.lookupSymbol(taskAssertFunction)) {
      OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
      LLVM::LLVMFuncOp::create(
          b, module.getLoc(), taskAssertFunction,
          LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context),
                                      {IntegerType::get(context, 1)}));
    }
    OpBuilder b(op);
    auto call = LLVM::CallOp::create(b, op.getLoc(), TypeRange(),
                                     taskAssertFunction, op.getArg());
    call->setAttr(taskAssertMessage, op.getMsgAttr());
    op.erase();
  }

  void lower(cf::AssertOp op, size_t index, Type ptrType, Type i32Type) {
    Location loc = op.getLoc();
    bool verification = op.getMsg().starts_with(verificationPrefix);
    bool recover = verification && verificationRecover;
    bool trap = verification && verificationTrap;
    OpBuilder b = OpBuilder::atBlockEnd(mlirc::branchOnAssert(op));
    Block *after = op->getBlock();
    if (trap) {
      LLVM::Trap::create(b, loc);
      LLVM::UnreachableOp::create(b, loc);
      op.erase();
      return;
    }
    // Verification messages hold the op and its location already.
    std::string message =
        verification ? op.getMsg().str()
                     : mlirc::describeLocation(loc) + op.getMsg().str();
    // createGlobalString does not terminate the string.
    message.push_back('\0');
    Value text = LLVM::createGlobalString(loc, b, messageName(index), message,
                                          LLVM::Linkage::Internal);
    Value abortProgram = LLVM::ConstantOp::create(
        b, loc, i32Type, b.getI32IntegerAttr(recover ? 0 : 1));
    LLVM::CallOp::create(b, loc, TypeRange(), runtimeFunction,
                         ValueRange{text, abortProgram});
    if (recover)
      cf::BranchOp::create(b, loc, after);
    else
      LLVM::UnreachableOp::create(b, loc);
    op.erase();
  }
};

struct RestoreTaskAssertsPass
    : public mlirc::impl::RestoreTaskAssertsBase<RestoreTaskAssertsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto marker = module.lookupSymbol<LLVM::LLVMFuncOp>(taskAssertFunction);
    if (!marker)
      return;
    SmallVector<LLVM::CallOp> calls;
    module.walk([&](LLVM::CallOp call) {
      if (call.getCallee() == taskAssertFunction)
        calls.push_back(call);
    });
    for (LLVM::CallOp call : calls) {
      OpBuilder b(call);
      cf::AssertOp::create(
          b, call.getLoc(), call.getArgOperands().front(),
          cast<StringAttr>(call->getAttr(taskAssertMessage)).getValue());
      call.erase();
    }
    marker.erase();
  }
};

} // namespace
