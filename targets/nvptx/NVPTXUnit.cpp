//===- NVPTXUnit.cpp - NVIDIA GPUs as a device target ---------------------===//
//
// sm_NN and compute_NN: NVVM lowering, PTX through #nvvm.target with
// libdevice linked, then mlirc's own jobs: ptxas per arch, for an
// executable cubin of the whole gpu.module that `fatbinary` wraps and the
// object registers itself (nvcc's and clang's default), or with -fgpu-rdc
// a relocatable one (`-c`), which clang-linker-wrapper device-links with
// nvlink; for compute_NN, `fatbinary` over the PTX, registered likewise.
// Prebuilt objects: bitcode becomes PTX with LLVM's NVPTX backend; cubins
// (executable, which nvlink rejects) and fatbinaries are registered by the
// object too, in one fatbinary per gpu.binary.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/NVPTXUnit.h"
#include "pipeline/GpuModuleLowering.h"
#include "pipeline/Passes.h"
#include "support/OutputFile.h"
#include "targets/DeviceCodegen.h"
#include "targets/NativeArchs.h"
#include "targets/nvptx/BF16Flushes.h"
#include "targets/nvptx/CudaToolkit.h"
#include "targets/nvptx/DotProducts.h"
#include "targets/nvptx/Fatbinary.h"
#include "targets/nvptx/NVPTXTarget.h"
#include "targets/nvptx/Passes.h"
#include "targets/nvptx/TrailingZeros.h"
#include "targets/nvptx/UnrolledLoops.h"
#include "targets/offload/OffloadPacker.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Triple.h"
#include <algorithm>
#include <map>
#include <optional>
#include <set>

using namespace llvm;
using namespace mlirc;

namespace {

class NVPTXUnit;

/// ptxas per cubin target; per gpu.module, one fatbinary of what the object
/// registers itself.
class NVPTXImageBuilder : public ImageBuilder {
public:
  NVPTXImageBuilder(const NVPTXUnit &unit, const ImageBuildContext &context,
                    ArrayRef<OffloadTarget> targets)
      : unit(unit), context(context), targets(targets) {}

  Error addJobs(ArrayRef<SerializedObject> objects,
                std::vector<Job> &jobs) override;
  Error collectImages(std::vector<DeviceImage> &images) override;
  Error collectDeviceFiles(std::vector<DeviceFile> &files) override {
    return deviceFiles.collect(files);
  }
  Error finishHostModule(Module &module, const KernelList &kernels) override;
  bool hasLinkedImages(StringRef module) const override {
    return linkedModules.count(module.str());
  }

private:
  /// What one gpu.module (or gpu.binary) registers itself.
  struct Registered {
    /// Fatbinaries of whole-program cubins, one per arch, which jobs make.
    std::vector<std::string> wholeProgramPaths;
    /// fatbinary's --image3 arguments: PTX for compute_NN, prebuilt cubins.
    std::vector<std::string> images;
    /// The fatbinary the job makes of them.
    std::string path;
    /// Prebuilt fatbinaries, and which object each is.
    std::vector<std::string> fatbinaries;
    std::vector<std::string> names;
  };

  Error checkLibdevice(const SerializedObject &object) const;
  /// Whether \p object's cubins are relocatable, for nvlink: with
  /// -fgpu-rdc, or when its PTX refers to what another object defines.
  bool isRelocatable(const SerializedObject &object) const;
  Error generatePtx(std::vector<SerializedObject> &objects) const;
  /// The ptxas job that compiles \p ptxPath for \p target to \p cubinPath.
  Job createPtxasJob(const SerializedObject &object,
                     const OffloadTarget &target, StringRef ptxPath,
                     StringRef cubinPath, bool relocatable) const;
  /// --offload-device-only: PTX, or cubins from ptxas, per gpu.module and
  /// arch.
  Error addDeviceFileJobs(ArrayRef<SerializedObject> objects,
                          std::vector<Job> &jobs);

