//===- LowerKernelsToHost.cpp - GPU kernels as CPU block functions --------===//
//
// The host target's device lowering: a block function per kernel (see
// HostBlockFunction.h), host copies of the device helpers they call, and,
// when no GPU target also needs them, kernels emptied to the signatures the
// launches' verifier still checks.
//
//===----------------------------------------------------------------------===//

#include "pipeline/HostBlockFunction.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlirc::host;

namespace {

struct LowerKernelsToHostPass
    : public PassWrapper<LowerKernelsToHostPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerKernelsToHostPass)

  explicit LowerKernelsToHostPass(bool keepDeviceBodies)
      : keepDeviceBodies(keepDeviceBodies) {}

  StringRef getArgument() const override {
    return "mlirc-lower-kernels-to-host";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      // Device helper functions get a host copy under a program-unique name.
      DenseMap<StringAttr, StringAttr> helpers;
      for (auto helper : gpuModule.getOps<func::FuncOp>()) {
        auto name = StringAttr::get(&getContext(), "__mlirc_host." +
                                                       gpuModule.getName() +
                                                       "." + helper.getName());
        helpers[helper.getNameAttr()] = name;
        OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
        auto copy = cast<func::FuncOp>(b.clone(*helper));
        copy.setName(name);
        copy.setPrivate();
      }
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        BlockFunctionBuilder builder(kernel, module);
        if (failed(builder.build()))
          return signalPassFailure();
      }
      // Calls to device helpers, from block functions and from helpers,
      // go to the host copies.
      for (const auto &renaming : helpers) {
        StringAttr oldName = renaming.first, newName = renaming.second;
        for (Operation &op : module.getBody()->getOperations())
          if (auto func = dyn_cast<func::FuncOp>(op);
              func && func.getName().starts_with("__mlirc_host."))
            func.walk([&](func::CallOp call) {
              if (call.getCalleeAttr().getAttr() == oldName)
                call.setCallee(newName);
            });
      }
      if (keepDeviceBodies)
        continue;
      // Only the signatures are still needed, by the launches' verifier.
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        Block &body = kernel.getBody().front();
        body.dropAllDefinedValueUses();
        while (!body.empty())
          body.back().erase();
        OpBuilder b = OpBuilder::atBlockEnd(&body);
        gpu::ReturnOp::create(b, kernel.getLoc());
      }
      for (Operation &op :
           llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
        if (!isa<gpu::GPUFuncOp>(op))
          op.erase();
    }
  }

  bool keepDeviceBodies;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createLowerKernelsToHostPass(bool keepDeviceBodies) {
  return std::make_unique<LowerKernelsToHostPass>(keepDeviceBodies);
}
