//===- VulkanUnit.cpp - Vulkan compute as a device target -----------------===//
//
// vulkan (1.1), vulkan1.1, vulkan1.2, vulkan1.3: kernels lowered to SPIR-V
// compute shaders (ConvertKernelsToSPIRV) under a #spirv.target_env for that
// Vulkan version's SPIR-V, serialized in-process through the attribute's
// TargetAttrInterface, and validated by a `spirv-val --target-env vulkanX.Y`
// job per image. Each image is an OffloadBinary of kind SPIR-V that the host
// object holds itself (no vendor linker takes SPIR-V), with the
// capabilities the shader declares recorded beside it.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/VulkanUnit.h"
#include "pipeline/GpuModuleLowering.h"
#include "pipeline/Passes.h"
#include "targets/offload/OffloadPacker.h"
#include "targets/vulkan/DynamicSharedMemory.h"
#include "targets/vulkan/Passes.h"
#include "targets/vulkan/WorkgroupSizeSpec.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Conversion/VectorToSCF/VectorToSCF.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVEnums.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/Transforms/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/SPIRV/Target.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Endian.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Program.h"

using namespace llvm;
using namespace mlirc;

namespace {

/// Where the images go; the runtime finds them between the linker's
/// __start_ and __stop_ symbols for it.
constexpr StringLiteral imageSection = "mlirc_vulkan_images";

/// Vulkan versions and the SPIR-V each guarantees.
struct VulkanVersion {
  StringLiteral chip;
  StringLiteral spirv;
};
constexpr VulkanVersion versions[] = {
    {"vulkan1.1", "v1.3"}, {"vulkan1.2", "v1.5"}, {"vulkan1.3", "v1.6"}};

/// The capabilities the target environment allows; spirv-update-vce keeps
/// those a shader uses, which the image records.
constexpr StringLiteral allowedCapabilities =
    "Shader, Int8, Int16, Int64, Float16, Float64, StorageBuffer16BitAccess, "
    "StorageBuffer8BitAccess, GroupNonUniform, GroupNonUniformVote, "
    "GroupNonUniformArithmetic, GroupNonUniformBallot, "
    "GroupNonUniformShuffle, GroupNonUniformShuffleRelative, "
    "AtomicFloat32AddEXT";
constexpr StringLiteral allowedExtensions =
    "SPV_KHR_storage_buffer_storage_class, SPV_KHR_8bit_storage, "
    "SPV_KHR_16bit_storage, SPV_EXT_shader_atomic_float_add";

/// Calls \p visit with the opcode and operands of each instruction of
/// \p spirv, a SPIR-V binary.
void forEachInstruction(
    StringRef spirv,
    function_ref<void(unsigned opcode, ArrayRef<uint32_t> operands)> visit) {
  constexpr unsigned headerWords = 5;
  SmallVector<uint32_t> words;
  for (size_t i = 0; i + 4 <= spirv.size(); i += 4)
    words.push_back(support::endian::read32le(spirv.data() + i));
  for (size_t i = headerWords; i < words.size();) {
    unsigned count = words[i] >> 16;
    if (count == 0 || i + count > words.size())
      return;
    visit(words[i] & 0xffff, ArrayRef(words).slice(i + 1, count - 1));
    i += count;
  }
}

/// The OpCapability operands of \p spirv by name.
std::string getCapabilities(StringRef spirv) {
  constexpr unsigned opCapability = 17;
  SmallVector<std::string> names;
  forEachInstruction(spirv, [&](unsigned opcode, ArrayRef<uint32_t> operands) {
    if (opcode == opCapability && !operands.empty())
      names.push_back(mlir::spirv::stringifyCapability(
                          static_cast<mlir::spirv::Capability>(operands[0]))
                          .str());
  });
  return join(names, ",");
}

/// True when \p spirv has an entry point: a gpu.module without kernels
/// makes a module without any, which Vulkan has no use for.
bool hasEntryPoint(StringRef spirv) {
  constexpr unsigned opEntryPoint = 15;
  bool found = false;
  forEachInstruction(spirv, [&](unsigned opcode, ArrayRef<uint32_t>) {
    found |= opcode == opEntryPoint;
  });
  return found;
}

/// Validates each image and has the host object carry it.
class VulkanImageBuilder : public ImageBuilder {
public:
  VulkanImageBuilder(const ImageBuildContext &context, std::string spirvVal,
                     std::string spirvDis)
      : context(context), spirvVal(std::move(spirvVal)),
        spirvDis(std::move(spirvDis)) {}