  const NVPTXUnit &unit;
  const ImageBuildContext &context;
  std::vector<OffloadTarget> targets;
  /// Cubins the jobs write, with their arch.
  std::vector<std::pair<std::string, std::string>> cubins;
  /// The gpu.modules those cubins are of.
  std::set<std::string> linkedModules;
  std::map<std::string, Registered> registered;
  DeviceFileList deviceFiles;
};

class NVPTXUnit : public TargetUnit {
public:
  StringRef getName() const override { return "NVIDIA"; }
  StringRef getIntrinsicDialect() const override { return "nvvm"; }
  bool claimsArch(StringRef arch) const override {
    return arch.starts_with("sm_") || arch.starts_with("compute_");
  }
  Expected<OffloadTarget> parseArch(StringRef arch) const override {
    Expected<OffloadTarget> target = parseNVPTXArch(arch);
    if (target)
      target->unit = this;
    return target;
  }
  std::vector<std::string> detectNativeArchs() const override {
    return detectArchsWith("nvptx-arch", "sm_");
  }
  std::vector<std::string>
  listAllArchs(const TargetSettings &settings) const override {
    Expected<CudaToolkit> found = findCudaToolkit(settings.cudaPath);
    if (!found) {
      consumeError(found.takeError());
      return {};
    }
    return listPtxasArchs(found->ptxas);
  }
  StringRef getArchExamples() const override {
    return "sm_NN (cubin, e.g. sm_80), compute_NN (PTX, e.g. compute_80)";
  }

  Error setUp(ArrayRef<OffloadTarget> targets, const TargetSettings &settings,
              bool needTools, raw_ostream *log) override;

  void registerDialects(mlir::DialectRegistry &registry) const override {
    registerNVPTXTargetDialects(registry);
    mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  }

  void registerPasses() const override { registerMlircNVPTXPasses(); }

  std::vector<StringRef> getOwnDialects() const override {
    return {"nvvm", "nvgpu"};
  }
  bool isHostOp(StringRef opName) const override {
    return opName == "nvgpu.tma.create.descriptor";
  }

  std::vector<std::string>
  getBackendOptions(const TargetSettings &settings) const override {
    // libdevice's square root is IEEE-exact unless math functions may be
    // approximate (nvcc's -prec-sqrt); LLVM 22's NVVMReflect answers
    // __CUDA_PREC_SQRT from this option only (0, approximate, without it).
    // An LLVM without the NVPTX back end has no such option.
    if (!llvm::cl::getRegisteredOptions().count("nvvm-reflect-add"))
      return {};
    return {std::string("-nvvm-reflect-add=__CUDA_PREC_SQRT=") +
            (settings.approxFunc ? "0" : "1")};
  }

  /// The LLVM options NVIDIA's code generation runs with, where LLVM has
  /// them as process-wide options only: set around NVIDIA's serialization
  /// and its code generation from prebuilt bitcode, so that the other
  /// targets of a build never see them.
  std::vector<LLVMOptionValue> getCodegenLLVMOptions() const {
    // Loop strength reduction keeps a loop's addressing as it was where
    // its own cost model finds the rewrite worse: NVPTX's unrolled
    // grid-stride loops otherwise get one pointer per access (the dot
    // product of bench/codegen.sh: 108 PTX instructions and 40 registers
    // against 90 and 32).
    //
    // Shared memory is addressed with 32-bit pointers, as nvcc does and as
    // MLIR's inline-PTX builder already assumes (its 'r' constraint for a
    // shared pointer): a 64-bit shared address costs a widening multiply
    // and 64-bit adds per access (the transpose of bench/codegen.sh: 43 PTX
    // instructions against nvcc's 39, 42 with 32-bit addresses).
    std::vector<LLVMOptionValue> options = {{"lsr-drop-solution", "true"},
                                            {"nvptx-short-ptr", "true"}};
    // -ffp-contract=fast, clang's default for CUDA, fuses libdevice's
    // multiplies and adds too, as clang's AllowFPOpFusion=Fast and nvcc's
    // --fmad=true do (1 / (1 + expf(-x)): expf's last multiply and the
    // add, one FMA). MLIR's serialization sets no target options; NVPTX
    // reads this one (2: clang's level) the same way. Not at -O0, where
    // NVPTX fuses nothing for clang either.
    if (fuseFloatOps && optLevel > 0)
      options.push_back({"nvptx-fma-level", "2"});
    return options;
  }

