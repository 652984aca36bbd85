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

/// CUDA's "file:line: function: " for an assert at \p loc in \p func: the
/// innermost callee of call sites, a NameLoc's name as the function.
std::string describe(Location loc, StringRef func) {
  std::string file = "(unknown)";
  unsigned line = 0;
  std::string name = func.str();
  while (auto callSite = dyn_cast<CallSiteLoc>(loc))
    loc = callSite.getCallee();
  if (auto named = dyn_cast<NameLoc>(loc)) {
    name = named.getName().str();
    loc = named.getChildLoc();
  }
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (isa<FileLineColLoc>(inner)) {
        loc = inner;
        break;
      }
  if (auto fileLoc = dyn_cast<FileLineColLoc>(loc)) {
    file = fileLoc.getFilename().str();
    line = fileLoc.getLine();
  }
  return file + ":" + std::to_string(line) + ": " + name + ": ";
}

/// Replaces \p op, in kernel \p kernel, by a branch to its failure.
void lowerAssert(cf::AssertOp op, gpu::GPUFuncOp kernel) {
  Location loc = op.getLoc();
  OpBuilder b = OpBuilder::atBlockEnd(mlirc::branchOnAssert(op));
  SmallVector<Value> ids;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    ids.push_back(gpu::BlockIdOp::create(b, loc, dim));
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    ids.push_back(gpu::ThreadIdOp::create(b, loc, dim));
  std::string format =
      mlirc::escapePrintfFormat(describe(loc, kernel.getName())) +
      "block: [%lld,%lld,%lld], thread: [%lld,%lld,%lld] Assertion `" +
      mlirc::escapePrintfFormat(op.getMsg()) + "` failed.\n";
  gpu::PrintfOp::create(b, loc, format, ids);
  func::CallOp::create(b, loc, runtimeFunction, TypeRange(), ValueRange());
  gpu::ReturnOp::create(b, loc);
  op.erase();
}

} // namespace

void mlirc::host::lowerKernelAsserts(gpu::GPUModuleOp module) {
  SmallVector<std::pair<cf::AssertOp, gpu::GPUFuncOp>> asserts;
  for (auto kernel : module.getOps<gpu::GPUFuncOp>())
    if (kernel.isKernel())
      kernel.walk([&](cf::AssertOp op) { asserts.push_back({op, kernel}); });
  if (asserts.empty())
    return;
  // void mlircHostAssertFailed(), which the host target calls by its name.
  if (!SymbolTable::lookupSymbolIn(module, runtimeFunction)) {
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    auto decl = func::FuncOp::create(builder, module.getLoc(), runtimeFunction,
                                     builder.getFunctionType({}, {}));
    decl.setPrivate();
  }
  for (auto [op, kernel] : asserts)
    lowerAssert(op, kernel);
}