  Error addJobs(ArrayRef<SerializedObject> objects,
                std::vector<Job> &jobs) override {
    for (SerializedObject object : objects) {
      if (!hasEntryPoint(object.data))
        continue;
      // What MLIR's serializer cannot write, patched into the words: the
      // properties RecordKernelABI set say which patches a module needs.
      struct Patch {
        const char *property;
        bool (*apply)(std::string &);
        const char *missing;
      };
      for (const Patch &patch :
           {Patch{"workgroup_size_spec", decorateWorkgroupSize,
                  "workgroup-size constant to decorate"},
            Patch{"dynamic_shared_spec", specializeDynamicSharedMemory,
                  "dynamic shared memory array to size at launch"}})
        if (object.properties.count(patch.property) &&
            !patch.apply(object.data))
          return createStringError(
              "the SPIR-V of gpu.module @%s has no %s (compiling for %s)",
              object.module.c_str(), patch.missing, object.chip.c_str());
      std::string base = (context.stem + "." + object.module).str();
      Expected<std::string> path =
          writeTempFile(context, base + "." + object.chip, "spv", object.data);
      if (!path)
        return path.takeError();
      Job job;
      job.program = spirvVal;
      job.args = {"--target-env", object.chip, *path};
      job.description = "spirv-val for " + object.chip;
      jobs.push_back(std::move(job));
      if (context.deviceOnly == DeviceOnlyOutput::None) {
        images.push_back(object);
        continue;
      }
      DeviceFile file{object.module, object.chip, "vulkan-spirv", "spv",
                      object.data};
      if (context.deviceOnly == DeviceOnlyOutput::Object) {
        deviceFiles.add(std::move(file));
        continue;
      }
      // -S: SPIR-V assembly, as spirv-dis writes it.
      Expected<std::string> text =
          context.temps.create(base + "." + object.chip, "spvasm");
      if (!text)
        return text.takeError();
      Job disassemble;
      disassemble.program = spirvDis;
      disassemble.args = {"--no-color", *path, "-o", *text};
      disassemble.description = "spirv-dis for " + object.chip;
      jobs.push_back(std::move(disassemble));
      file.extension = "spvasm";
      deviceFiles.addMadeAt(std::move(file), *text);
    }
    return Error::success();
  }

  Error collectImages(std::vector<DeviceImage> &) override {
    return Error::success();
  }
  Error collectDeviceFiles(std::vector<DeviceFile> &files) override {
    return deviceFiles.collect(files);
  }
  bool hasLinkedImages(StringRef) const override { return false; }

  Error finishHostModule(Module &module, const KernelList &kernels) override {
    std::vector<SmallString<0>> binaries;
    for (const SerializedObject &object : images) {
      DeviceImage image;
      image.offloadKind = object::OFK_None;
      image.imageKind = object::IMG_SPIRV;
      image.triple = "spirv-unknown-" + object.chip + "-compute";
      image.arch = object.chip;
      image.data = MemoryBuffer::getMemBufferCopy(object.data);
      image.strings["capabilities"] = getCapabilities(object.data);
      image.strings["kernels"] = join(kernels.getKernelsOf(object.module), ",");
      // How each kernel takes its arguments (RecordKernelABI).
      for (const auto &[key, value] : object.properties)
        image.strings[key] = value;
      binaries.push_back(packOffloadBinary(image));
    }
    // Not `.llvm.offloading`: no offload linker takes SPIR-V images.
    embedOffloadBinaries(module, binaries, imageSection);
    return Error::success();
  }

private:
  const ImageBuildContext &context;
  std::string spirvVal;
  std::string spirvDis;
  std::vector<SerializedObject> images;
  DeviceFileList deviceFiles;
};

class VulkanUnit : public TargetUnit {
public:
  StringRef getName() const override { return "Vulkan"; }
  StringRef getIntrinsicDialect() const override { return "spirv"; }
  std::vector<StringRef> getOwnDialects() const override { return {"spirv"}; }
  bool claimsArch(StringRef arch) const override {
    return arch.starts_with("vulkan");
  }
  Expected<OffloadTarget> parseArch(StringRef arch) const override {
    StringRef chip = arch == "vulkan" ? "vulkan1.1" : arch;
    for (const VulkanVersion &version : versions) {
      if (version.chip != chip)
        continue;
      OffloadTarget target;
      target.unit = this;
      target.arch = arch.str();
      target.chip = chip.str();
      return target;
    }
    return createStringError("unknown Vulkan version '%s'; expected vulkan "
                             "(1.1), vulkan1.1, vulkan1.2 or vulkan1.3",
                             arch.str().c_str());
  }
  StringRef getArchExamples() const override {
    return "vulkanX.Y (Vulkan, e.g. vulkan1.1, vulkan1.3)";
  }