  void populateDevicePasses(mlir::OpPassManager &pm,
                            ArrayRef<OffloadTarget> targets,
                            bool gpuTargetsToo) const override {
    // nvgpu ops (mma.sync, ldmatrix, async copies, mbarriers, wgmma) as
    // nvvm ops once control flow is cf (the conversion takes scf loops
    // carrying !gpu.mma_matrix values for illegal), and nvvm ops that are
    // inline PTX as such after the gpu conversion.
    CheckNVGPUArchsOptions archs;
    for (const OffloadTarget &target : targets)
      archs.chips.push_back(target.chip);
    pm.addPass(createCheckNVGPUArchs(archs));
    pm.addPass(createTmaDescriptorParams());
    pm.addPass(createRewriteMmaElementwise());
    GpuModuleLoweringOptions lowering = getLoweringOptions();
    // NVPTX narrows index arithmetic itself from the special registers'
    // ranges, and better: values narrowed in MLIR are widened again for
    // addresses, where it no longer folds row - 1 and row + 1 into one
    // address (the stencil of bench/codegen.sh: 61 instructions against
    // 54, 20 registers against 18).
    lowering.narrowIndexArithmetic = false;
    // NVPTX's unroller takes loops with a trip count at run time (at -O2
    // and above; four times at -O3, as nvcc's): grid-stride loops need one
    // it can compute.
    lowering.countLoopTrips = optLevel >= 2;
    lowering.reduxSync = llvm::all_of(targets, [](const OffloadTarget &target) {
      return getSMVersion(target.chip) >= 80;
    });
    populateGpuModulePreLowering(pm, lowering);
    pm.addPass(mlir::createConvertNVGPUToNVVMPass());
    pm.addPass(createNVGPUBlockArguments());
    pm.addPass(mlir::createConvertGpuOpsToNVVMOps());
    pm.addPass(mlir::createConvertNVVMToLLVMPass());
    populateGpuModulePostLowering(pm);
    pm.addPass(createSharedMemoryArrays());
    pm.addPass(createLooseThreadBounds());
    if (flushDenormals)
      pm.addPass(createFlushDenormals({/*reflectFtz=*/true}));
  }

  std::vector<LLVMOptionValue> getSerializationLLVMOptions() const override {
    std::vector<LLVMOptionValue> options = getCodegenLLVMOptions();
    // A loop unrolled at run time does its remainder trips first, as
    // nvcc's does: after them the unrolled loop runs to the end, and no
    // remainder loop after it keeps its bounds and pointers live (a row
    // maximum of exp in a grid-stride loop: 30 registers against nvcc's 24,
    // 22 this way; the dot product of bench/codegen.sh: 90 PTX
    // instructions against nvcc's 85, 82 this way).
    //
    // Partial and run-time unrolling stop at four iterations per trip, as
    // nvcc's: NVPTX's cost model runs a small loop eight times per trip
    // (a one-thread-per-row GEMV: 9 FMAs and 82 PTX instructions against
    // nvcc's 5 and 73, 5 and 70 this way). Full unrolling is not limited.
    options.push_back({"unroll-runtime-epilog", "false"});
    options.push_back({"unroll-max-count", "4"});
    // nvcc runs loops whose trip count is known at run time four times per
    // trip where NVPTX's unroller, with its partial threshold of a quarter
    // of -O3's 300, runs them twice (a 2x2 register tile: 12 FMAs against
    // 20), and twice where it leaves them (4x4: 16 against 48). Twice that
    // threshold unrolls as nvcc does on both; at -O3 only, nvcc's default.
    if (optLevel >= 3)
      options.push_back({"unroll-partial-threshold", "150"});
    return options;
  }

