//===- AMDGPUUnit.cpp - AMD GPUs as a device target -----------------------===//
//
// gfxNNN with clang's feature suffixes. Each chip gets a gpu.module of its
// own (wave64 on CDNA/GCN, wave32 on RDNA change how subgroup operations
// lower), lowered with convert-gpu-to-rocdl and serialized through
// #rocdl.target to bitcode with ocml/ockl linked from the ROCm device
// libraries. mlirc generates the relocatable code object per arch itself,
// in parallel; clang-linker-wrapper links each arch with lld at the final
// link and bundles them into `.hip_fatbin`.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/AMDGPUUnit.h"
#include "driver/OutputFile.h"
#include "pipeline/Passes.h"
#include "pipeline/Pipeline.h"
#include "targets/NativeArchs.h"
#include "targets/amdgpu/AMDGPUCodegen.h"
#include "targets/amdgpu/AMDGPUTarget.h"
#include "targets/amdgpu/RocmToolkit.h"
#include "targets/offload/OffloadPacker.h"

#include "mlir/Conversion/GPUToROCDL/GPUToROCDLPass.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/ROCDL/Target.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/TargetParser.h"
#include <optional>

using namespace llvm;
using namespace mlirc;

namespace {

class AMDGPUUnit;

/// Code objects per arch, generated in-process from the linked bitcode.
class AMDGPUImageBuilder : public ImageBuilder {
public:
  AMDGPUImageBuilder(const AMDGPUUnit &unit, const ImageBuildContext &context,
                     ArrayRef<OffloadTarget> targets)
      : unit(unit), context(context), targets(targets) {}

  Error addJobs(ArrayRef<SerializedObject> objects,
                std::vector<Job> &jobs) override;
  Error collectImages(std::vector<DeviceImage> &images) override {
    for (DeviceImage &image : built)
      images.push_back(std::move(image));
    built.clear();
    return Error::success();
  }

private:
  const AMDGPUUnit &unit;
  const ImageBuildContext &context;
  std::vector<OffloadTarget> targets;
  std::vector<DeviceImage> built;
};

class AMDGPUUnit : public TargetUnit {
public:
  StringRef getName() const override { return "AMD"; }
  StringRef getIntrinsicDialect() const override { return "rocdl"; }
  bool claimsArch(StringRef arch) const override {
    return arch.starts_with("gfx");
  }
  Expected<OffloadTarget> parseArch(StringRef arch) const override {
    Expected<OffloadTarget> target = parseAMDGPUArch(arch);
    if (target)
      target->unit = this;
    return target;
  }
  std::vector<std::string> detectNativeArchs() const override {
    return detectArchsWith("amdgpu-arch", "gfx");
  }
  std::vector<std::string>
  listAllArchs(const TargetSettings &settings) const override;
  StringRef getArchExamples() const override {
    return "gfxNNN (AMD, e.g. gfx90a, gfx90a:xnack-)";
  }

  Error setUp(ArrayRef<OffloadTarget> targets, const TargetSettings &settings,
              bool needTools, raw_ostream *log) override;

  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::ROCDL::ROCDLDialect>();
    mlir::ROCDL::registerROCDLTargetInterfaceExternalModels(registry);
  }

  bool lowersPerChip() const override { return true; }

  void populateDevicePasses(mlir::OpPassManager &pm,
                            ArrayRef<OffloadTarget> targets,
                            bool gpuTargetsToo) const override {
    // One chip per module (lowersPerChip).
    StringRef chip = targets.empty() ? "gfx900" : StringRef(targets[0].chip);
    populateGpuModulePreLowering(pm, getWavefrontSize(chip), getName());
    pm.addPass(createLowerAsserts());
    // amdgpu ops (buffer loads and stores, MFMA, WMMA, DPP, barriers) as
    // rocdl ops for this chip, which the conversion checks them against.
    mlir::ConvertAMDGPUToROCDLPassOptions amdgpu;
    amdgpu.chipset = getLoweringChipset(chip).str();
    pm.addPass(mlir::createConvertAMDGPUToROCDLPass(amdgpu));
    mlir::ConvertGpuOpsToROCDLOpsOptions rocdl;
    rocdl.chipset = getLoweringChipset(chip).str();
    rocdl.runtime = mlir::gpu::amd::Runtime::HIP;
    pm.addPass(mlir::createConvertGpuOpsToROCDLOps(rocdl));
    populateGpuModulePostLowering(pm);
    pm.addPass(createPrivateAllocas());
  }

  SmallVector<mlir::Attribute> getTargetAttrs(mlir::MLIRContext *context,
                                              ArrayRef<OffloadTarget> targets,
                                              unsigned optLevel) const override;
  std::string getTargetChip(mlir::Attribute attr) const override {
    auto target = dyn_cast<mlir::ROCDL::ROCDLTargetAttr>(attr);
    if (!target)
      return "";
    std::string chip = target.getChip().str();
    if (!target.getFeatures().empty())
      chip += ":" + target.getFeatures().str();
    return chip;
  }
  std::string getSerializationToolkit() const override {
    return toolkit ? toolkit->root : "";
  }
  std::vector<std::string> getDeviceLibraries() const override {
    // What MLIR's ROCDL serialization links from amdgcn/bitcode.
    std::vector<std::string> libraries;
    if (!toolkit)
      return libraries;
    for (const char *name : {"ocml.bc", "ockl.bc"}) {
      SmallString<128> library(toolkit->root);
      sys::path::append(library, "amdgcn", "bitcode", name);
      if (sys::fs::exists(library))
        libraries.push_back(library.str().str());
    }
    return libraries;
  }
  bool serializesToBitcode() const override { return true; }

