//===- AssertLowering.cpp - What every lowering of cf.assert shares -------===//

#include "pipeline/AssertLowering.h"
#include "pipeline/LiftKernelBranches.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

/// CUDA's "file:line: function: " for an assert at \p loc in \p func: the
/// innermost callee of call sites, a NameLoc's name as the function.
static std::string describeInCUDA(Location loc, StringRef func) {
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

Block *mlirc::branchOnAssert(cf::AssertOp op) {
  Block *before = op->getBlock();
  Block *after = before->splitBlock(op->getIterator());
  Block *failed = new Block();
  failed->insertBefore(after);
  OpBuilder b = OpBuilder::atBlockEnd(before);
  cf::CondBranchOp::create(b, op.getLoc(), op.getArg(), after, ValueRange(),
                           failed, ValueRange());
  return failed;
}

LogicalResult mlirc::moveAssertsToFunctionBody(Operation *func,
                                               StringRef target) {
  // The structured ops around each assert, as convert-scf-to-cf lowers
  // them.
  SmallVector<Operation *> asserts;
  func->walk([&](cf::AssertOp op) { asserts.push_back(op); });
  if (failed(mlirc::lowerScfAround(func, asserts)))
    return failure();
  WalkResult held = func->walk([&](cf::AssertOp op) {
    if (op->getParentOp() == func)
      return WalkResult::advance();
    op.emitError("a cf.assert inside '")
        << op->getParentOp()->getName() << "' in a kernel cannot be compiled "
        << "for " << target
        << ": a failing assert ends its thread, which it cannot do from "
           "there; assert before or after that op";
    return WalkResult::interrupt();
  });
  return failure(held.wasInterrupted());
}

std::string mlirc::describeLocation(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()) + ": ")
        .str();
  if (auto callSite = dyn_cast<CallSiteLoc>(loc))
    return describeLocation(callSite.getCallee());
  if (auto name = dyn_cast<NameLoc>(loc))
    return describeLocation(name.getChildLoc());
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = describeLocation(inner); !text.empty())
        return text;
  return "";
}

std::string mlirc::escapePrintfFormat(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

void mlirc::printKernelAssertFailure(OpBuilder &b, cf::AssertOp op,
                                     StringRef kernelName) {
  Location loc = op.getLoc();
  SmallVector<Value> ids;
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    ids.push_back(gpu::BlockIdOp::create(b, loc, dim));
  for (gpu::Dimension dim :
       {gpu::Dimension::x, gpu::Dimension::y, gpu::Dimension::z})
    ids.push_back(gpu::ThreadIdOp::create(b, loc, dim));
  std::string format =
      escapePrintfFormat(describeInCUDA(loc, kernelName)) +
      "block: [%lld,%lld,%lld], thread: [%lld,%lld,%lld] Assertion `" +
      escapePrintfFormat(op.getMsg()) + "` failed.\n";
  gpu::PrintfOp::create(b, loc, format, ids);
}