  void prepareLinkedIR(llvm::Module &module) const override {
    keepUnrolledLoops(module);
  }
  void prepareOptimizedIR(llvm::Module &module, StringRef chip) const override {
    avoidBF16FlushModifiers(module);
    countTrailingZerosWithoutBranch(module);
    // dp4a is sm_61's; not at -O0, where nothing is vectorized anyway.
    if (optLevel > 0 && getSMVersion(chip) >= 61)
      formDotProducts(module);
  }

  bool compilesSubgroupMma(ArrayRef<OffloadTarget> targets) const override {
    // WMMA is sm_70's.
    return llvm::all_of(targets, [](const OffloadTarget &target) {
      return getSMVersion(target.chip) >= 70;
    });
  }

  void populateHostPreLowering(mlir::OpPassManager &pm) const override {
    pm.addPass(createLowerTmaDescriptors());
    // Kernels may take memref.alloc memory, which GPUs without access to
    // pageable memory cannot read.
    pm.addPass(mlirc::createKernelHostMemory());
  }

  SmallVector<mlir::Attribute>
  getTargetAttrs(mlir::MLIRContext *context, ArrayRef<OffloadTarget> targets,
                 unsigned optLevel) const override {
    SetVector<mlir::Attribute> attrs;
    for (const OffloadTarget &target : targets)
      attrs.insert(getNVVMTargetAttr(context, target.chip, optLevel));
    return SmallVector<mlir::Attribute>(attrs.begin(), attrs.end());
  }
  LaunchLimits getLaunchLimits() const override {
    LaunchLimits result;
    std::copy(std::begin(limits::cudaMaxBlock), std::end(limits::cudaMaxBlock),
              result.maxBlockSize);
    std::copy(std::begin(limits::cudaMaxGrid), std::end(limits::cudaMaxGrid),
              result.maxGridSize);
    // sm_90's non-portable maximum (8 is portable).
    result.maxClusterBlocks = withoutClusters.empty() ? 16 : 0;
    result.withoutClusters = withoutClusters;
    return result;
  }
  std::string getTargetChip(mlir::Attribute attr) const override {
    return getNVVMTargetChip(attr);
  }
  bool acceptsObjectFormat(ObjectFormat format,
                           const OffloadTarget &target) const override {
    // compute_NN ships PTX, which cubins and MLIR's fatbinaries lack.
    return !target.ptxOnly || format == ObjectFormat::Assembly ||
           format == ObjectFormat::Bitcode;
  }
  std::string getSerializationToolkit() const override {
    return toolkit && !toolkit->libdevice.empty() ? toolkit->root : "";
  }
  std::string getDeviceDataLayout() const override {
    // With 32-bit shared, constant and local pointers (nvptx-short-ptr).
    return llvm::Triple(nvptxTriple).computeDataLayout("shortptr");
  }
  std::vector<std::string> getDeviceLibraries() const override {
    if (!toolkit || toolkit->libdevice.empty())
      return {};
    return {toolkit->libdevice};
  }

  std::unique_ptr<ImageBuilder>
  createImageBuilder(const ImageBuildContext &context,
                     ArrayRef<OffloadTarget> targets) const override {
    return std::make_unique<NVPTXImageBuilder>(*this, context, targets);
  }
  object::OffloadKind getOffloadKind() const override {
    return object::OFK_Cuda;
  }

