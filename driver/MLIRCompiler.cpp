//===- MLIRCompiler.cpp - One .mlir input to its requested output ---------===//
//
// Parse, run the pipeline phase by phase (dumping each for -save-temps or
// --compile-to), hand the PTX of each gpu.binary to ptxas jobs, translate
// the host to LLVM IR, embed the device images as OffloadBinaries with one
// offload entry per kernel, and emit the host code in-process.
//
//===----------------------------------------------------------------------===//

#include "driver/MLIRCompiler.h"
#include "driver/OutputFile.h"
#include "pipeline/Pipeline.h"
#include "targets/host/HostCodegen.h"
#include "targets/nvptx/NVPTXTarget.h"
#include "targets/offload/OffloadPacker.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeReader.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"
#include <map>

using namespace llvm;
using namespace mlirc;

/// An error whose diagnostics were already printed at their location.
static Error diagnosticsReported() {
  return createStringError(inconvertibleErrorCode(), "");
}

Error mlirc::parseBackendOptions(const DriverOptions &options) {
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  if (options.mllvmArgs.empty() && options.mmlirArgs.empty())
    return Error::success();
  std::vector<const char *> argv = {"mlirc"};
  for (const std::string &arg : options.mllvmArgs)
    argv.push_back(arg.c_str());
  for (const std::string &arg : options.mmlirArgs)
    argv.push_back(arg.c_str());
  std::string errors;
  raw_string_ostream os(errors);
  if (!cl::ParseCommandLineOptions(argv.size(), argv.data(), "mlirc", &os))
    return createStringError("invalid -mllvm/-mmlir option: %s",
                             StringRef(errors).trim().str().c_str());
  return Error::success();
}

namespace {

/// The PTX of one gpu.module for one chip.
struct DeviceObject {
  std::string module;
  std::string chip;
  std::string ptx;
};

/// One .mlir compilation.
class MLIRCompilation {
public:
  MLIRCompilation(StringRef inputPath, StringRef outputPath, Phase finalPhase,
                  const CompileSettings &settings)
      : inputPath(inputPath), outputPath(outputPath), finalPhase(finalPhase),
        settings(settings), options(settings.options) {
    stem = sys::path::stem(inputPath).str();
  }

  Error run();

private:
  Error parse();
  Error runPhase(Phase phase);
  Error writeMLIR(StringRef path);
  void collectKernels();
  Error collectDeviceObjects();
  Error saveDeviceLLVM();
  Error buildDeviceImages(std::vector<DeviceImage> &images);
  Error emitHost();

  PipelineOptions getPipelineOptions() const;

  StringRef inputPath, outputPath;
  Phase finalPhase;
  const CompileSettings &settings;
  const DriverOptions &options;
  std::string stem;
  std::string programId;

  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  llvm::SourceMgr sourceMgr;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  /// Kernel names, and the gpu.module of each.
  std::vector<std::string> kernels;
  std::vector<std::string> kernelModules;
  std::vector<DeviceObject> deviceObjects;
  /// Per gpu.module, the PTX-only fatbinary built for compute_NN targets.
  std::vector<std::pair<std::string, std::string>> ptxFatbinaries;
};

} // namespace

PipelineOptions MLIRCompilation::getPipelineOptions() const {
  PipelineOptions pipeline;
  pipeline.optLevel = options.optLevel;
  pipeline.targets = settings.targets;
  if (settings.toolkit && !settings.toolkit->libdevice.empty())
    pipeline.cudaPath = settings.toolkit->root;
  pipeline.programId = programId;
  return pipeline;
}

Error MLIRCompilation::parse() {
  std::string error;
  std::unique_ptr<MemoryBuffer> buffer = mlir::openInputFile(inputPath, &error);
  if (!buffer)
    return createStringError("cannot open input file '%s': %s",
                             inputPath.str().c_str(), error.c_str());
  programId = utohexstr(xxh3_64bits(buffer->getBuffer()), true, 16);
  sourceMgr.AddNewSourceBuffer(std::move(buffer), SMLoc());
  module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, &context);
  if (!module)
    return diagnosticsReported();
  return Error::success();
}

