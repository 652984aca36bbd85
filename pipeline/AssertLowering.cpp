//===- AssertLowering.cpp - What every lowering of cf.assert shares -------===//

#include "pipeline/AssertLowering.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/IR/Builders.h"

using namespace mlir;

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