  StringRef getSourceLanguage() const override { return "cuda"; }
  std::vector<std::string>
  getSourceCompileArgs(ArrayRef<OffloadTarget> targets) const override {
    std::string root = toolkit ? toolkit->root : "/usr/local/cuda";
    // clang warns when the toolkit is newer than the CUDA it knows.
    std::vector<std::string> args = {"--offload-new-driver", "-fgpu-rdc",
                                     "--cuda-path=" + root,
                                     "-Wno-unknown-cuda-version"};
    for (const OffloadTarget &target : targets)
      args.push_back("--offload-arch=" + target.chip);
    return args;
  }

  StringRef getRuntimeBackend() const override { return "cuda"; }
  Expected<std::vector<std::string>>
  getLinkArgs(const TargetSettings &settings) const override {
    std::string root = toolkit ? toolkit->root : "/usr/local/cuda";
    return std::vector<std::string>{"--cuda-path=" + root,
                                    "-L" + root + "/lib64", "-lcudart_static",
                                    "-ldl", "-lrt"};
  }

  /// Absent only with -### or MLIR-only phases when no toolkit exists.
  std::optional<CudaToolkit> toolkit;
  unsigned optLevel = 2;
  bool debugInfo = false;
  /// -ffp-contract=fast, CUDA's default (TargetSettings).
  bool fuseFloatOps = true;
  std::vector<std::string> ptxasArgs;
  /// -fgpu-rdc (TargetSettings).
  bool relocatableDeviceCode = false;
  /// -fgpu-flush-denormals-to-zero (TargetSettings).
  bool flushDenormals = false;
  /// The requested archs without thread block clusters (before sm_90).
  std::string withoutClusters;
};

} // namespace

/// Rejects cubin targets the toolkit's ptxas cannot assemble.
static Error checkTargetsSupported(ArrayRef<OffloadTarget> targets,
                                   const CudaToolkit &toolkit) {
  if (toolkit.major == 0)
    return Error::success();
  unsigned oldest = getOldestSupportedSM(toolkit.major, toolkit.minor);
  for (const OffloadTarget &target : targets) {
    unsigned sm = getSMVersion(target.chip);
    if (target.ptxOnly || sm >= oldest)
      continue;
    return createStringError(
        "--offload-arch=%s: the ptxas of CUDA %s at '%s' cannot build "
        "sm_%u (its oldest is sm_%u); pass --cuda-path=<dir> naming an "
        "older CUDA toolkit that supports it, or --offload-arch=compute_%u "
        "to ship PTX that the CUDA driver compiles when the program loads",
        target.arch.c_str(), toolkit.getVersionString().c_str(),
        toolkit.root.c_str(), sm, oldest, sm);
  }
  return Error::success();
}

Error NVPTXUnit::setUp(ArrayRef<OffloadTarget> targets,
                       const TargetSettings &settings, bool needTools,
                       raw_ostream *log) {
  optLevel = settings.optLevel;
  debugInfo = settings.debugInfo;
  fuseFloatOps = settings.fuseAllFloatOps.value_or(true);
  ptxasArgs = settings.ptxasArgs;
  relocatableDeviceCode = settings.relocatableDeviceCode;
  flushDenormals = settings.flushDenormals;
  // Thread block clusters are sm_90's.
  SmallVector<std::string> older;
  for (const OffloadTarget &target : targets)
    if (getSMVersion(target.chip) < 90)
      older.push_back(target.chip);
  withoutClusters = llvm::join(older, ", ");
  Expected<CudaToolkit> found = findCudaToolkit(settings.cudaPath);
  if (!found) {
    // -### and MLIR-only phases run no CUDA tool.
    if (!needTools || settings.printJobs) {
      consumeError(found.takeError());
      return Error::success();
    }
    return found.takeError();
  }
  toolkit = std::move(*found);
  if (log)
    *log << "mlirc: using CUDA " << toolkit->getVersionString() << " at "
         << toolkit->root << " (found by " << toolkit->foundBy << ")\n";
  return checkTargetsSupported(targets, *toolkit);
}

