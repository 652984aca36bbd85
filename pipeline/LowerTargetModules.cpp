//===- LowerTargetModules.cpp - One unit's lowering on its gpu.modules ----===//
//
// After AttachTargets each gpu.module belongs to one GPU unit, by its
// target attributes. A unit's device lowering is a gpu.module pipeline,
// built for the targets a module carries, that runs here on that unit's
// modules only.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include <map>

namespace mlirc {
#define GEN_PASS_DEF_LOWERTARGETMODULES
#include "pipeline/DriverPasses.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

struct LowerTargetModulesPass
    : public mlirc::impl::LowerTargetModulesBase<LowerTargetModulesPass> {
  LowerTargetModulesPass() = default;
  LowerTargetModulesPass(const TargetUnit *unit,
                         std::vector<OffloadTarget> targets)
      : unit(unit), targets(std::move(targets)) {}

  OpPassManager buildPipeline(ArrayRef<OffloadTarget> moduleTargets) const {
    OpPassManager pm(gpu::GPUModuleOp::getOperationName());
    unit->populateDevicePasses(pm, moduleTargets, /*gpuTargetsToo=*/true);
    return pm;
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    if (unit)
      buildPipeline(targets).getDependentDialects(registry);
  }

  void runOnOperation() override {
    if (!unit)
      return;
    // One pipeline per distinct set of chips.
    std::map<std::string, OpPassManager> pipelines;
    SmallVector<gpu::GPUModuleOp> gpuModules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      ArrayAttr attrs = gpuModule.getTargetsAttr();
      if (!attrs)
        continue;
      std::vector<OffloadTarget> moduleTargets;
      std::string key;
      for (Attribute attr : attrs) {
        std::string chip = unit->getTargetChip(attr);
        for (const OffloadTarget &target : targets)
          if (!chip.empty() && getChipKey(target) == chip)
            moduleTargets.push_back(target);
        key += chip + ";";
      }
      if (moduleTargets.empty())
        continue;
      auto it = pipelines.find(key);
      if (it == pipelines.end())
        it = pipelines.emplace(key, buildPipeline(moduleTargets)).first;
      if (failed(runPipeline(it->second, gpuModule)))
        return signalPassFailure();
    }
  }

  const TargetUnit *unit = nullptr;
  std::vector<OffloadTarget> targets;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createLowerTargetModulesPass(const TargetUnit *unit,
                                    std::vector<OffloadTarget> targets) {
  return std::make_unique<LowerTargetModulesPass>(unit, std::move(targets));
}
