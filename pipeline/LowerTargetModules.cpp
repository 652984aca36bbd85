//===- LowerTargetModules.cpp - One unit's lowering on its gpu.modules ----===//
//
// After AttachTargets each gpu.module belongs to one GPU unit, by its
// target attributes. A unit's device lowering is a gpu.module pipeline that
// runs here on that unit's modules only.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

using namespace mlir;
using namespace mlirc;

namespace {

struct LowerTargetModulesPass
    : public PassWrapper<LowerTargetModulesPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerTargetModulesPass)

  LowerTargetModulesPass(const TargetUnit *unit, OpPassManager pipeline)
      : unit(unit), pipeline(std::move(pipeline)) {}
  LowerTargetModulesPass(const LowerTargetModulesPass &other)
      : PassWrapper(other), unit(other.unit), pipeline(other.pipeline) {}

  StringRef getArgument() const override {
    return "mlirc-lower-target-modules";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    pipeline.getDependentDialects(registry);
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> owned;
    for (auto gpuModule : getOperation().getOps<gpu::GPUModuleOp>()) {
      ArrayAttr targets = gpuModule.getTargetsAttr();
      if (targets && !targets.empty() &&
          !unit->getTargetChip(targets[0]).empty())
        owned.push_back(gpuModule);
    }
    for (gpu::GPUModuleOp gpuModule : owned)
      if (failed(runPipeline(pipeline, gpuModule)))
        return signalPassFailure();
  }

  const TargetUnit *unit;
  OpPassManager pipeline;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createLowerTargetModulesPass(const TargetUnit *unit,
                                    OpPassManager pipeline) {
  return std::make_unique<LowerTargetModulesPass>(unit, std::move(pipeline));
}