Error MLIRCompilation::writeMLIR(StringRef path) {
  return writeOutputFile(path, [&](raw_pwrite_stream &os) {
    module->print(os);
    os << '\n';
    return Error::success();
  });
}

Error MLIRCompilation::saveDeviceLLVM() {
  // Serializing a copy to LLVM bitcode shows the device module per target
  // after libdevice is linked, next to the PTX the real pipeline produces.
  mlir::OwningOpRef<mlir::ModuleOp> copy = module->clone();
  mlir::PassManager pm(&context);
  PipelineOptions pipeline = getPipelineOptions();
  pipeline.deviceFormat = "llvm";
  populateBinaryPasses(pm, pipeline);
  if (mlir::failed(pm.run(*copy)))
    return diagnosticsReported();
  for (auto binary : copy->getOps<mlir::gpu::BinaryOp>()) {
    for (mlir::Attribute attr : binary.getObjects()) {
      auto object = cast<mlir::gpu::ObjectAttr>(attr);
      std::string chip = getNVVMTargetChip(object.getTarget());
      LLVMContext llvmContext;
      Expected<std::unique_ptr<Module>> device = parseBitcodeFile(
          MemoryBufferRef(object.getObject().getValue(), chip), llvmContext);
      if (!device)
        return device.takeError();
      std::string path = settings.temps.keptPath(
          stem + "." + binary.getName().str() + "." + chip + ".ll");
      if (Error err = writeOutputFile(path, [&](raw_pwrite_stream &os) {
            (*device)->print(os, nullptr);
            return Error::success();
          }))
        return err;
    }
  }
  return Error::success();
}

Error MLIRCompilation::runPhase(Phase phase) {
  mlir::PassManager pm(&context);
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return diagnosticsReported();
  PipelineOptions pipeline = getPipelineOptions();
  switch (phase) {
  case Phase::Outlined:
    populateOutlinePasses(pm, pipeline);
    break;
  case Phase::Device:
    populateDevicePasses(pm, pipeline);
    break;
  case Phase::Binary:
    populateBinaryPasses(pm, pipeline);
    break;
  case Phase::Host:
    populateHostPasses(pm, pipeline);
    break;
  default:
    llvm_unreachable("not an MLIR pipeline phase");
  }
  if (mlir::failed(pm.run(*module)))
    return diagnosticsReported();
  return Error::success();
}

void MLIRCompilation::collectKernels() {
  StringRef kernelAttr = mlir::gpu::GPUDialect::getKernelFuncAttrName();
  module->walk([&](mlir::gpu::GPUModuleOp gpuModule) {
    for (mlir::Operation &op : gpuModule.getBody()->getOperations())
      if (op.hasAttr(kernelAttr))
        if (auto name = op.getAttrOfType<mlir::StringAttr>(
                mlir::SymbolTable::getSymbolAttrName())) {
          kernels.push_back(name.str());
          kernelModules.push_back(gpuModule.getName().str());
        }
  });
}

Error MLIRCompilation::collectDeviceObjects() {
  for (auto binary : module->getOps<mlir::gpu::BinaryOp>()) {
    for (mlir::Attribute attr : binary.getObjects()) {
      auto object = cast<mlir::gpu::ObjectAttr>(attr);
      std::string chip = getNVVMTargetChip(object.getTarget());
      if (chip.empty())
        continue;
      std::string ptx = object.getObject().str();
      // A libdevice function left undefined: there was no libdevice to
      // link, or not a real one. ptxas would fail much later, or worse.
      std::string missing = findUndefinedLibdeviceCall(ptx);
      if (!missing.empty() && !options.printJobs) {
        std::string toolkit =
            settings.toolkit
                ? "the CUDA toolkit at '" + settings.toolkit->root + "'"
                : std::string("no CUDA toolkit");
        std::string problem =
            settings.toolkit && !settings.toolkit->libdevice.empty()
                ? ", which the libdevice of " + toolkit + " does not define"
                : " from libdevice, but " + toolkit +
                      " has no nvvm/libdevice/libdevice.10.bc";
        return createStringError(
            "%s: device code for %s calls '%s'%s; pass --cuda-path=<dir> "
            "naming a complete CUDA toolkit",
            inputPath.str().c_str(), chip.c_str(), missing.c_str(),
            problem.c_str());
      }
      deviceObjects.push_back({binary.getName().str(), chip, std::move(ptx)});
    }
  }
  return Error::success();
}

