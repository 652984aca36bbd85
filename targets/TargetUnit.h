//===- TargetUnit.h - What every device target provides ---------*- C++ -*-===//
//
// A target unit is one kind of device mlirc compiles for (NVIDIA, AMD, the
// host CPU). The driver and the pipeline reach targets only through this
// interface: spelling and detecting architectures, finding a toolkit,
// lowering and serializing gpu.modules, the jobs that turn serialized code
// into offload images, and what the link needs. Units register in
// TargetRegistry.cpp.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_TARGETUNIT_H
#define MLIRC_TARGETS_TARGETUNIT_H

#include "mlir/IR/Attributes.h"
#include "runtime/DeviceLimits.h"
#include "support/Jobs.h"
#include "support/ScopedLLVMOptions.h"
#include "targets/OffloadTarget.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/Error.h"
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <vector>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir {
class DialectRegistry;
class MLIRContext;
class OpPassManager;
} // namespace mlir

namespace mlirc {

struct DeviceImage;
struct GpuModuleLoweringOptions;

/// Command-line settings a unit may read.
struct TargetSettings {
  /// --offload-arch values, split at commas; empty for the default.
  std::vector<std::string> offloadArchs;
  unsigned optLevel = 2;
  /// -g.
  bool debugInfo = false;
  /// --cuda-path=, --rocm-path=: empty when not given.
  std::string cudaPath;
  std::string rocmPath;
  /// -mcode-object-version=N for AMD code objects; 0 when not given.
  unsigned codeObjectVersion = 0;
  /// -Xcuda-ptxas: appended to every ptxas command.
  std::vector<std::string> ptxasArgs;
  /// -fgpu-rdc: NVIDIA device code is relocatable, device-linked at the
  /// final link; else each gpu.module is a whole program, as clang's and
  /// nvcc's default.
  bool relocatableDeviceCode = false;
  /// -munsafe-fp-atomics: AMD float atomics touch device memory only and
  /// may flush denormals.
  bool unsafeFloatAtomics = false;
  /// -f[no-]atomic-remote-memory: AMD atomics may touch host or peer
  /// memory (the default: host_shared and host_register memory is host
  /// memory).
  bool atomicRemoteMemory = true;
  /// -###: nothing runs, so a missing toolkit is no error.
  bool printJobs = false;
  /// Device code's float model: f32 denormals flushed to zero
  /// (-fgpu-flush-denormals-to-zero, -ffast-math), approximate math
  /// functions, division and square root (-fapprox-func), no NaNs or
  /// infinities (-ffinite-math-only).
  bool flushDenormals = false;
  bool approxFunc = false;
  bool finiteMath = false;
  /// Whether any multiply and add of device code may fuse into an FMA,
  /// those of the device libraries (libdevice, ocml) too, as clang's
  /// AllowFPOpFusion=Fast: -ffp-contract=fast and the fast models say yes,
  /// on, off and fast-honor-pragmas no (only ops with the contract flag
  /// fuse). Unset: the target's default, clang's for its language (CUDA:
  /// fast, so yes; HIP: fast-honor-pragmas, so no).
  std::optional<bool> fuseAllFloatOps;
};

/// What a #gpu.object holds, as gpu-module-to-binary's `format` option
/// names it: isa, bin, fatbin, llvm.
enum class ObjectFormat { Assembly, Binary, Fatbin, Bitcode };

/// The device code of one gpu.module serialized for one target attribute.
struct SerializedObject {
  /// The gpu.module, for file names and messages.
  std::string module;
  /// The chip the target attribute names.
  std::string chip;
  /// What serialization produced (PTX, AMDGPU assembly, ...).
  std::string data;
  /// Serialized by mlirc, or prebuilt: a gpu.binary of the input.
  ObjectFormat format = ObjectFormat::Assembly;
  /// The gpu.object's string properties (what a unit's lowering recorded
  /// for its runtime).
  std::map<std::string, std::string> properties;
};

/// What --offload-device-only writes instead of offload images.
enum class DeviceOnlyOutput {
  None,     ///< images for the host object, as usual
  Assembly, ///< -S: the device assembly (PTX, AMDGPU assembly, SPIR-V text)
  Object,   ///< -c: the device object (cubin, AMDGPU code object, SPIR-V)
};

/// What one .mlir compilation hands a unit to build its images.
struct ImageBuildContext {
  llvm::StringRef inputPath;
  /// The input's file name without extension: intermediates are named
  /// `<stem>.<module>.<arch>.<suffix>`.
  llvm::StringRef stem;
  TempFiles &temps;
  /// -###: jobs are printed, not run, so no file may be read or written.
  bool printJobs;
  DeviceOnlyOutput deviceOnly = DeviceOnlyOutput::None;
};

/// The error for the \p chip object of gpu.binary @\p module, a prebuilt
/// \p what, that --offload-device-only cannot write: \p why says why and
/// what to do.
llvm::Error createPrebuiltObjectError(const ImageBuildContext &context,
                                      llvm::StringRef chip,
                                      llvm::StringRef module,
                                      llvm::StringRef what,
                                      llvm::StringRef why);

/// The device code of one gpu.module for one arch, as --offload-device-only
/// writes it.
struct DeviceFile {
  std::string module;
  std::string arch;
  /// clang's name for the device side: `cuda-nvptx64-nvidia-cuda`, ...
  std::string offloadName;
  /// The file name's extension: s, o, spv, spvasm.
  std::string extension;
  std::string contents;
};

/// The kernels of one compilation and the gpu.module each belongs to.
struct KernelList {
  std::vector<std::string> names;
  std::vector<std::string> modules;
  /// Distinguishes this compilation's symbols in the linked program.
  std::string programId;

