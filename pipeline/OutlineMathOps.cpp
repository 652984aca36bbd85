//===- OutlineMathOps.cpp - math.ipowi through convert-math-to-funcs ------===//
//
// MLIR lowers math.ipowi only with convert-math-to-funcs, which runs on a
// builtin.module and adds its functions to that module. Run on a
// gpu.module's ops it would put them into the host module, out of the
// kernels' reach: the ops go through wrapper functions (OutlineOps.h),
// next to their callers.
//
//===----------------------------------------------------------------------===//

#include "pipeline/OutlineOps.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_OUTLINEMATHOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct OutlineMathOpsPass
    : public mlirc::impl::OutlineMathOpsBase<OutlineMathOpsPass> {
  void runOnOperation() override {
    Operation *root = getOperation();
    if (!root->hasTrait<OpTrait::SymbolTable>())
      return;
    SmallVector<Operation *> ops;
    root->walk([&](Operation *op) {
      // Nested gpu.modules are lowered on their own.
      if (op != root && isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (isa<math::IPowIOp>(op))
        ops.push_back(op);
      return WalkResult::advance();
    });
    auto populate = [](OpPassManager &pm) {
      pm.addPass(createConvertMathToFuncs());
    };
    auto run = [&](OpPassManager &pm, ModuleOp scratch) {
      return runPipeline(pm, scratch);
    };
    if (failed(
            mlirc::outlineThroughPasses(root, ops, "__mlirc_", populate, run)))
      signalPassFailure();
  }
};

} // namespace