Error MLIRCompilation::buildDeviceImages(std::vector<DeviceImage> &images) {
  struct PendingCubin {
    std::string arch;
    std::string path;
  };
  std::vector<Job> jobs;
  std::vector<PendingCubin> cubins;
  // gpu.module -> fatbinary --image3 arguments of its compute_NN PTX.
  std::map<std::string, std::vector<std::string>> ptxImages;
  for (const DeviceObject &object : deviceObjects) {
    for (const OffloadTarget &target : settings.targets) {
      if (target.chip != object.chip)
        continue;
      std::string base = stem + "." + object.module + "." + target.arch;
      Expected<std::string> ptxPath = settings.temps.create(base, "ptx");
      if (!ptxPath)
        return ptxPath.takeError();
      if (!options.printJobs) {
        if (Error err = writeOutputFile(*ptxPath, [&](raw_pwrite_stream &os) {
              os << object.ptx;
              return Error::success();
            }))
          return err;
      }
      if (target.ptxOnly) {
        ptxImages[object.module].push_back(
            "--image3=kind=ptx,sm=" +
            std::to_string(getSMVersion(target.chip)) + ",file=" + *ptxPath);
        continue;
      }
      Expected<std::string> cubinPath = settings.temps.create(base, "cubin");
      if (!cubinPath)
        return cubinPath.takeError();
      Job job;
      job.program = settings.toolkit ? settings.toolkit->ptxas : "ptxas";
      job.args = getPtxasArguments(target.chip, options.optLevel, *ptxPath,
                                   *cubinPath);
      job.description = "ptxas for " + target.arch + " (gpu.module @" +
                        object.module + " of " + inputPath.str() + ")";
      jobs.push_back(std::move(job));
      cubins.push_back({target.arch, *cubinPath});
    }
  }
  for (auto &[module, images] : ptxImages) {
    Expected<std::string> fatbin =
        settings.temps.create(stem + "." + module, "fatbin");
    if (!fatbin)
      return fatbin.takeError();
    Job job;
    job.program = settings.toolkit ? settings.toolkit->fatbinary : "fatbinary";
    job.args = {"-64", "--create", *fatbin};
    llvm::append_range(job.args, images);
    job.description = "fatbinary for the PTX of gpu.module @" + module +
                      " of " + inputPath.str();
    jobs.push_back(std::move(job));
    ptxFatbinaries.push_back({module, *fatbin});
  }
  if (Error err = runJobs(jobs, settings.jobOptions))
    return err;
  if (options.printJobs)
    return Error::success();
  for (const PendingCubin &cubin : cubins) {
    auto buffer = MemoryBuffer::getFile(cubin.path);
    if (!buffer)
      return createStringError(buffer.getError(), "cannot read '%s'",
                               cubin.path.c_str());
    DeviceImage image;
    image.imageKind = object::IMG_Cubin;
    image.triple = nvptxTriple.str();
    image.arch = cubin.arch;
    image.data = std::move(*buffer);
    images.push_back(std::move(image));
  }
  return Error::success();
}

