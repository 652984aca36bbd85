//===- AttachTargets.cpp - Device targets on every gpu.module -------------===//
//
// One target attribute per distinct chip: sm_80 and compute_80 share the
// PTX that #nvvm.target<chip = "sm_80"> produces; the driver decides later
// whether that PTX ships as a cubin, as PTX, or both.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "targets/nvptx/NVPTXTarget.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlirc;

namespace {

struct AttachTargetsPass
    : public PassWrapper<AttachTargetsPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(AttachTargetsPass)

  AttachTargetsPass(std::vector<OffloadTarget> targets, unsigned optLevel)
      : targets(std::move(targets)), optLevel(optLevel) {}

  StringRef getArgument() const override { return "mlirc-attach-targets"; }

  void getDependentDialects(DialectRegistry &registry) const override {
    registerNVPTXTargetDialects(registry);
  }

  void runOnOperation() override {
    llvm::SetVector<Attribute> attrs;
    for (const OffloadTarget &target : targets)
      if (target.vendor == OffloadTarget::Vendor::NVIDIA)
        attrs.insert(getNVVMTargetAttr(&getContext(), target.chip, optLevel));
    auto targetList = ArrayAttr::get(&getContext(), attrs.getArrayRef());
    getOperation().walk(
        [&](gpu::GPUModuleOp module) { module.setTargetsAttr(targetList); });
  }

  std::vector<OffloadTarget> targets;
  unsigned optLevel;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createAttachTargetsPass(std::vector<OffloadTarget> targets,
                               unsigned optLevel) {
  return std::make_unique<AttachTargetsPass>(std::move(targets), optLevel);
}
