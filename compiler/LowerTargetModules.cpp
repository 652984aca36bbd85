//===- LowerTargetModules.cpp - One unit's lowering on its gpu.modules ----===//
//
// After AttachTargets each gpu.module belongs to one GPU unit, by its
// target attributes. A unit's device lowering is a gpu.module pipeline,
// built for the targets a module carries, that runs here on that unit's
// modules only.
//
// A unit that lowers per chip (AMD) may reject an op on one chip that
// another takes (MFMA on gfx1100, WMMA on gfx90a); its errors then name
// the chip, and a note names the requested chips that compile the module.
//
//===----------------------------------------------------------------------===//

#include "compiler/Passes.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

namespace mlirc {
#define GEN_PASS_DEF_LOWERTARGETMODULES
#include "compiler/Passes.h.inc"
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
    /// A diagnostic's location and text.
    using Message = std::pair<Location, std::string>;
    struct FailedError {
      Message error;
      SmallVector<Message> notes;
    };
    struct FailedLowering {
      std::string chips;
      /// The input's gpu.module this copy was made of.
      std::string original;
      SmallVector<FailedError> errors;
    };
    SmallVector<FailedLowering> failures;
    // The chips each of the input's gpu.modules compiled for.
    std::map<std::string, SmallVector<std::string>> compiled;
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
      std::string chips;
      for (const OffloadTarget &target : moduleTargets)
        chips += (chips.empty() ? "" : ", ") + target.chip;
      // The errors wait until every module has been tried.
      std::string original = gpuModule.getName().str();
      if (auto name = gpuModule->getAttrOfType<StringAttr>("mlirc.module"))
        original = name.str();
      FailedLowering attempt{chips, original, {}};
      LogicalResult lowered = success();
      {
        ScopedDiagnosticHandler collect(&getContext(), [&](Diagnostic &diag) {
          // Warnings and remarks go on to the usual handler. The first
          // error says why; a conversion's "failed to legalize" after it
          // repeats the op.
          if (diag.getSeverity() != DiagnosticSeverity::Error)
            return failure();
          if (attempt.errors.empty()) {
            FailedError error{{diag.getLocation(), diag.str()}, {}};
            for (Diagnostic &note : diag.getNotes())
              error.notes.push_back({note.getLocation(), note.str()});
            attempt.errors.push_back(std::move(error));
          }
          return success();
        });
        lowered = runPipeline(it->second, gpuModule);
      }
      if (succeeded(lowered))
        compiled[original].push_back(chips);
      else
        failures.push_back(std::move(attempt));
    }
    if (failures.empty())
      return;
    for (const FailedLowering &failed : failures) {
      for (const FailedError &error : failed.errors) {
        InFlightDiagnostic diag = emitError(error.error.first)
                                  << error.error.second << " (compiling for "
                                  << failed.chips << ")";
        for (const auto &[loc, message] : error.notes)
          diag.attachNote(loc) << message;
        ArrayRef<std::string> others = compiled[failed.original];
        if (!others.empty())
          diag.attachNote()
              << "of the requested targets, " << llvm::join(others, ", ")
              << (others.size() == 1 ? " compiles" : " compile") << " it";
      }
      if (failed.errors.empty())
        getOperation().emitError("lowering the kernels for ")
            << failed.chips << " failed";
    }
    signalPassFailure();
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