Error NVPTXImageBuilder::checkLibdevice(const SerializedObject &object) const {
  // A libdevice function left undefined: there was no libdevice to link,
  // or not a real one. ptxas would fail much later, or worse.
  std::string missing = findUndefinedLibdeviceCall(object.data);
  if (missing.empty() || context.printJobs)
    return Error::success();
  const std::optional<CudaToolkit> &toolkit = unit.toolkit;
  std::string where = toolkit ? "the CUDA toolkit at '" + toolkit->root + "'"
                              : std::string("no CUDA toolkit");
  std::string problem =
      toolkit && !toolkit->libdevice.empty()
          ? ", which the libdevice of " + where + " does not define"
          : " from libdevice, but " + where +
                " has no nvvm/libdevice/libdevice.10.bc";
  return createStringError("%s: device code for %s calls '%s'%s; pass "
                           "--cuda-path=<dir> naming a complete CUDA toolkit",
                           context.inputPath.str().c_str(), object.chip.c_str(),
                           missing.c_str(), problem.c_str());
}

Error NVPTXImageBuilder::generatePtx(
    std::vector<SerializedObject> &objects) const {
  std::vector<DeviceCodegenTask> tasks;
  std::vector<SerializedObject *> sources;
  for (SerializedObject &object : objects) {
    if (object.format != ObjectFormat::Bitcode)
      continue;
    DeviceCodegenTask task;
    task.triple = nvptxTriple.str();
    task.input = object.data;
    task.chip = object.chip;
    task.optLevel = unit.optLevel;
    task.fuseFloatOps = unit.fuseFloatOps;
    task.description = "the PTX for " + object.chip + " (gpu.binary @" +
                       object.module + " of " + context.inputPath.str() + ")";
    task.wantObject = false;
    tasks.push_back(std::move(task));
    sources.push_back(&object);
  }
  if (tasks.empty() || context.printJobs)
    return Error::success();
  // Nothing else in the process runs LLVM's passes meanwhile.
  Expected<std::vector<DeviceCodegenResult>> results = [&] {
    ScopedLLVMOptions tuning(unit.getCodegenLLVMOptions());
    return generateDeviceCode(tasks);
  }();
  if (!results)
    return results.takeError();
  for (auto [object, result] : llvm::zip(sources, *results)) {
    object->data = std::move(result.assembly);
    object->format = ObjectFormat::Assembly;
  }
  return Error::success();
}

bool NVPTXImageBuilder::isRelocatable(const SerializedObject &object) const {
  return unit.relocatableDeviceCode ||
         !findExternalDeviceSymbol(object.data).empty();
}

Job NVPTXImageBuilder::createPtxasJob(const SerializedObject &object,
                                      const OffloadTarget &target,
                                      StringRef ptxPath, StringRef cubinPath,
                                      bool relocatable) const {
  Job job;
  job.program = unit.toolkit ? unit.toolkit->ptxas : "ptxas";
  job.args = getPtxasArguments(target.chip, unit.optLevel, ptxPath.str(),
                               cubinPath.str(), relocatable);
  // -g: keep the PTX's .loc lines as line info, as nvcc -lineinfo.
  if (unit.debugInfo)
    job.args.insert(job.args.begin(), "-lineinfo");
  llvm::append_range(job.args, unit.ptxasArgs);
  job.description = "ptxas for " + target.arch + " (gpu.module @" +
                    object.module + " of " + context.inputPath.str() + ")";
  return job;
}

