//===- AMDGPUUnit.cpp - AMD GPUs as a device target -----------------------===//
//
// gfxNNN with clang's feature suffixes. Each chip gets a gpu.module of its
// own (wave64 on CDNA/GCN, wave32 on RDNA change how subgroup operations
// lower), lowered with convert-gpu-to-rocdl and serialized through
// #rocdl.target to bitcode with ocml/ockl linked from the ROCm device
// libraries. mlirc generates the relocatable code object per arch itself,
// in parallel; clang-linker-wrapper links each arch with lld at the final
// link and bundles them into `.hip_fatbin`. Prebuilt objects: assembly is
// assembled likewise; linked code objects (format=bin, fatbin), which lld
// cannot link again, are bundled with clang-offload-bundler and registered
// by the object itself.
//
//===----------------------------------------------------------------------===//

#include "targets/amdgpu/AMDGPUUnit.h"
#include "pipeline/GpuModuleLowering.h"
#include "pipeline/Passes.h"
#include "support/OutputFile.h"
#include "targets/DeviceCodegen.h"
#include "targets/NativeArchs.h"
#include "targets/amdgpu/AMDGPUTarget.h"
#include "targets/amdgpu/Passes.h"
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
#include "llvm/BinaryFormat/ELF.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/TargetParser.h"
#include "llvm/TargetParser/Triple.h"
#include <map>
#include <optional>
#include <set>

using namespace llvm;
using namespace mlirc;

namespace {

class AMDGPUUnit;

/// Code objects per arch, generated in-process from the linked bitcode;
/// per gpu.binary, one bundle of its prebuilt code objects.
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
  Error collectDeviceFiles(std::vector<DeviceFile> &files) override {
    return deviceFiles.collect(files);
  }
  Error finishHostModule(Module &module, const KernelList &kernels) override;
  bool hasLinkedImages(StringRef module) const override {
    return linkedModules.count(module.str());
  }

private:
  Error checkCodeObjectVersion(const SerializedObject &object,
                               const OffloadTarget &target) const;
  Error addBundleJobs(std::vector<Job> &jobs);

  const AMDGPUUnit &unit;
  const ImageBuildContext &context;
  std::vector<OffloadTarget> targets;
  std::vector<DeviceImage> built;
  /// The gpu.modules those images are of.
  std::set<std::string> linkedModules;
  /// Per gpu.binary, its prebuilt code objects with their offload target
  /// ids (hip-amdgcn-amd-amdhsa--gfx90a:xnack-), then the bundle of them.
  std::map<std::string, std::vector<std::pair<std::string, std::string>>>
      prebuilt;
  std::map<std::string, std::string> bundles;
  DeviceFileList deviceFiles;
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

  void registerPasses() const override { registerMlircAMDGPUPasses(); }

  std::vector<StringRef> getOwnDialects() const override {
    return {"rocdl", "amdgpu"};
  }

  bool lowersPerChip() const override { return true; }

  bool compilesSubgroupMma(ArrayRef<OffloadTarget> targets) const override {
    // mlirc's WMMA lowering: RDNA 3 and 4.
    return llvm::all_of(targets, [](const OffloadTarget &target) {
      StringRef chip = target.chip;
      return chip.starts_with("gfx11") || chip.starts_with("gfx12");
    });
  }