  /// The kernels of gpu.module (or gpu.binary) \p module.
  std::vector<std::string> getKernelsOf(llvm::StringRef module) const;
  /// A suffix for symbols emitted for \p module, unique in the program.
  std::string getSymbolSuffix(llvm::StringRef module) const;
};

/// Turns one compilation's serialized objects into offload images, for one
/// unit. Jobs of every unit run together, in parallel.
class ImageBuilder {
public:
  virtual ~ImageBuilder() = default;
  /// Appends the jobs that make the images from \p objects (the unit's own)
  /// to \p jobs.
  virtual llvm::Error addJobs(llvm::ArrayRef<SerializedObject> objects,
                              std::vector<Job> &jobs) = 0;
  /// After the jobs ran: appends the images to pack into the host object.
  virtual llvm::Error collectImages(std::vector<DeviceImage> &images) = 0;
  /// True when \p module (a gpu.module or gpu.binary) has images among
  /// those collected, which the final link registers through offload
  /// entries; images the host module registers itself have none.
  virtual bool hasLinkedImages(llvm::StringRef module) const { return true; }
  /// --offload-device-only, after the jobs ran: appends the device code
  /// itself (the context says which form), instead of images.
  virtual llvm::Error collectDeviceFiles(std::vector<DeviceFile> &files) = 0;
  /// Adds what else the host module needs to reach the device code.
  virtual llvm::Error finishHostModule(llvm::Module &module,
                                       const KernelList &kernels) {
    return llvm::Error::success();
  }
};

/// What the inputs of a link carry.
struct LinkInputContents {
  /// Offload kinds of the images in `.llvm.offloading` sections.
  std::set<llvm::object::OffloadKind> offloadKinds;
  /// Calls registering host-target kernels.
  bool hostKernels = false;
  /// Sections named `mlirc_*` (device images a unit's runtime finds).
  std::set<std::string> sections;
};

/// The largest launch a kind of device runs.
struct LaunchLimits {
  int64_t maxThreadsPerBlock = limits::maxThreadsPerBlock;
  int64_t maxBlockSize[3] = {limits::amdMaxBlock[0], limits::amdMaxBlock[1],
                             limits::amdMaxBlock[2]};
  int64_t maxGridSize[3] = {limits::amdMaxGrid[0], limits::amdMaxGrid[1],
                            limits::amdMaxGrid[2]};
  /// Blocks in one thread block cluster; 0: the target has no clusters.
  int64_t maxClusterBlocks = 0;
  /// Without clusters: which of the requested archs lack them, for the
  /// message (else the unit's name says it).
  std::string withoutClusters;
};

/// One kind of device target.
class TargetUnit {
public:
  virtual ~TargetUnit() = default;

  /// A short name for messages and -v ("NVIDIA", "AMD", "host").
  virtual llvm::StringRef getName() const = 0;

  /// True when \p arch is spelled like one of this unit's architectures
  /// (sm_*, gfx*, host), valid or not.
  virtual bool claimsArch(llvm::StringRef arch) const = 0;
  /// Parses one --offload-arch value this unit claims.
  virtual llvm::Expected<OffloadTarget>
  parseArch(llvm::StringRef arch) const = 0;
  /// The architectures of this machine's devices (`native`).
  virtual std::vector<std::string> detectNativeArchs() const { return {}; }
  /// The architecture used when no flag is given and no device is found
  /// (and whose runtime a program without device code links); empty for
  /// all units but one.
  virtual std::string getFallbackArch() const { return ""; }
  /// Every architecture the unit's installed toolkit builds
  /// (--offload-arch=all); empty when none is installed.
  virtual std::vector<std::string>
  listAllArchs(const TargetSettings &settings) const {
    return {};
  }
  /// The spellings the --offload-arch error lists as examples.
  virtual llvm::StringRef getArchExamples() const = 0;