Error NVPTXImageBuilder::addDeviceFileJobs(ArrayRef<SerializedObject> objects,
                                           std::vector<Job> &jobs) {
  bool assembly = context.deviceOnly == DeviceOnlyOutput::Assembly;
  for (const SerializedObject &object : objects) {
    bool ptx = object.format == ObjectFormat::Assembly;
    if (ptx)
      if (Error err = checkLibdevice(object))
        return err;
    for (const OffloadTarget &target : targets) {
      if (target.chip != object.chip)
        continue;
      DeviceFile file{object.module, target.arch, "cuda-" + nvptxTriple.str(),
                      assembly ? "s" : "o", ""};
      if (object.format == ObjectFormat::Fatbin)
        return createPrebuiltObjectError(
            context, target.chip, object.module, "fatbinary",
            "--offload-device-only cannot take apart; give the gpu.binary "
            "its cubin or PTX instead");
      if (assembly && !ptx)
        return createPrebuiltObjectError(
            context, target.chip, object.module, "cubin",
            "has no PTX to write with -S --offload-device-only; use -c");
      // PTX is compute_NN's device code; a prebuilt cubin is written as is.
      if (assembly || !ptx || target.ptxOnly) {
        file.contents = object.data;
        deviceFiles.add(std::move(file));
        continue;
      }
      std::string base =
          (context.stem + "." + object.module + "." + target.arch).str();
      Expected<std::string> ptxPath =
          writeTempFile(context, base, "ptx", object.data);
      if (!ptxPath)
        return ptxPath.takeError();
      Expected<std::string> cubinPath = context.temps.create(base, "cubin");
      if (!cubinPath)
        return cubinPath.takeError();
      jobs.push_back(createPtxasJob(object, target, *ptxPath, *cubinPath,
                                    isRelocatable(object)));
      deviceFiles.addMadeAt(std::move(file), *cubinPath);
    }
  }
  return Error::success();
}

Error NVPTXImageBuilder::addJobs(ArrayRef<SerializedObject> given,
                                 std::vector<Job> &jobs) {
  const std::optional<CudaToolkit> &toolkit = unit.toolkit;
  std::vector<SerializedObject> objects(given.begin(), given.end());
  if (Error err = generatePtx(objects))
    return err;
  if (context.deviceOnly != DeviceOnlyOutput::None)
    return addDeviceFileJobs(objects, jobs);
  for (const SerializedObject &object : objects) {
    if (object.format == ObjectFormat::Assembly)
      if (Error err = checkLibdevice(object))
        return err;
    for (const OffloadTarget &target : targets) {
      if (target.chip != object.chip)
        continue;
      // fatbinary splits --image3 at commas, with no way to quote one.
      std::string base =
          (context.stem + "." + object.module + "." + target.arch).str();
      std::replace(base.begin(), base.end(), ',', '_');
      // fatbinary's sm: 90a for sm_90a, whose images it marks as such.
      std::string sm = StringRef(target.chip).drop_front(3).str();
      if (object.format == ObjectFormat::Fatbin) {
        Registered &own = registered[object.module];
        own.fatbinaries.push_back(object.data);
        own.names.push_back("the " + target.arch + " object of gpu.binary @" +
                            object.module);
        continue;
      }
      if (object.format == ObjectFormat::Binary) {
        Expected<std::string> cubin =
            writeTempFile(context, base, "cubin", object.data);
        if (!cubin)
          return cubin.takeError();
        registered[object.module].images.push_back(
            "--image3=kind=elf,sm=" + sm + ",file=" + *cubin);
        continue;
      }
      Expected<std::string> ptxPath =
          writeTempFile(context, base, "ptx", object.data);
      if (!ptxPath)
        return ptxPath.takeError();
      if (target.ptxOnly) {
        registered[object.module].images.push_back(
            "--image3=kind=ptx,sm=" + sm + ",file=" + *ptxPath);
        continue;
      }
      Expected<std::string> cubinPath = context.temps.create(base, "cubin");
      if (!cubinPath)
        return cubinPath.takeError();
      std::string description = target.arch + " (gpu.module @" + object.module +
                                " of " + context.inputPath.str() + ")";
      bool relocatable = isRelocatable(object);
      Job job =
          createPtxasJob(object, target, *ptxPath, *cubinPath, relocatable);
      if (relocatable) {
        cubins.push_back({target.arch, *cubinPath});
        linkedModules.insert(object.module);
      } else {
        // An executable cubin, which nvlink rejects: in a fatbinary the
        // object registers itself, as nvcc's and clang's without -rdc.
        Expected<std::string> fatbin = context.temps.create(base, "fatbin");
        if (!fatbin)
          return fatbin.takeError();
        Job wrap;
        wrap.program = toolkit ? toolkit->fatbinary : "fatbinary";
        wrap.args = {"-64", "--create", *fatbin,
                     "--image3=kind=elf,sm=" + sm + ",file=" + *cubinPath};
        wrap.description = "fatbinary for " + description;
        job.then.push_back(std::move(wrap));
        registered[object.module].wholeProgramPaths.push_back(*fatbin);
      }
      jobs.push_back(std::move(job));
    }
  }
  for (auto &[module, own] : registered) {
    if (own.images.empty())
      continue;
    Expected<std::string> fatbin =
        context.temps.create((context.stem + "." + module).str(), "fatbin");
    if (!fatbin)
      return fatbin.takeError();
    Job job;
    job.program = toolkit ? toolkit->fatbinary : "fatbinary";
    job.args = {"-64", "--create", *fatbin};
    llvm::append_range(job.args, own.images);
    job.description = "fatbinary for the device code that gpu.module @" +
                      module + " of " + context.inputPath.str() +
                      " registers itself";
    jobs.push_back(std::move(job));
    own.path = *fatbin;
  }
  return Error::success();
}