  void populateDevicePasses(mlir::OpPassManager &pm,
                            ArrayRef<OffloadTarget> targets,
                            bool gpuTargetsToo) const override {
    // One chip per module (lowersPerChip).
    StringRef chip = targets.empty() ? "gfx900" : StringRef(targets[0].chip);
    // gpu.subgroup_mma_* as WMMA, before the pre-lowering takes the memref
    // and scf ops this makes.
    LowerSubgroupMmaToWmmaOptions wmma;
    wmma.chip = chip.str();
    pm.addPass(createLowerSubgroupMmaToWmma(wmma));
    GpuModuleLoweringOptions lowering =
        getLoweringOptions(getWavefrontSize(chip));
    // AMDGPU's unroller takes a loop with a trip count at run time, as it
    // does HIP's `for (i = t; i < n; i += 256)` (twice per trip); with a
    // step that is a value, the division would cost more than that gains
    // (a grid-stride dot product: 213 instructions against 75).
    lowering.countLoopTrips = optLevel >= 2;
    lowering.countConstantStepsOnly = true;
    populateGpuModulePreLowering(pm, lowering);
    pm.addPass(createLowerAsserts());
    // amdgpu ops (buffer loads and stores, MFMA, WMMA, DPP, barriers) as
    // rocdl ops for this chip, which the conversion checks them against.
    mlir::ConvertAMDGPUToROCDLPassOptions amdgpu;
    amdgpu.chipset = getLoweringChipset(chip).str();
    pm.addPass(mlir::createConvertAMDGPUToROCDLPass(amdgpu));
    pm.addPass(createOcmlMathCalls());
    mlir::ConvertGpuOpsToROCDLOpsOptions rocdl;
    rocdl.chipset = getLoweringChipset(chip).str();
    rocdl.runtime = mlir::gpu::amd::Runtime::HIP;
    pm.addPass(mlir::createConvertGpuOpsToROCDLOps(rocdl));
    populateGpuModulePostLowering(pm);
    DeviceScopeAtomicsOptions atomics;
    atomics.noRemoteMemory = !atomicRemoteMemory;
    atomics.unsafeFloatAtomics = unsafeFloatAtomics;
    pm.addPass(createDeviceScopeAtomics(atomics));
    pm.addPass(createDeviceHeapCalls());
    if (flushDenormals)
      pm.addPass(createFlushDenormals());
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
  std::string getDeviceDataLayout() const override {
    return llvm::Triple(amdgcnTriple).computeDataLayout();
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
  // Bitcode and assembly become relocatable objects; linked code objects
  // (bin, and MLIR's fatbin, which is the same) are bundled as they are.
  bool acceptsObjectFormat(ObjectFormat format,
                           const OffloadTarget &target) const override {
    return true;
  }

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
  /// The float model (TargetSettings).
  bool flushDenormals = false, approxFunc = false, finiteMath = false;
  /// -munsafe-fp-atomics, -fatomic-remote-memory.
  bool unsafeFloatAtomics = false, atomicRemoteMemory = true;
  /// Only with -ffp-contract=fast: HIP's default is fast-honor-pragmas.
  bool fuseFloatOps = false;
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
    // The device libraries' float-model control variables likewise.
    if (flushDenormals)
      flags.push_back(b.getNamedAttr("daz", b.getUnitAttr()));
    if (approxFunc)
      flags.push_back(b.getNamedAttr("unsafe_math", b.getUnitAttr()));
    if (finiteMath)
      flags.push_back(b.getNamedAttr("finite_only", b.getUnitAttr()));
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
  flushDenormals = settings.flushDenormals;
  unsafeFloatAtomics = settings.unsafeFloatAtomics;
  atomicRemoteMemory = settings.atomicRemoteMemory;
  approxFunc = settings.approxFunc;
  fuseFloatOps = settings.fuseAllFloatOps.value_or(false);
  finiteMath = settings.finiteMath;
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

/// The code object version \p object (prebuilt) has: the ELF ABI version
/// of a code object, the directive of assembly, the module flag of bitcode;
/// 0 when it says none.
static unsigned getCodeObjectVersion(const SerializedObject &object) {
  StringRef data = object.data;
  if (object.format == ObjectFormat::Binary ||
      object.format == ObjectFormat::Fatbin) {
    // e_ident[EI_OSABI] is ELFOSABI_AMDGPU_HSA; EI_ABIVERSION 2, 3, 4 are
    // versions 4, 5, 6.
    if (data.size() < 9 ||
        !data.starts_with("\x7f"
                          "ELF") ||
        static_cast<uint8_t>(data[7]) != ELF::ELFOSABI_AMDGPU_HSA)
      return 0;
    unsigned abi = static_cast<uint8_t>(data[8]);
    return abi >= 2 ? abi + 2 : 0;
  }
  if (object.format == ObjectFormat::Assembly) {
    StringRef directive = ".amdhsa_code_object_version";
    size_t at = data.find(directive);
    unsigned version = 0;
    if (at != StringRef::npos)
      data.substr(at + directive.size())
          .ltrim()
          .take_while(isDigit)
          .getAsInteger(10, version);
    return version;
  }
  if (object.format == ObjectFormat::Bitcode) {
    LLVMContext context;
    Expected<std::unique_ptr<Module>> module =
        getLazyBitcodeModule(MemoryBufferRef(data, object.module), context);
    if (!module) {
      consumeError(module.takeError());
      return 0;
    }
    if (auto *flag = mdconst::extract_or_null<ConstantInt>(
            (*module)->getModuleFlag("amdhsa_code_object_version")))
      return flag->getZExtValue() / 100;
  }
  return 0;
}

Error AMDGPUImageBuilder::checkCodeObjectVersion(
    const SerializedObject &object, const OffloadTarget &target) const {
  // mlirc's own objects have the version it chose; a prebuilt one newer
  // than the HIP runtime loads would fail only when the program starts.
  const std::optional<RocmToolkit> &toolkit = unit.toolkit;
  if (!toolkit || !toolkit->hipMajor)
    return Error::success();
  unsigned version = getCodeObjectVersion(object);
  unsigned newest = toolkit->getNewestCodeObjectVersion();
  if (version <= newest)
    return Error::success();
  return createStringError(
      "%s: the %s object of gpu.binary @%s is an AMD code object of version "
      "%u, which %s at '%s' does not load (it loads up to version %u); make it "
      "with #rocdl.target<chip = \"%s\", abi = "
      "\"%u00\">, or pass --rocm-path=<dir> naming a newer ROCm",
      context.inputPath.str().c_str(), target.arch.c_str(),
      object.module.c_str(), version, toolkit->getVersionString().c_str(),
      toolkit->root.c_str(), newest, target.chip.c_str(), newest);
}

Error AMDGPUImageBuilder::addBundleJobs(std::vector<Job> &jobs) {
  for (auto &[module, objects] : prebuilt) {
    std::string base = (context.stem + "." + module).str();
    // clang's HIP bundles start with an empty host entry.
    std::string targetList = "-targets=host-" + sys::getDefaultTargetTriple();
    std::vector<std::string> inputs = {"-input=/dev/null"};
    for (const auto &[id, data] : objects) {
      std::string chip = StringRef(id).rsplit("--").second.str();
      std::replace(chip.begin(), chip.end(), ':', '_');
      Expected<std::string> path =
          writeTempFile(context, base + "." + chip, "hsaco", data);
      if (!path)
        return path.takeError();
      targetList += "," + id;
      inputs.push_back("-input=" + *path);
    }
    Expected<std::string> bundle = context.temps.create(base, "hipfb");
    if (!bundle)
      return bundle.takeError();
    Job job;
    job.program = getLLVMToolPath("clang-offload-bundler");
    job.args = {"-type=o", "-bundle-align=4096", targetList};
    llvm::append_range(job.args, inputs);
    job.args.push_back("-output=" + *bundle);
    job.description = "clang-offload-bundler for the code objects of "
                      "gpu.binary @" +
                      module + " of " + context.inputPath.str();
    jobs.push_back(std::move(job));
    bundles[module] = *bundle;
  }
  return Error::success();
}

Error AMDGPUImageBuilder::addJobs(ArrayRef<SerializedObject> objects,
                                  std::vector<Job> &jobs) {
  std::vector<DeviceCodegenTask> tasks;
  // The -save-temps names, `<stem>.<module>.<arch>`, of each task.
  std::vector<std::string> names;
  // The gpu.module of each task.
  std::vector<std::string> modules;
  for (const SerializedObject &object : objects) {
    for (const OffloadTarget &target : targets) {
      if (getChipKey(target) != object.chip)
        continue;
      if (Error err = checkCodeObjectVersion(object, target))
        return err;
      bool assembly = context.deviceOnly == DeviceOnlyOutput::Assembly;
      if (context.deviceOnly != DeviceOnlyOutput::None &&
          object.format == ObjectFormat::Fatbin)
        return createPrebuiltObjectError(
            context, object.chip, object.module, "bundle",
            "--offload-device-only cannot take apart; give the gpu.binary "
            "its code object instead");
      if (assembly && object.format == ObjectFormat::Binary)
        return createPrebuiltObjectError(
            context, object.chip, object.module, "code object",
            "has no assembly to write with -S --offload-device-only; use -c");
      if (context.deviceOnly != DeviceOnlyOutput::None &&
          (object.format == ObjectFormat::Binary ||
           (assembly && object.format == ObjectFormat::Assembly))) {
        deviceFiles.add({object.module, target.arch,
                         "hip-" + amdgcnTriple.str(), assembly ? "s" : "o",
                         object.data});
        continue;
      }
      if (object.format == ObjectFormat::Binary ||
          object.format == ObjectFormat::Fatbin) {
        prebuilt[object.module].push_back(
            {"hip-" + amdgcnTriple.str() + "--" + getChipKey(target),
             object.data});
        continue;
      }
      DeviceCodegenTask task;
      task.triple = amdgcnTriple.str();
      task.input = object.data;
      task.isAssembly = object.format == ObjectFormat::Assembly;
      task.chip = target.chip;
      task.features = target.features;
      task.optLevel = unit.optLevel;
      task.fuseFloatOps = unit.fuseFloatOps;
      task.description = "the code object for " + target.arch +
                         " (gpu.module @" + object.module + " of " +
                         context.inputPath.str() + ")";
      task.wantText = context.temps.keepsFiles();
      // -S --offload-device-only: the assembly alone.
      task.wantObject = context.deviceOnly != DeviceOnlyOutput::Assembly;
      tasks.push_back(std::move(task));
      names.push_back(
          (context.stem + "." + object.module + "." + target.arch).str());
      modules.push_back(object.module);
      DeviceImage image;
      image.offloadKind = object::OFK_HIP;
      image.imageKind = object::IMG_Object;
      image.triple = amdgcnTriple.str();
      image.arch = target.arch;
      built.push_back(std::move(image));
      linkedModules.insert(object.module);
    }
  }
  if (Error err = addBundleJobs(jobs))
    return err;
  if (context.printJobs)
    return Error::success();
  Expected<std::vector<DeviceCodegenResult>> results =
      generateDeviceCode(tasks);
  if (!results)
    return results.takeError();
  for (size_t i = 0; i < built.size(); ++i) {
    DeviceCodegenResult &result = (*results)[i];
    if (context.temps.keepsFiles()) {
      auto keep = [&](StringRef suffix, StringRef contents) {
        return writeOutputFile(context.temps.keptPath(names[i] + suffix.str()),
                               [&](raw_pwrite_stream &os) {
                                 os << contents;
                                 return Error::success();
                               });
      };
      if (!tasks[i].isAssembly)
        if (Error err = keep(".ll", result.llvmIR))
          return err;
      if (Error err = keep(".s", result.assembly))
        return err;
      if (result.object)
        if (Error err = keep(".o", result.object->getBuffer()))
          return err;
    }
    if (context.deviceOnly != DeviceOnlyOutput::None) {
      bool assembly = context.deviceOnly == DeviceOnlyOutput::Assembly;
      deviceFiles.add({modules[i], built[i].arch, "hip-" + amdgcnTriple.str(),
                       assembly ? "s" : "o",
                       assembly ? std::move(result.assembly)
                                : result.object->getBuffer().str()});
    }
    built[i].data = std::move(result.object);
  }
  return Error::success();
}

Error AMDGPUImageBuilder::finishHostModule(Module &module,
                                           const KernelList &kernels) {
  for (const auto &[binary, path] : bundles) {
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return createStringError(buffer.getError(), "cannot read '%s'",
                               path.c_str());
    if (Error err = registerOwnFatbinary(
            module, object::OFK_HIP,
            ArrayRef<char>((*buffer)->getBufferStart(),
                           (*buffer)->getBufferSize()),
            kernels.getKernelsOf(binary), kernels.getSymbolSuffix(binary)))
      return err;
  }
  return Error::success();
}

std::unique_ptr<TargetUnit> mlirc::createAMDGPUUnit() {
  return std::make_unique<AMDGPUUnit>();
}
