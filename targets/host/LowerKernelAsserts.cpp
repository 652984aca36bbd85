//===- LowerKernelAsserts.cpp - cf.assert in kernels for the host target --===//
//
// On a GPU, a failing assert prints where it failed and in which block and
// thread, ends that thread, and makes the launch fail. MLIR's LLVM
// lowering for the host would call abort() instead, which loses what the
// program printed and never names the thread. Here the message is CUDA's,
// printed with gpu.printf, and the thread returns; the runtime
// (mlircHostAssertFailed) fails the launch once every thread has run.
// Asserts in device functions other than kernels keep MLIR's lowering.
//
//===----------------------------------------------------------------------===//

#include "targets/host/LowerKernelAsserts.h"
#include "pipeline/AssertLowering.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

namespace {
constexpr StringLiteral runtimeFunction = "mlircHostAssertFailed";

/// Replaces \p op, in kernel \p kernel, by a branch to its failure.
void lowerAssert(cf::AssertOp op, gpu::GPUFuncOp kernel) {
  Location loc = op.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(mlirc::branchOnAssert(op));
  mlirc::printKernelAssertFailure(b, op, kernel.getName());
  func::CallOp::create(b, loc, runtimeFunction, TypeRange(), ValueRange());
  gpu::ReturnOp::create(b, loc);
  op.erase();
}

} // namespace

LogicalResult mlirc::host::lowerKernelAsserts(gpu::GPUModuleOp module) {
  SmallVector<std::pair<cf::AssertOp, gpu::GPUFuncOp>> asserts;
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    if (failed(mlirc::moveAssertsToFunctionBody(kernel, "the host target")))
      return failure();
    kernel.walk([&](cf::AssertOp op) { asserts.push_back({op, kernel}); });
  }
  if (asserts.empty())
    return success();
  // void mlircHostAssertFailed(), which the host target calls by its name.
  if (!SymbolTable::lookupSymbolIn(module, runtimeFunction)) {
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto decl = func::FuncOp::create(builder, module.getLoc(), runtimeFunction,
                                     builder.getFunctionType({}, {}));
    decl.setPrivate();
  }
  for (auto [op, kernel] : asserts)
    lowerAssert(op, kernel);
  return success();
}
