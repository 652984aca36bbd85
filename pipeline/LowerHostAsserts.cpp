//===- LowerHostAsserts.cpp - cf.assert in host code ----------------------===//
//
// A failing assert reports through mlircAssertFailed (runtime/
// RunnerUtils.cpp): stdout is flushed first, so what the program printed
// before is kept, and the message goes to stderr with the assert's
// location. MLIR's runtime op verification makes asserts whose message
// starts with its own words; those follow -fsanitize-recover/-trap.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AssertLowering.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERHOSTASSERTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

constexpr StringLiteral runtimeFunction = "mlircAssertFailed";
/// How every message of MLIR's runtime op verification starts.
constexpr StringLiteral verificationPrefix =
    "ERROR: Runtime op verification failed";

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
    for (auto [index, op] : llvm::enumerate(asserts))
      lower(op, index, ptrType, i32Type);
  }

private:
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
    Value text = LLVM::createGlobalString(
        loc, b, ("__mlirc_assert_message." + Twine(index)).str(), message,
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

} // namespace
