//===- AttachTargets.cpp - Device targets on every gpu.module -------------===//
//
// A gpu.module is lowered to one vendor's LLVM dialect, so each GPU unit
// gets a gpu.module of its own: the first keeps the original, every other
// one a copy named `<module>_<unit>`; a unit whose chips lower differently
// gets a copy per chip, `<module>_<unit>_<n>`. Launches keep naming the
// original; kernel names are the same in every copy, which is what launches
// and offload entries go by. Each unit attaches one target attribute per
// distinct chip (sm_80 and compute_80 share one). Copies remember the
// original's name (mlirc.module) for the files they produce.
//
//===----------------------------------------------------------------------===//

#include "compiler/Passes.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_ATTACHTARGETS
#include "compiler/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

constexpr StringLiteral originalNameAttr = "mlirc.module";

struct AttachTargetsPass
    : public mlirc::impl::AttachTargetsBase<AttachTargetsPass> {
  AttachTargetsPass() = default;
  AttachTargetsPass(std::vector<const TargetUnit *> units,
                    std::vector<OffloadTarget> targets, unsigned optLevel)
      : units(std::move(units)), targets(std::move(targets)),
        optLevel(optLevel) {}

  void getDependentDialects(DialectRegistry &registry) const override {
    for (const TargetUnit *unit : units)
      unit->registerDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    SymbolTable symbols(module);
    bool first = true;
    for (const TargetUnit *unit : units) {
      if (!unit->hasDeviceModules())
        continue;
      SmallVector<Attribute> attrs = unit->getTargetAttrs(
          &getContext(), getTargetsOf(targets, *unit), optLevel);
      // The target attribute lists, one per gpu.module copy.
      SmallVector<ArrayAttr> groups;
      if (unit->lowersPerChip())
        for (Attribute attr : attrs)
          groups.push_back(ArrayAttr::get(&getContext(), attr));
      else
        groups.push_back(ArrayAttr::get(&getContext(), attrs));
      for (gpu::GPUModuleOp gpuModule : gpuModules) {
        for (auto [index, group] : llvm::enumerate(groups)) {
          gpu::GPUModuleOp copy = gpuModule;
          if (!first || index > 0) {
            copy = gpuModule.clone();
            std::string name =
                (gpuModule.getName() + "_" + unit->getName().lower()).str();
            if (groups.size() > 1)
              name += "_" + std::to_string(index);
            copy.setName(name);
            copy->setAttr(originalNameAttr, gpuModule.getNameAttr());
            symbols.insert(copy);
          }
          copy.setTargetsAttr(group);
        }
      }
      first = false;
    }
  }

  std::vector<const TargetUnit *> units;
  std::vector<OffloadTarget> targets;
  unsigned optLevel = 2;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createAttachTargetsPass(std::vector<const TargetUnit *> units,
                               std::vector<OffloadTarget> targets,
                               unsigned optLevel) {
  return std::make_unique<AttachTargetsPass>(std::move(units),
                                             std::move(targets), optLevel);
}