  std::unique_ptr<ImageBuilder>
  createImageBuilder(const ImageBuildContext &context,
                     ArrayRef<OffloadTarget> targets) const override {
    return std::make_unique<AMDGPUImageBuilder>(*this, context, targets);
  }
  object::OffloadKind getOffloadKind() const override {
    return object::OFK_HIP;
  }
  StringRef getSourceLanguage() const override { return "hip"; }
  std::vector<std::string>
  getSourceCompileArgs(ArrayRef<OffloadTarget> targets) const override {
    std::vector<std::string> args = {"--offload-new-driver", "-fgpu-rdc",
                                     "-mcode-object-version=" +
                                         std::to_string(codeObjectVersion)};
    // The device libraries mlirc found, which clang does not look for in
    // Debian's layout.
    if (toolkit) {
      SmallString<128> bitcode(toolkit->root);
      sys::path::append(bitcode, "amdgcn", "bitcode");
      args.push_back("--rocm-device-lib-path=" + bitcode.str().str());
    }
    for (const OffloadTarget &target : targets)
      args.push_back("--offload-arch=" + target.arch);
    return args;
  }
  // HIP host code calls HIP's API itself, as hipcc links it.
  std::vector<std::string> getSourceLinkArgs() const override {
    return {"-lamdhip64"};
  }
  StringRef getRuntimeBackend() const override { return "hip"; }
  Expected<std::vector<std::string>>
  getLinkArgs(const TargetSettings &settings) const override {
    // The runtime loads libamdhip64 itself.
    return std::vector<std::string>{"-ldl"};
  }

  std::optional<RocmToolkit> toolkit;
  unsigned codeObjectVersion = 5;
  unsigned optLevel = 2;
};

} // namespace

std::vector<std::string>
AMDGPUUnit::listAllArchs(const TargetSettings &settings) const {
  Expected<RocmToolkit> found = findRocmToolkit(settings.rocmPath);
  if (!found) {
    consumeError(found.takeError());
    return {};
  }
  // The chips LLVM knows whose ISA the device libraries describe
  // (amdgcn/bitcode/oclc_isa_version_<N>.bc for gfx<N>).
  SmallVector<StringRef, 64> known;
  AMDGPU::fillValidArchListAMDGCN(known);
  std::vector<std::string> archs;
  for (StringRef chip : known) {
    if (!chip.starts_with("gfx") || chip.contains('-'))
      continue;
    SmallString<128> isa(found->root);
    sys::path::append(isa, "amdgcn", "bitcode",
                      "oclc_isa_version_" + chip.drop_front(3) + ".bc");
    if (sys::fs::exists(isa) && !is_contained(archs, chip))
      archs.push_back(chip.str());
  }
  return archs;
}

SmallVector<mlir::Attribute>
AMDGPUUnit::getTargetAttrs(mlir::MLIRContext *context,
                           ArrayRef<OffloadTarget> targets,
                           unsigned optLevel) const {
  SmallVector<mlir::Attribute> attrs;
  mlir::Builder b(context);
  for (const OffloadTarget &target : targets) {
    // ocml and ockl read the wave size from a control variable that the
    // serialization sets from this flag.
    SmallVector<mlir::NamedAttribute> flags;
    if (getWavefrontSize(target.chip) == 64)
      flags.push_back(b.getNamedAttr("wave64", b.getUnitAttr()));
    mlir::Attribute attr = mlir::ROCDL::ROCDLTargetAttr::get(
        context, optLevel, amdgcnTriple, target.chip, target.features,
        std::to_string(codeObjectVersion * 100), b.getDictionaryAttr(flags),
        /*linkFiles=*/nullptr);
    if (!llvm::is_contained(attrs, attr))
      attrs.push_back(attr);
  }
  return attrs;
}

/// The feature names (xnack, sramecc) \p target sets, sorted.
static std::string getFeatureNames(const OffloadTarget &target) {
  SmallVector<StringRef> features;
  StringRef(target.features).split(features, ',', -1, false);
  SmallVector<std::string> names;
  for (StringRef feature : features)
    names.push_back(feature.drop_front().str());
  llvm::sort(names);
  return llvm::join(names, ",");
}

/// Rejects what clang rejects: archs of one chip that disagree on which
/// features they set, whose code objects the device link cannot tell
/// apart (gfx90a beside gfx90a:xnack-).
static Error checkFeatureCombinations(ArrayRef<OffloadTarget> targets) {
  for (const OffloadTarget &a : targets)
    for (const OffloadTarget &b : targets)
      if (a.chip == b.chip && getFeatureNames(a) != getFeatureNames(b))
        return createStringError(
            "--offload-arch=%s and %s cannot be combined: for one AMD GPU, a "
            "target feature must be set in all of its archs or in none",
            a.arch.c_str(), b.arch.c_str());
  return Error::success();
}