  /// Finds what the unit needs for \p targets (its own); \p needTools says
  /// whether something will run with it. Prints what it found to \p log
  /// (-v) when that is not null.
  virtual llvm::Error setUp(llvm::ArrayRef<OffloadTarget> targets,
                            const TargetSettings &settings, bool needTools,
                            llvm::raw_ostream *log) {
    return llvm::Error::success();
  }

  /// Registers the dialect extensions the unit's target attributes need
  /// (their TargetAttrInterface models).
  virtual void registerDialects(mlir::DialectRegistry &registry) const {}
  /// Registers the unit's own passes by name, for mlirc-opt.
  virtual void registerPasses() const {}
  /// LLVM command-line options the unit's code generation reads (for
  /// NVIDIA, libdevice's square-root switch), parsed with -mllvm's.
  virtual std::vector<std::string>
  getBackendOptions(const TargetSettings &settings) const {
    return {};
  }

  /// True when device code is lowered per gpu.module and serialized (GPU
  /// units); the host unit rewrites kernels into host code instead.
  virtual bool hasDeviceModules() const { return true; }
  /// The dialect of this target's own intrinsics in kernels (nvvm, rocdl),
  /// which no other target compiles; empty for none.
  virtual llvm::StringRef getIntrinsicDialect() const { return ""; }
  /// The dialects whose ops only this unit compiles (nvvm and nvgpu),
  /// which the input check rejects when another unit is asked for.
  virtual std::vector<llvm::StringRef> getOwnDialects() const { return {}; }
  /// True when \p opName, of one of the unit's own dialects, is host code
  /// that makes something for the unit's kernels (a TMA descriptor).
  virtual bool isHostOp(llvm::StringRef opName) const { return false; }
  /// True when the unit's runtime computes the gpu dialect's sparse library
  /// ops (gpu.spmv, gpu.spmm, ...; cuSPARSE's on CUDA).
  virtual bool runsSparseLibraryOps() const { return false; }
  /// Device lowering. GPU units add passes anchored on gpu.module, which
  /// run on the modules carrying this unit's target attributes; the host
  /// unit adds module passes that run before every GPU unit's.
  virtual void populateDevicePasses(mlir::OpPassManager &pm,
                                    llvm::ArrayRef<OffloadTarget> targets,
                                    bool gpuTargetsToo) const = 0;
  /// What a launch may ask for; constant launch sizes beyond it are errors.
  virtual LaunchLimits getLaunchLimits() const { return {}; }
  /// The widest float kernels compute on: GPUs have none wider than 64
  /// bits (LLVM's GPU back ends abort on f128 arithmetic).
  virtual unsigned getMaxFloatWidth() const { return 64; }
  /// The options of the gpu.module lowering GPU units share: this unit's
  /// name, intrinsic dialect and launch limits, and \p subgroupSize.
  GpuModuleLoweringOptions getLoweringOptions(unsigned subgroupSize = 32) const;
  /// True when every one of \p targets (this unit's) compiles
  /// gpu.subgroup_mma_* on 16x16x16 f16 matrices with f16 or f32
  /// accumulators, the form mlirc makes of uniform vector contractions.
  virtual bool
  compilesSubgroupMma(llvm::ArrayRef<OffloadTarget> targets) const {
    return false;
  }
  /// Passes that lower this target's own ops in host code (nvgpu's TMA
  /// descriptors), before the host conversion.
  virtual void populateHostPreLowering(mlir::OpPassManager &pm) const {}
  /// Passes that run on the host module after launches are lowered.
  virtual void populateHostPasses(mlir::OpPassManager &pm) const {}
  /// One target attribute per distinct chip of \p targets.
  virtual llvm::SmallVector<mlir::Attribute>
  getTargetAttrs(mlir::MLIRContext *context,
                 llvm::ArrayRef<OffloadTarget> targets,
                 unsigned optLevel) const {
    return {};
  }
  /// True when each chip needs a gpu.module of its own because its
  /// lowering differs (AMD wave sizes); else one module carries every
  /// chip's target attribute.
  virtual bool lowersPerChip() const { return false; }
  /// The chip of \p attr when it is one of this unit's, else empty; with
  /// features, as the unit spells them (gfx90a:xnack-).
  virtual std::string getTargetChip(mlir::Attribute attr) const { return ""; }
  /// The toolkit directory MLIR's serialization reads device libraries
  /// from.
  virtual std::string getSerializationToolkit() const { return ""; }
  /// The LLVM data layout of this unit's device code, which MLIR's
  /// serialization translates its modules with; empty for none.
  virtual std::string getDeviceDataLayout() const { return ""; }
  /// The toolkit files device code is linked with (libdevice, ocml, ...),
  /// for dependency files (-MD).
  virtual std::vector<std::string> getDeviceLibraries() const { return {}; }
  /// LLVM options MLIR's serialization of this unit's modules runs with,
  /// where the user gave none of their own (-mllvm).
  virtual std::vector<LLVMOptionValue> getSerializationLLVMOptions() const {
    return {};
  }
  /// Changes a device module's linked LLVM IR before MLIR's serialization
  /// optimizes it.
  virtual void prepareLinkedIR(llvm::Module &module) const {}
  /// Changes a device module's optimized LLVM IR for \p chip before MLIR's
  /// serialization generates code from it.
  virtual void prepareOptimizedIR(llvm::Module &module,
                                  llvm::StringRef chip) const {}
  /// True when serialization should stop at linked, optimized LLVM
  /// bitcode (the unit generates code itself), else it produces assembly.
  virtual bool serializesToBitcode() const { return false; }
  /// True when the unit builds \p target's images from a prebuilt object in
  /// \p format (a gpu.binary of the input).
  virtual bool acceptsObjectFormat(ObjectFormat format,
                                   const OffloadTarget &target) const {
    return format == (serializesToBitcode() ? ObjectFormat::Bitcode
                                            : ObjectFormat::Assembly);
  }

