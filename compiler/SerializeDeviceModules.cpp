//===- SerializeDeviceModules.cpp - gpu.module to gpu.binary --------------===//
//
// What gpu-module-to-binary does, except that each target attribute is
// serialized with the toolkit of the unit that owns it (one pass option
// cannot name both a CUDA and a ROCm installation), to assembly (PTX) or
// linked bitcode (AMDGPU) as the unit asks: mlirc itself turns that into
// objects, so -### and -v see every tool that runs. The linked device IR goes
// to a callback for -save-temps instead of a second serialization.
//
//===----------------------------------------------------------------------===//

#include "support/MatrixIntrinsics.h"
#include "compiler/Passes.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/CompilationInterfaces.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_SERIALIZEDEVICEMODULES
#include "compiler/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

struct SerializeDeviceModulesPass
    : public mlirc::impl::SerializeDeviceModulesBase<
          SerializeDeviceModulesPass> {
  SerializeDeviceModulesPass() = default;
  SerializeDeviceModulesPass(std::vector<const TargetUnit *> units,
                             DeviceIRCallback callback)
      : units(std::move(units)), callback(std::move(callback)) {}

  const TargetUnit *getOwner(Attribute target, std::string &chip) const {
    for (const TargetUnit *unit : units) {
      chip = unit->getTargetChip(target);
      if (!chip.empty())
        return unit;
    }
    return nullptr;
  }

  /// \p object with the properties a unit's lowering recorded on
  /// \p gpuModule (`mlirc.image_properties`), which its image carries.
  static Attribute withModuleProperties(gpu::GPUModuleOp gpuModule,
                                        Attribute object) {
    auto recorded =
        gpuModule->getAttrOfType<DictionaryAttr>("mlirc.image_properties");
    auto built = dyn_cast_or_null<gpu::ObjectAttr>(object);
    if (!recorded || !built)
      return object;
    NamedAttrList properties(recorded);
    if (DictionaryAttr own = built.getProperties())
      for (NamedAttribute entry : own)
        properties.set(entry.getName(), entry.getValue());
    return gpu::ObjectAttr::get(
        built.getContext(), built.getTarget(), built.getFormat(),
        built.getObject(), properties.getDictionary(built.getContext()),
        built.getKernels());
  }

  LogicalResult serialize(gpu::GPUModuleOp gpuModule) {
    // Built on demand; the binaries replacing modules make it stale, so it
    // lives for one module.
    std::unique_ptr<SymbolTable> parentSymbols;
    ArrayAttr targets = gpuModule.getTargetsAttr();
    if (!targets || targets.empty())
      return gpuModule.emitError("gpu.module has no device target");
    SmallVector<Attribute> objects;
    for (Attribute attr : targets) {
      auto target = dyn_cast<gpu::TargetAttrInterface>(attr);
      std::string chip;
      const TargetUnit *unit = getOwner(attr, chip);
      if (!target || !unit)
        return gpuModule.emitError("gpu.module target ")
               << attr << " is not one mlirc compiles for";
      // Copies made per unit or chip produce files under the original's
      // name.
      std::string module = gpuModule.getName().str();
      if (auto original = gpuModule->getAttrOfType<StringAttr>("mlirc.module"))
        module = original.str();
      auto linked = [&](llvm::Module &ir) {
        lowerMatrixIntrinsics(ir, /*minimal=*/false);
        if (callback)
          callback(module, chip, ir);
      };
      gpu::TargetOptions options(
          unit->getSerializationToolkit(), /*librariesToLink=*/{},
          /*cmdOptions=*/{}, /*elfSection=*/{},
          unit->serializesToBitcode() ? gpu::CompilationTarget::Offload
                                      : gpu::CompilationTarget::Assembly,
          [&]() -> SymbolTable * {
            if (!parentSymbols)
              parentSymbols = std::make_unique<SymbolTable>(getOperation());
            return parentSymbols.get();
          },
          /*initialLlvmIRCallback=*/{}, linked);
      std::optional<SmallVector<char, 0>> object =
          target.serializeToObject(gpuModule, options);
      if (!object)
        return gpuModule.emitError("cannot compile gpu.module @")
               << module << " for " << chip;
      objects.push_back(withModuleProperties(
          gpuModule, target.createObject(gpuModule, *object, options)));
    }
    OpBuilder b(gpuModule);
    auto binary =
        gpu::BinaryOp::create(b, gpuModule.getLoc(), gpuModule.getName(),
                              /*offloadingHandler=*/nullptr, objects);
    if (Attribute original = gpuModule->getAttr("mlirc.module"))
      binary->setAttr("mlirc.module", original);
    gpuModule.erase();
    return success();
  }

  void runOnOperation() override {
    SmallVector<gpu::GPUModuleOp> gpuModules(
        getOperation().getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules)
      if (failed(serialize(gpuModule)))
        return signalPassFailure();
  }

  std::vector<const TargetUnit *> units;
  DeviceIRCallback callback;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createSerializeDeviceModulesPass(std::vector<const TargetUnit *> units,
                                        DeviceIRCallback callback) {
  return std::make_unique<SerializeDeviceModulesPass>(std::move(units),
                                                      std::move(callback));
}
