//===- LowerAsserts.cpp - cf.assert in AMD kernels ------------------------===//
//
// MLIR 22's convert-gpu-to-rocdl lowers cf.assert with the host's pattern,
// which puts the message in a global outside the gpu.module, and the
// result does not verify. A failing assert here prints where it is and
// its message with gpu.printf, as HIP's assert does, then traps, which
// ends the kernel with an error the runtime reports.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERASSERTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// "file:line:col: " for \p loc, or nothing when it has no file.
std::string describe(Location loc) {
  if (auto file = dyn_cast<FileLineColLoc>(loc))
    return (file.getFilename().getValue() + ":" + Twine(file.getLine()) + ":" +
            Twine(file.getColumn()) + ": ")
        .str();
  if (auto fused = dyn_cast<FusedLoc>(loc))
    for (Location inner : fused.getLocations())
      if (std::string text = describe(inner); !text.empty())
        return text;
  if (auto name = dyn_cast<NameLoc>(loc))
    return describe(name.getChildLoc());
  return "";
}

/// printf's format for \p text printed literally.
std::string escapePercent(StringRef text) {
  std::string escaped;
  for (char c : text) {
    escaped += c;
    if (c == '%')
      escaped += '%';
  }
  return escaped;
}

struct LowerAssertsPass
    : public mlirc::impl::LowerAssertsBase<LowerAssertsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<cf::ControlFlowDialect, LLVM::LLVMDialect>();
  }

  void runOnOperation() override {
    SmallVector<cf::AssertOp> asserts;
    getOperation().walk([&](cf::AssertOp op) { asserts.push_back(op); });
    for (cf::AssertOp op : asserts) {
      Location loc = op.getLoc();
      Block *before = op->getBlock();
      Block *after = before->splitBlock(op->getIterator());
      Block *failed = new Block();
      failed->insertBefore(after);
      OpBuilder b = OpBuilder::atBlockEnd(before);
      cf::CondBranchOp::create(b, loc, op.getArg(), after, ValueRange(), failed,
                               ValueRange());
      b.setInsertionPointToEnd(failed);
      gpu::PrintfOp::create(b, loc,
                            escapePercent(describe(loc) + "assertion failed: " +
                                          op.getMsg().str()) +
                                "\n",
                            ValueRange());
      LLVM::Trap::create(b, loc);
      LLVM::UnreachableOp::create(b, loc);
      op.erase();
    }
  }
};

} // namespace