  Error setUp(ArrayRef<OffloadTarget> targets, const TargetSettings &settings,
              bool needTools, raw_ostream *log) override {
    // spirv-dis (for -S --offload-device-only) comes with spirv-val.
    if (ErrorOr<std::string> dis = sys::findProgramByName("spirv-dis"))
      spirvDis = *dis;
    ErrorOr<std::string> found = sys::findProgramByName("spirv-val");
    if (found) {
      spirvVal = *found;
      if (log)
        *log << "mlirc: using " << spirvVal << " (found in PATH)\n";
      return Error::success();
    }
    spirvVal = "spirv-val";
    if (!needTools || settings.printJobs)
      return Error::success();
    return createStringError(
        "the Vulkan target validates its SPIR-V with spirv-val, which is not "
        "in PATH; install SPIRV-Tools (Debian: apt-get install spirv-tools)");
  }

  void registerDialects(mlir::DialectRegistry &registry) const override {
    registry.insert<mlir::spirv::SPIRVDialect>();
    mlir::spirv::registerSPIRVTargetInterfaceExternalModels(registry);
  }
  void registerPasses() const override { registerMlircVulkanPasses(); }

  void populateDevicePasses(mlir::OpPassManager &pm,
                            ArrayRef<OffloadTarget> targets,
                            bool gpuTargetsToo) const override {
    // Unlike the other GPU units, scf stays: SPIR-V for Vulkan needs
    // structured control flow.
    addIdBounds(pm, getLoweringOptions());
    // Vulkan allows no rounding decorations but RTE and RTZ.
    pm.addPass(createDirectedRounding());
    // f8 and smaller floats compute in f32; in the SPIR-V they live in
    // integers (ConvertKernelsToSPIRV). Devices need not have f64.
    pm.addPass(createExpandSmallFloats({/*fmaInF64=*/false}));
    // Tensor-core ops as vector ops, which the passes below lower.
    pm.addPass(createEmulateSubgroupMma());
    pm.addPass(createExpandMathOps({/*splitSincos=*/true}));
    // math.ipowi as functions beside their callers.
    pm.addPass(createOutlineMathOps());
    pm.addPass(mlir::createConvertComplexToStandardPass());
    // vector.print as gpu.printf, which prints through a buffer.
    pm.addPass(createVectorPrintAsPrintf());
    // Vector ops as the simpler ones SPIR-V has, transfers as loads and
    // stores; then affine, which vector-to-scf emits too.
    // SPIR-V has no contraction: all of them as reductions and outer
    // products.
    LowerVectorOpsOptions vectorOps;
    vectorOps.allContractions = true;
    pm.addPass(createLowerVectorOps(vectorOps));
    // Unrolled: the loops' temporaries would be allocas of vectors.
    pm.addPass(mlir::createConvertVectorToSCFPass(
        mlir::VectorTransferToSCFOptions().enableFullUnroll()));
    // Subviews, expand/collapse_shape and reshapes (as casts) into the
    // indices of the loads and stores that use them (a storage buffer is
    // one array).
    pm.addPass(createExpandReshapes());
    pm.addPass(mlir::memref::createFoldMemRefAliasOpsPass());
    pm.addPass(mlir::createLowerAffinePass());
    pm.addPass(createConvertKernelsToSPIRV());
    pm.addPass(createRecordKernelABI());
    mlir::OpPassManager &spirvModule = pm.nest<mlir::spirv::ModuleOp>();
    spirvModule.addPass(mlir::spirv::createSPIRVLowerABIAttributesPass());
    spirvModule.addPass(mlir::spirv::createSPIRVUpdateVCEPass());
    spirvModule.addPass(createCompleteSPIRVRequirements());
  }