Error MLIRCompilation::emitHost() {
  Expected<std::unique_ptr<TargetMachine>> machine =
      createHostTargetMachine(options.optLevel, options.hostCpu);
  if (!machine)
    return machine.takeError();

  std::vector<DeviceImage> images;
  if (Error err = buildDeviceImages(images))
    return err;
  if (options.printJobs)
    return Error::success();

  LLVMContext llvmContext;
  std::unique_ptr<Module> llvmModule =
      mlir::translateModuleToLLVMIR(*module, llvmContext, stem);
  if (!llvmModule)
    return diagnosticsReported();
  prepareHostModule(*llvmModule, **machine);
  giveMainAnExitStatus(*llvmModule);

  std::vector<SmallString<0>> binaries;
  for (const DeviceImage &image : images)
    binaries.push_back(packOffloadBinary(image));
  // Kernels are registered through clang-linker-wrapper only when there are
  // cubins for it to link.
  embedOffloadBinaries(*llvmModule, binaries,
                       binaries.empty() ? ArrayRef<std::string>()
                                        : ArrayRef<std::string>(kernels),
                       object::OFK_Cuda);
  for (const auto &[gpuModule, path] : ptxFatbinaries) {
    auto buffer = MemoryBuffer::getFile(path);
    if (!buffer)
      return createStringError(buffer.getError(), "cannot read '%s'",
                               path.c_str());
    std::vector<std::string> moduleKernels;
    for (auto [kernel, owner] : llvm::zip(kernels, kernelModules))
      if (owner == gpuModule)
        moduleKernels.push_back(kernel);
    std::string suffix = gpuModule + "_" + programId;
    for (char &c : suffix)
      if (!isAlnum(c))
        c = '_';
    if (Error err =
            registerPtxFatbinary(*llvmModule,
                                 ArrayRef<char>((*buffer)->getBufferStart(),
                                                (*buffer)->getBufferSize()),
                                 moduleKernels, suffix))
      return err;
  }
  if (settings.temps.keepsFiles()) {
    std::string packed = settings.temps.keptPath(stem + ".offload");
    if (Error err = writeOutputFile(packed, [&](raw_pwrite_stream &os) {
          for (const SmallString<0> &binary : binaries)
            os << binary;
          return Error::success();
        }))
      return err;
    if (Error err = writeOutputFile(settings.temps.keptPath(stem + ".host.ll"),
                                    [&](raw_pwrite_stream &os) {
                                      llvmModule->print(os, nullptr);
                                      return Error::success();
                                    }))
      return err;
  }

  optimizeHostModule(*llvmModule, **machine, options.optLevel);
  return writeOutputFile(outputPath, [&](raw_pwrite_stream &os) -> Error {
    if (finalPhase == Phase::LLVM) {
      llvmModule->print(os, nullptr);
      return Error::success();
    }
    return emitHostCode(*llvmModule, **machine, finalPhase == Phase::Asm, os);
  });
}

Error MLIRCompilation::run() {
  mlir::DialectRegistry registry;
  registerPipelineDialects(registry);
  context.appendDialectRegistry(registry);
  // Errors name the file, line and column; a dump of the op (a whole kernel,
  // say) in generic form would only bury them.
  context.printOpOnDiagnostic(false);
  mlir::SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);

  if (Error err = parse())
    return err;
  if (settings.temps.keepsFiles() && !options.printJobs)
    if (Error err = writeMLIR(settings.temps.keptPath(stem + ".input.mlir")))
      return err;

  for (Phase phase :
       {Phase::Outlined, Phase::Device, Phase::Binary, Phase::Host}) {
    if (finalPhase < phase)
      break;
    if (phase == Phase::Binary) {
      collectKernels();
      if (settings.temps.keepsFiles() && !options.printJobs)
        if (Error err = saveDeviceLLVM())
          return err;
    }
    if (Error err = runPhase(phase))
      return err;
    if (phase == Phase::Binary)
      if (Error err = collectDeviceObjects())
        return err;
    if (settings.temps.keepsFiles() && !options.printJobs)
      if (Error err = writeMLIR(settings.temps.keptPath(
              stem + "." + getPhaseName(phase).str() + ".mlir")))
        return err;
  }
  if (isMLIRPhase(finalPhase))
    return options.printJobs ? Error::success() : writeMLIR(outputPath);
  return emitHost();
}

Error mlirc::compileMLIRFile(StringRef inputPath, StringRef outputPath,
                             Phase finalPhase,
                             const CompileSettings &settings) {
  MLIRCompilation compilation(inputPath, outputPath, finalPhase, settings);
  return compilation.run();
}
