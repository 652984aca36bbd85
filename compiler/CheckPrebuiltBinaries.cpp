//===- CheckPrebuiltBinaries.cpp - gpu.binary inputs against the targets --===//
//
// A gpu.binary in the input is device code built elsewhere (MLIR's
// gpu-module-to-binary): each requested target takes its object from it,
// and there is no gpu.module to compile for a target it lacks. Without this
// check such a target got no image, silently, and the program failed when
// it launched; an object in a format its unit cannot build images from
// (a cubin handed to ptxas as PTX) failed in the tool. Each is reported at
// the gpu.binary, naming what it has.
//
//===----------------------------------------------------------------------===//

#include "compiler/Passes.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringExtras.h"

namespace mlirc {
#define GEN_PASS_DEF_CHECKPREBUILTBINARIES
#include "compiler/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

/// How the formats of #gpu.object read in messages, with the
/// gpu-module-to-binary option that makes each.
StringRef describeFormat(ObjectFormat format) {
  switch (format) {
  case ObjectFormat::Bitcode:
    return "LLVM bitcode (format=llvm)";
  case ObjectFormat::Assembly:
    return "assembly text (format=isa)";
  case ObjectFormat::Binary:
    return "a device binary (format=bin)";
  case ObjectFormat::Fatbin:
    return "a fatbinary (format=fatbin)";
  }
  return "an unknown format";
}

struct CheckPrebuiltBinariesPass
    : public mlirc::impl::CheckPrebuiltBinariesBase<CheckPrebuiltBinariesPass> {
  CheckPrebuiltBinariesPass() = default;
  explicit CheckPrebuiltBinariesPass(std::vector<OffloadTarget> targets)
      : targets(std::move(targets)) {}

  /// What \p binary has objects for: chips as the units spell them, else
  /// the objects' target attributes.
  std::string listObjects(gpu::BinaryOp binary) {
    std::string list;
    llvm::raw_string_ostream os(list);
    llvm::interleaveComma(binary.getObjects(), os, [&](Attribute attr) {
      Attribute target = cast<gpu::ObjectAttr>(attr).getTarget();
      for (const OffloadTarget &requested : targets) {
        std::string chip = requested.unit->getTargetChip(target);
        if (!chip.empty()) {
          os << chip;
          return;
        }
      }
      os << target;
    });
    return list;
  }

  LogicalResult check(gpu::BinaryOp binary, const OffloadTarget &target) {
    const TargetUnit &unit = *target.unit;
    if (!unit.hasDeviceModules())
      return binary.emitError("gpu.binary @")
             << binary.getName() << " holds GPU code only ("
             << listObjects(binary) << "): the " << unit.getName()
             << " target runs kernels compiled from their gpu.module; give "
                "the gpu.module instead, or leave "
             << target.arch << " out of --offload-arch";
    std::string key = getChipKey(target);
    for (Attribute attr : binary.getObjects()) {
      auto object = cast<gpu::ObjectAttr>(attr);
      if (unit.getTargetChip(object.getTarget()) != key)
        continue;
      ObjectFormat format = getObjectFormat(object);
      if (unit.acceptsObjectFormat(format, target))
        return success();
      SmallVector<std::string> accepted;
      for (ObjectFormat other : {ObjectFormat::Assembly, ObjectFormat::Binary,
                                 ObjectFormat::Fatbin, ObjectFormat::Bitcode})
        if (unit.acceptsObjectFormat(other, target))
          accepted.push_back(describeFormat(other).str());
      return binary.emitError("the ")
             << key << " object of gpu.binary @" << binary.getName() << " is "
             << describeFormat(format) << ", which mlirc cannot build "
             << target.arch << " images from; make it as "
             << llvm::join(accepted, " or ") << ", or give the gpu.module "
             << "instead";
    }
    return binary.emitError("gpu.binary @")
           << binary.getName() << " has no object for " << target.arch
           << " (it has " << listObjects(binary) << "); build it for "
           << target.arch << " too, give the gpu.module instead, or leave "
           << target.arch << " out of --offload-arch";
  }

  void runOnOperation() override {
    for (auto binary : getOperation().getOps<gpu::BinaryOp>())
      for (const OffloadTarget &target : targets)
        if (failed(check(binary, target)))
          return signalPassFailure();
  }

  std::vector<OffloadTarget> targets;
};

} // namespace

ObjectFormat mlirc::getObjectFormat(Attribute object) {
  switch (cast<gpu::ObjectAttr>(object).getFormat()) {
  case gpu::CompilationTarget::Offload:
    return ObjectFormat::Bitcode;
  case gpu::CompilationTarget::Assembly:
    return ObjectFormat::Assembly;
  case gpu::CompilationTarget::Binary:
    return ObjectFormat::Binary;
  case gpu::CompilationTarget::Fatbin:
    return ObjectFormat::Fatbin;
  }
  llvm_unreachable("a gpu.object format MLIR 22 does not have");
}

std::unique_ptr<Pass>
mlirc::createCheckPrebuiltBinariesPass(std::vector<OffloadTarget> targets) {
  return std::make_unique<CheckPrebuiltBinariesPass>(std::move(targets));
}