  SmallVector<mlir::Attribute>
  getTargetAttrs(mlir::MLIRContext *context, ArrayRef<OffloadTarget> targets,
                 unsigned optLevel) const override {
    SmallVector<mlir::Attribute> attrs;
    for (const OffloadTarget &target : targets) {
      const VulkanVersion *version =
          llvm::find_if(versions, [&](const VulkanVersion &version) {
            return version.chip == target.chip;
          });
      LaunchLimits limits = getLaunchLimits();
      std::string text =
          formatv("#spirv.target_env<#spirv.vce<{0}, [{1}], [{2}]>, "
                  "api=Vulkan, #spirv.resource_limits<"
                  "max_compute_workgroup_invocations = {3}, "
                  "max_compute_workgroup_size = [{4}, {5}, {6}]>>",
                  version->spirv, allowedCapabilities, allowedExtensions,
                  limits.maxThreadsPerBlock, limits.maxBlockSize[0],
                  limits.maxBlockSize[1], limits.maxBlockSize[2])
              .str();
      mlir::Attribute attr = mlir::parseAttribute(text, context);
      if (attr && !llvm::is_contained(attrs, attr))
        attrs.push_back(attr);
    }
    return attrs;
  }
  bool lowersPerChip() const override { return true; }
  // Emulated as on the host target (EmulateSubgroupMma), so a uniform
  // contraction rounds as tensor cores do on every target of a build.
  bool compilesSubgroupMma(ArrayRef<OffloadTarget>) const override {
    return true;
  }
  std::string getTargetChip(mlir::Attribute attr) const override {
    auto env = dyn_cast<mlir::spirv::TargetEnvAttr>(attr);
    if (!env || env.getClientAPI() != mlir::spirv::ClientAPI::Vulkan)
      return "";
    std::string spirv = mlir::spirv::stringifyVersion(env.getVersion()).lower();
    for (const VulkanVersion &version : versions)
      if (version.spirv == spirv)
        return version.chip.str();
    return "";
  }
  LaunchLimits getLaunchLimits() const override {
    // What every device has (Vulkan's required limits allow less, which
    // the runtime checks against the device).
    LaunchLimits result;
    result.maxThreadsPerBlock = limits::maxThreadsPerBlock;
    int64_t block[] = {limits::maxThreadsPerBlock, limits::maxThreadsPerBlock,
                       64};
    std::copy(std::begin(block), std::end(block), result.maxBlockSize);
    std::fill(std::begin(result.maxGridSize), std::end(result.maxGridSize),
              65535);
    return result;
  }

  std::unique_ptr<ImageBuilder>
  createImageBuilder(const ImageBuildContext &context,
                     ArrayRef<OffloadTarget> targets) const override {
    return std::make_unique<VulkanImageBuilder>(context, spirvVal, spirvDis);
  }

  StringRef getRuntimeBackend() const override { return "vulkan"; }
  bool isCarriedBy(const LinkInputContents &contents) const override {
    return contents.sections.count(imageSection.str());
  }
  Expected<std::vector<std::string>>
  getLinkArgs(const TargetSettings &settings) const override {
    // The runtime loads the Vulkan loader itself.
    return std::vector<std::string>{"-ldl"};
  }

private:
  std::string spirvVal = "spirv-val";
  std::string spirvDis = "spirv-dis";
};

} // namespace

std::unique_ptr<TargetUnit> mlirc::createVulkanUnit() {
  return std::make_unique<VulkanUnit>();
}