  /// The builder of one compilation's images for \p targets.
  virtual std::unique_ptr<ImageBuilder>
  createImageBuilder(const ImageBuildContext &context,
                     llvm::ArrayRef<OffloadTarget> targets) const {
    return nullptr;
  }
  /// The offload kind of the unit's images and entries; OFK_None when it
  /// has none.
  virtual llvm::object::OffloadKind getOffloadKind() const {
    return llvm::object::OFK_None;
  }

  /// The runtime backend the program needs for this unit ("cuda", "hip",
  /// "vulkan", "host").
  virtual llvm::StringRef getRuntimeBackend() const = 0;
  /// True when a link of inputs carrying \p contents needs this unit's
  /// runtime backend: images of its offload kind for the offload linker, or
  /// code an object registers itself.
  virtual bool isCarriedBy(const LinkInputContents &contents) const;
  /// The language clang compiles this unit's GPU sources as (cuda for .cu,
  /// hip for .hip); empty for none.
  virtual llvm::StringRef getSourceLanguage() const { return ""; }
  /// clang's arguments compiling such a source for \p targets (its own),
  /// so that its objects link with mlirc's (new offload driver, -fgpu-rdc).
  virtual std::vector<std::string>
  getSourceCompileArgs(llvm::ArrayRef<OffloadTarget> targets) const {
    return {};
  }
  /// What a link that compiles such a source needs besides getLinkArgs.
  virtual std::vector<std::string> getSourceLinkArgs() const { return {}; }
  /// Arguments the link needs for this unit (runtime libraries, paths).
  virtual llvm::Expected<std::vector<std::string>>
  getLinkArgs(const TargetSettings &settings) const {
    return std::vector<std::string>();
  }
};

/// How TargetUnit::getTargetChip spells \p target's chip: the chip, then
/// its features after a colon when it has any.
inline std::string getChipKey(const OffloadTarget &target) {
  return target.features.empty() ? target.chip
                                 : target.chip + ":" + target.features;
}

/// Creates the intermediate `<base>.<suffix>` of \p context and, unless
/// jobs are only printed, writes \p contents to it.
llvm::Expected<std::string> writeTempFile(const ImageBuildContext &context,
                                          llvm::StringRef base,
                                          llvm::StringRef suffix,
                                          llvm::StringRef contents);

/// The files an ImageBuilder writes for --offload-device-only: those it
/// has, and those its jobs make.
class DeviceFileList {
public:
  void add(DeviceFile file) { files.push_back({std::move(file), ""}); }
  /// \p file's contents are what a job writes to \p path.
  void addMadeAt(DeviceFile file, std::string path) {
    files.push_back({std::move(file), std::move(path)});
  }
  /// After the jobs ran: moves the files to \p out.
  llvm::Error collect(std::vector<DeviceFile> &out);

private:
  std::vector<std::pair<DeviceFile, std::string>> files;
};

/// The targets in \p targets that belong to \p unit.
std::vector<OffloadTarget> getTargetsOf(llvm::ArrayRef<OffloadTarget> targets,
                                        const TargetUnit &unit);

} // namespace mlirc

#endif // MLIRC_TARGETS_TARGETUNIT_H