Error AMDGPUUnit::setUp(ArrayRef<OffloadTarget> targets,
                        const TargetSettings &settings, bool needTools,
                        raw_ostream *log) {
  optLevel = settings.optLevel;
  if (Error err = checkFeatureCombinations(targets))
    return err;
  Expected<RocmToolkit> found = findRocmToolkit(settings.rocmPath);
  if (!found) {
    if (!needTools || settings.printJobs) {
      consumeError(found.takeError());
    } else {
      return found.takeError();
    }
  } else {
    toolkit = std::move(*found);
    if (log)
      *log << "mlirc: using AMD device libraries at " << toolkit->root
           << "/amdgcn/bitcode (" << toolkit->getVersionString()
           << ", found by " << toolkit->foundBy << ")\n";
  }
  unsigned newest = toolkit ? toolkit->getNewestCodeObjectVersion() : 5;
  codeObjectVersion =
      settings.codeObjectVersion ? settings.codeObjectVersion : newest;
  if (codeObjectVersion < 4 || codeObjectVersion > 6)
    return createStringError("-mcode-object-version=%u: LLVM %s builds AMD "
                             "code objects of version 4, 5 or 6",
                             codeObjectVersion, LLVM_VERSION_STRING);
  if (codeObjectVersion > newest && toolkit && toolkit->hipMajor)
    return createStringError(
        "-mcode-object-version=%u: the HIP runtime of %s at '%s' loads code "
        "objects up to version %u (version 6 needs ROCm 6.3 or newer); use "
        "-mcode-object-version=%u, or --rocm-path=<dir> naming a newer ROCm",
        codeObjectVersion, toolkit->getVersionString().c_str(),
        toolkit->root.c_str(), newest, newest);
  for (const OffloadTarget &target : targets)
    if (isGenericTarget(target.chip) && codeObjectVersion < 6)
      return createStringError(
          "--offload-arch=%s: generic AMD targets need code object version "
          "6, and %s; pass -mcode-object-version=6 (its code objects load "
          "with ROCm 6.3 or newer), or name the GPUs (e.g. %s)",
          target.arch.c_str(),
          settings.codeObjectVersion
              ? ("-mcode-object-version=" +
                 std::to_string(settings.codeObjectVersion) + " asks for less")
                    .c_str()
              : "the installed HIP runtime loads up to version 5",
          getLoweringChipset(target.chip).str().c_str());
  if (log && !targets.empty())
    *log << "mlirc: AMD code object version " << codeObjectVersion << "\n";
  return Error::success();
}

Error AMDGPUImageBuilder::addJobs(ArrayRef<SerializedObject> objects,
                                  std::vector<Job> &jobs) {
  if (context.printJobs)
    return Error::success();
  std::vector<AMDGPUCodegenTask> tasks;
  // The -save-temps names, `<stem>.<module>.<arch>`, of each task.
  std::vector<std::string> names;
  for (const SerializedObject &object : objects) {
    for (const OffloadTarget &target : targets) {
      if (getChipKey(target) != object.chip)
        continue;
      AMDGPUCodegenTask task;
      task.bitcode = object.data;
      task.chip = target.chip;
      task.features = target.features;
      task.optLevel = unit.optLevel;
      task.description = "the code object for " + target.arch +
                         " (gpu.module @" + object.module + " of " +
                         context.inputPath.str() + ")";
      task.wantText = context.temps.keepsFiles();
      tasks.push_back(std::move(task));
      names.push_back(
          (context.stem + "." + object.module + "." + target.arch).str());
      DeviceImage image;
      image.offloadKind = object::OFK_HIP;
      image.imageKind = object::IMG_Object;
      image.triple = amdgcnTriple.str();
      image.arch = target.arch;
      built.push_back(std::move(image));
    }
  }
  Expected<std::vector<AMDGPUCodegenResult>> results =
      generateAMDGPUObjects(tasks);
  if (!results)
    return results.takeError();
  for (size_t i = 0; i < built.size(); ++i) {
    AMDGPUCodegenResult &result = (*results)[i];
    if (context.temps.keepsFiles()) {
      auto keep = [&](StringRef suffix, StringRef contents) {
        return writeOutputFile(context.temps.keptPath(names[i] + suffix.str()),
                               [&](raw_pwrite_stream &os) {
                                 os << contents;
                                 return Error::success();
                               });
      };
      if (Error err = keep(".ll", result.llvmIR))
        return err;
      if (Error err = keep(".s", result.assembly))
        return err;
      if (Error err = keep(".o", result.object->getBuffer()))
        return err;
    }
    built[i].data = std::move(result.object);
  }
  return Error::success();
}

std::unique_ptr<TargetUnit> mlirc::createAMDGPUUnit() {
  return std::make_unique<AMDGPUUnit>();
}