Error NVPTXImageBuilder::collectImages(std::vector<DeviceImage> &images) {
  for (const auto &[arch, path] : cubins) {
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return createStringError(buffer.getError(), "cannot read '%s'",
                               path.c_str());
    DeviceImage image;
    image.offloadKind = object::OFK_Cuda;
    image.imageKind = object::IMG_Cubin;
    image.triple = nvptxTriple.str();
    image.arch = arch;
    image.data = std::move(*buffer);
    images.push_back(std::move(image));
  }
  return Error::success();
}

Error NVPTXImageBuilder::finishHostModule(Module &module,
                                          const KernelList &kernels) {
  for (auto &[gpuModule, own] : registered) {
    std::vector<std::string> fatbinaries;
    std::vector<std::string> names;
    auto read = [&](const std::string &path) -> Error {
      auto buffer = MemoryBuffer::getFile(path);
      if (!buffer)
        return createStringError(buffer.getError(), "cannot read '%s'",
                                 path.c_str());
      fatbinaries.push_back((*buffer)->getBuffer().str());
      names.push_back("'" + path + "'");
      return Error::success();
    };
    // Cubins first: the runtime prefers them to PTX for the same GPU.
    for (const std::string &path : own.wholeProgramPaths)
      if (Error err = read(path))
        return err;
    llvm::append_range(fatbinaries, own.fatbinaries);
    llvm::append_range(names, own.names);
    if (!own.path.empty())
      if (Error err = read(own.path))
        return err;
    std::string merged;
    if (fatbinaries.size() == 1) {
      merged = std::move(fatbinaries.front());
    } else {
      Expected<std::string> result = mergeFatbinaries(fatbinaries, names);
      if (!result)
        return createStringError("%s: %s", context.inputPath.str().c_str(),
                                 toString(result.takeError()).c_str());
      merged = std::move(*result);
    }
    if (Error err = registerOwnFatbinary(
            module, object::OFK_Cuda,
            ArrayRef<char>(merged.data(), merged.size()),
            kernels.getKernelsOf(gpuModule), kernels.getSymbolSuffix(gpuModule),
            !hasLinkedImages(gpuModule)))
      return err;
  }
  return Error::success();
}

std::unique_ptr<TargetUnit> mlirc::createNVPTXUnit() {
  return std::make_unique<NVPTXUnit>();
}
