//===- DeviceLineInfo.cpp - Debug scopes on device functions --------------===//
//
// Device line info (-g): MLIR's ensure-debug-info-scope-on-llvm-func gives
// each llvm.func a debug scope. MLIR 22's crashes on an op outside any
// llvm.func whose location is a call site: the format string global of a
// printf or a kernel assert in a device helper inlined into its kernel,
// host code not lowered yet in a build for several targets. Those ops get
// their callee's location while it runs, and their own back after.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_DEVICELINEINFO
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct DeviceLineInfoPass
    : public mlirc::impl::DeviceLineInfoBase<DeviceLineInfoPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<Operation *, Location>> saved;
    module.walk([&](Operation *op) {
      if (isa<LLVM::LLVMFuncOp>(op) || op->getParentOfType<LLVM::LLVMFuncOp>())
        return;
      Location callee = op->getLoc();
      while (auto site = dyn_cast<CallSiteLoc>(callee))
        callee = site.getCallee();
      if (callee == op->getLoc())
        return;
      saved.push_back({op, op->getLoc()});
      op->setLoc(callee);
    });
    OpPassManager pm(ModuleOp::getOperationName());
    LLVM::DIScopeForLLVMFuncOpPassOptions lines;
    lines.emissionKind = LLVM::DIEmissionKind::DebugDirectivesOnly;
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass(lines));
    LogicalResult scoped = runPipeline(pm, module);
    for (auto [op, loc] : saved)
      op->setLoc(loc);
    if (failed(scoped))
      signalPassFailure();
  }
};

} // namespace
