//===- LowerAsserts.cpp - cf.assert in AMD kernels ------------------------===//
//
// MLIR 22's convert-gpu-to-rocdl lowers cf.assert with the host's pattern,
// which puts the message in a global outside the gpu.module, and the
// result does not verify. A failing assert here prints where it is and
// its message with gpu.printf, as HIP's assert does, then traps, which
// ends the kernel with an error the runtime reports.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AssertLowering.h"
#include "targets/amdgpu/Passes.h"

#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERASSERTS
#include "targets/amdgpu/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

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
      OpBuilder b = OpBuilder::atBlockEnd(mlirc::branchOnAssert(op));
      gpu::PrintfOp::create(
          b, loc,
          mlirc::escapePrintfFormat(mlirc::describeLocation(loc) +
                                    "assertion failed: " + op.getMsg().str()) +
              "\n",
          ValueRange());
      LLVM::Trap::create(b, loc);
      LLVM::UnreachableOp::create(b, loc);
      op.erase();
    }
  }
};

} // namespace
