//===- MLIRCompiler.cpp - One .mlir input to its requested output ---------===//
//
// Parse, run the pipeline phase by phase (dumping each for -save-temps or
// --compile-to), hand what each gpu.binary holds to its target unit's jobs
// (ptxas, ...), translate the host to LLVM IR, embed the device images as
// OffloadBinaries with one offload entry per kernel and offload kind, and
// emit the host code in-process.
//
//===----------------------------------------------------------------------===//

#include "driver/MLIRCompiler.h"
#include "compiler/HostCodegen.h"
#include "compiler/HostCpuFeatures.h"
#include "compiler/HostPartitions.h"
#include "compiler/Passes.h"
#include "compiler/Pipeline.h"
#include "driver/DeviceOnlyFiles.h"
#include "driver/DiagnosticPrinter.h"
#include "driver/EntryPointResult.h"
#include "driver/HostObjectParts.h"
#include "driver/KnownParserCrashes.h"
#include "driver/PassInstrumentations.h"
#include "driver/ResolveTargets.h"
#include "pipeline/Passes.h"
#include "support/CrashContainment.h"
#include "support/OutputFile.h"
#include "support/TimeReport.h"
#include "targets/offload/OffloadPacker.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/xxhash.h"
#include "llvm/Target/TargetMachine.h"
#include <map>
#include <set>

using namespace llvm;
using namespace mlirc;

/// An error whose diagnostics were already printed at their location.
static Error diagnosticsReported() {
  return createStringError(inconvertibleErrorCode(), "");
}

Error mlirc::parseBackendOptions(const DriverOptions &options,
                                 ArrayRef<std::unique_ptr<TargetUnit>> units) {
  // Before the pass manager's options, whose pass-name lists read the
  // registry when they are made; only when asked, as it costs startup time.
  if (!options.mmlirArgs.empty())
    registerPassNames(units);
  mlir::registerMLIRContextCLOptions();
  mlir::registerPassManagerCLOptions();
  mlir::registerAsmPrinterCLOptions();
  mlir::registerDefaultTimingManagerCLOptions();
  TargetSettings settings = getTargetSettings(options);
  std::vector<std::string> unitOptions;
  for (const std::unique_ptr<TargetUnit> &unit : units)
    llvm::append_range(unitOptions, unit->getBackendOptions(settings));
  std::vector<const char *> argv = {"mlirc"};
  for (const std::string &arg : unitOptions)
    argv.push_back(arg.c_str());
  for (const std::string &arg : options.mllvmArgs)
    argv.push_back(arg.c_str());
  for (const std::string &arg : options.mmlirArgs)
    argv.push_back(arg.c_str());
  std::string errors;
  raw_string_ostream os(errors);
  if (!cl::ParseCommandLineOptions(argv.size(), argv.data(), "mlirc", &os)) {
    // An option's parser reports a bad value itself, on stderr.
    if (StringRef(errors).trim().empty())
      return createStringError("invalid -mllvm/-mmlir option value (see "
                               "above)");
    return createStringError("invalid -mllvm/-mmlir option: %s",
                             StringRef(errors).trim().str().c_str());
  }
  return Error::success();
}

namespace {

/// The IR is verified after each phase; after each pass too in checked
/// builds (MLIRC_SANITIZE, the fuzzer) or with -mllvm -mlirc-verify-each.
/// Run after every pass, MLIR's verifier took half of the host phase.
static cl::opt<bool> verifyEachPass(
    "mlirc-verify-each", cl::Hidden, cl::init(MLIRC_VERIFY_EACH_PASS),
    cl::desc("Verify the IR after each pass, not only after each phase"));

/// One .mlir compilation.
class MLIRCompilation {
public:
  MLIRCompilation(StringRef inputPath, StringRef outputPath, Phase finalPhase,
                  const CompileSettings &settings)
      : inputPath(inputPath), outputPath(outputPath), finalPhase(finalPhase),
        settings(settings), options(settings.options) {
    stem = sys::path::stem(inputPath).str();
    entryPoint = options.entryPoint.empty() ? "main" : options.entryPoint;
  }

  /// In memory: \p input instead of reading the input path, the object
  /// into \p object, and no device job.
  void setInMemory(std::unique_ptr<MemoryBuffer> input,
                   SmallVectorImpl<char> &object) {
    inputBuffer = std::move(input);
    objectBuffer = &object;
  }

  Error run();

private:
  Error parse();
  Error checkEntryPoint();
  Error reportParserCrash(StringRef text);
  /// "internal compiler error in \p where", with a reproducer (described by
  /// \p reproducerKind) that \p printReproducer writes beside the output.
  Error reportInternalError(StringRef where, StringRef reproducerKind,
                            function_ref<void(raw_ostream &)> printReproducer);
  std::string getReproducerPath() const;
  Error runPhase(Phase phase);
  void populatePhase(mlir::PassManager &pm, Phase phase);
  Error reportCrash(Phase phase, const PipelinePosition &position,
                    mlir::ModuleOp before);
  Error writeMLIR(StringRef path);
  void collectKernels();
  void collectSerializedObjects();
  Error saveDeviceLLVM();
  Error startDeviceImages();
  Error finishDeviceImages(std::vector<DeviceImage> &images);
  /// --offload-device-only: writes the device code instead of the host
  /// object.
  Error writeDeviceOnlyFiles();
  Error reportTranslationCrash();
  Error verifyTranslation(Module &llvmModule);
  Error emitHost();

  PipelineOptions getPipelineOptions();
  /// -march's CPU's 16-bit float conversions; unset until asked.
  std::optional<HalfFloatConversions> hostConversions;

  StringRef inputPath, outputPath;
  Phase finalPhase;
  const CompileSettings &settings;
  const DriverOptions &options;
  std::string stem;
  /// The function the program starts with: --entry-point, else main.
  std::string entryPoint;
  std::unique_ptr<MemoryBuffer> inputBuffer;
  SmallVectorImpl<char> *objectBuffer = nullptr;

  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  /// -mmlir --mlir-timing: one report for the compilation, a section per
  /// phase.
  mlir::DefaultTimingManager timing;
  mlir::TimingScope rootTiming;
  llvm::SourceMgr sourceMgr;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  KernelList kernels;
  /// What serialization produced, per target unit.
  std::map<const TargetUnit *, std::vector<SerializedObject>> objects;
  /// Per GPU unit that has targets, the builder of its images.
  std::vector<std::pair<const TargetUnit *, std::unique_ptr<ImageBuilder>>>
      imageBuilders;
  /// Linked device LLVM IR per `<module>.<chip>`, kept by -save-temps.
  std::map<std::string, std::string> deviceIR;
  std::unique_ptr<ImageBuildContext> imageBuildContext;
  /// The image builders' jobs (ptxas), running while the host code is
  /// lowered. Last, so that it waits for them before anything goes away.
  BackgroundJobs deviceJobs;
};

} // namespace

/// A module that launches kernels by name must say it holds GPU modules
/// (`gpu.container_module`); MLIR only names the attribute missing. As clang
/// needs no such marker, mlirc sets it on the module around each launch.
static void markGpuContainers(mlir::ModuleOp top) {
  top.walk([](mlir::gpu::LaunchFuncOp launch) {
    if (auto module = launch->getParentOfType<mlir::ModuleOp>())
      module->setAttr(mlir::gpu::GPUDialect::getContainerModuleAttrName(),
                      mlir::UnitAttr::get(launch.getContext()));
  });
}

PipelineOptions MLIRCompilation::getPipelineOptions() {
  PipelineOptions pipeline;
  pipeline.optLevel = options.optLevel;
  pipeline.debugInfo = options.debugInfo;
  pipeline.ubChecks = options.ubChecks;
  pipeline.targets = settings.targets;
  pipeline.units = settings.units;
  pipeline.programId = kernels.programId;
  pipeline.transformLibrary = options.transformLibrary;
  pipeline.transformEntryPoint = options.transformEntryPoint;
  pipeline.maxThreadsPerBlock = options.maxThreadsPerBlock;
  // Asked once: each phase gets its options anew.
  if (!hostConversions)
    hostConversions =
        getHalfFloatConversions(options.hostCpu, options.hostFeatures);
  pipeline.hostConversions = *hostConversions;
  const DriverOptions::FloatModel &model = options.floatModel;
  SmallVector<StringRef> fast;
  for (auto [on, name] :
       {std::pair(model.reassoc, "reassoc"), std::pair(model.noNaNs, "nnan"),
        std::pair(model.noInfs, "ninf"), std::pair(model.noSignedZeros, "nsz"),
        std::pair(model.reciprocal, "arcp"),
        std::pair(model.approxFunc, "afn")})
    if (on)
      fast.push_back(name);
  pipeline.fastMath = llvm::join(fast, ",");
  if (!options.fpContract.empty())
    pipeline.deviceFPContract = pipeline.hostFPContract = options.fpContract;
  if (settings.temps.keepsFiles() && !options.printJobs)
    pipeline.deviceIRCallback = [this](StringRef module, StringRef chip,
                                       Module &ir) {
      raw_string_ostream os(deviceIR[(module + "." + chip).str()]);
      ir.print(os, nullptr);
    };
  return pipeline;
}

Error MLIRCompilation::parse() {
  std::string error;
  std::unique_ptr<MemoryBuffer> buffer =
      inputBuffer ? std::move(inputBuffer)
                  : mlir::openInputFile(inputPath, &error);
  // The message names the file.
  if (!buffer)
    return createStringError("%s", error.c_str());
  kernels.programId = utohexstr(xxh3_64bits(buffer->getBuffer()), true, 16);
  StringRef text = buffer->getBuffer();
  std::string name = buffer->getBufferIdentifier().str();
  sourceMgr.AddNewSourceBuffer(std::move(buffer), SMLoc());
  if (reportKnownParserCrashes(text, name, context))
    return diagnosticsReported();
  auto parseInput = [&] {
    crashHereForTesting("parse");
    mlir::ParserConfig config(&context, /*verifyAfterParse=*/false);
    module = mlir::parseSourceFile<mlir::ModuleOp>(sourceMgr, config);
    if (!module)
      return;
    markGpuContainers(*module);
    if (mlir::failed(mlir::verify(*module)))
      module = {};
  };
  if (!settings.containCrashes)
    parseInput();
  else if (!runCrashContained(parseInput))
    return reportParserCrash(text);
  if (!module)
    return diagnosticsReported();
  return Error::success();
}

Error MLIRCompilation::reportParserCrash(StringRef text) {
  // What the parser built may be inconsistent: it is never touched again.
  (void)module.release();
  // The input is the reproducer: `mlir-opt` on it crashes the same way.
  return reportInternalError("MLIR's parser", "the input",
                             [&](raw_ostream &os) { os << text; });
}

Error MLIRCompilation::reportInternalError(
    StringRef where, StringRef reproducerKind,
    function_ref<void(raw_ostream &)> printReproducer) {
  std::string reproducer = getReproducerPath();
  Error written = Error::success();
  // Contained too: what is printed may be what crashed.
  bool printed = runCrashContained([&] {
    written = writeOutputFile(reproducer, [&](raw_pwrite_stream &os) {
      printReproducer(os);
      return Error::success();
    });
  });
  if (!printed || written) {
    consumeError(std::move(written));
    return createStringError("%s: internal compiler error in %s; please "
                             "report it with the input",
                             inputPath.str().c_str(), where.str().c_str());
  }
  return createStringError("%s: internal compiler error in %s; a reproducer "
                           "(%s) is in '%s'; please report it with the input",
                           inputPath.str().c_str(), where.str().c_str(),
                           reproducerKind.str().c_str(), reproducer.c_str());
}

/// "'omp.parallel' at file:line" for the first omp op of \p module, which
/// makes the program need libomp; "" when it has none.
static std::string describeFirstOpenMPOp(mlir::ModuleOp module) {
  std::string use;
  module->walk<mlir::WalkOrder::PreOrder>([&](mlir::Operation *op) {
    if (!op->getDialect() || op->getDialect()->getNamespace() != "omp")
      return mlir::WalkResult::advance();
    use = ("'" + op->getName().getStringRef() + "'").str();
    op->getLoc()->walk([&](mlir::Location nested) {
      auto file = dyn_cast<mlir::FileLineColLoc>(nested);
      if (!file)
        return mlir::WalkResult::advance();
      use += " at " + file.getFilename().str() + ":" +
             std::to_string(file.getLine());
      return mlir::WalkResult::interrupt();
    });
    return mlir::WalkResult::interrupt();
  });
  return use;
}

Error MLIRCompilation::checkEntryPoint() {
  bool named = !options.entryPoint.empty();
  auto lookUp = [&](StringRef name) {
    return dyn_cast_or_null<mlir::FunctionOpInterface>(
        mlir::SymbolTable::lookupSymbolIn(*module, name));
  };
  // A main of an input's own would clash with the one made for the entry,
  // in whichever input that is.
  if (named && entryPoint != "main")
    if (mlir::FunctionOpInterface main = lookUp("main"))
      if (!main.isExternal()) {
        main->emitError("'@main' clashes with the main function mlirc "
                        "makes for --entry-point=")
            << entryPoint << "; rename it, or start the program with it";
        return diagnosticsReported();
      }
  mlir::FunctionOpInterface function = lookUp(entryPoint);
  if (!function || function.isExternal()) {
    // With other inputs, another may define it; the driver says when none
    // does. Alone, this one says which functions it has.
    if (!named || !settings.singleMLIRInput)
      return Error::success();
    std::string functions;
    for (auto defined : module->getOps<mlir::FunctionOpInterface>())
      if (!defined.isExternal())
        functions +=
            (functions.empty() ? "@" : ", @") + defined.getName().str();
    return createStringError(
        "%s: no function '@%s' for --entry-point=%s%s", inputPath.str().c_str(),
        entryPoint.c_str(), entryPoint.c_str(),
        functions.empty() ? " (it defines no function)"
                          : (" (it defines " + functions + ")").c_str());
  }
  if (settings.entryPointsDefined)
    ++*settings.entryPointsDefined;
  ArrayRef<mlir::Type> arguments = function.getArgumentTypes();
  ArrayRef<mlir::Type> results = function.getResultTypes();
  // main may take C's arguments (argc, argv); another entry takes none.
  if (named && !arguments.empty()) {
    function->emitError("'@")
        << entryPoint << "' takes " << arguments.size()
        << (arguments.size() == 1 ? " argument" : " arguments")
        << ": the function a program starts with (--entry-point) takes none";
    return diagnosticsReported();
  }
  std::string problem =
      describeEntryResultProblem(results, options.entryPointResult, named);
  if (!problem.empty()) {
    function->emitError("'@") << entryPoint << "' " << problem;
    return diagnosticsReported();
  }
  // A private entry point is still the program's start.
  mlir::SymbolTable::setSymbolVisibility(function,
                                         mlir::SymbolTable::Visibility::Public);
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
  // The device module per target after its device libraries are linked,
  // next to the assembly serialization produced from it.
  for (const auto &entry : deviceIR)
    if (Error err = writeOutputFile(
            settings.temps.keptPath(stem + "." + entry.first + ".ll"),
            [&](raw_pwrite_stream &os) {
              os << entry.second;
              return Error::success();
            }))
      return err;
  return Error::success();
}

void MLIRCompilation::populatePhase(mlir::PassManager &pm, Phase phase) {
  PipelineOptions pipeline = getPipelineOptions();
  switch (phase) {
  case Phase::Bufferized:
    populateBufferizePasses(pm, pipeline);
    break;
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
  addCrashForTesting(pm, getPhaseName(phase));
}

Error MLIRCompilation::runPhase(Phase phase) {
  mlir::PassManager pm(&context);
  pm.enableVerifier(verifyEachPass);
  if (mlir::failed(mlir::applyPassManagerCLOptions(pm)))
    return diagnosticsReported();
  mlir::TimingScope phaseTiming = rootTiming.nest(getPhaseName(phase));
  pm.enableTiming(phaseTiming);
  populatePhase(pm, phase);
  TimedStep step("phase", getPhaseName(phase));
  if (timeTraceProfilerEnabled())
    pm.addInstrumentation(std::make_unique<TracePasses>());

  // A crash inside a pass is contained; the IR before the phase, kept
  // aside, lets reportCrash find the IR before the pass that crashed.
  PipelinePosition position;
  pm.addInstrumentation(std::make_unique<PassTracker>(position));
  auto run = [&] {
    return mlir::succeeded(pm.run(*module)) &&
           (verifyEachPass || mlir::succeeded(mlir::verify(*module)));
  };
  if (!settings.containCrashes)
    return run() ? Error::success() : diagnosticsReported();
  mlir::OwningOpRef<mlir::ModuleOp> before = module->clone();
  bool succeeded = false;
  if (!runCrashContained([&] { succeeded = run(); }))
    return reportCrash(phase, position, *before);
  if (!succeeded)
    return diagnosticsReported();
  return Error::success();
}

std::string MLIRCompilation::getReproducerPath() const {
  // Beside the output; compiling for a link, beside the executable (the
  // object is a temporary in a directory that goes away); for an output
  // written in place (-, /dev/null), in the current directory.
  if (!isWrittenInPlace(outputPath) && options.finalPhase != Phase::Exe)
    return outputPath.str() + ".reproducer.mlir";
  StringRef output =
      options.output.empty() ? StringRef("a.out") : StringRef(options.output);
  SmallString<128> path;
  if (!isWrittenInPlace(outputPath) && !isWrittenInPlace(output))
    path = sys::path::parent_path(output);
  sys::path::append(path, stem + ".reproducer.mlir");
  return path.str().str();
}

Error MLIRCompilation::reportCrash(Phase phase,
                                   const PipelinePosition &position,
                                   mlir::ModuleOp before) {
  // The crashed module may be inconsistent: it is never touched again.
  (void)module.release();
  std::string where = "the " + getPhaseName(phase).str() + " phase";
  if (!position.running.empty())
    where += " (pass " + position.running.back() + ")";

  // The passes before the one that crashed ran fine: run them again on the
  // IR before the phase, contained, to print the IR the crashing top-level
  // pass started from. Else (it did not get that far again) the IR before
  // the phase and the whole phase's pipeline are the reproducer.
  std::string ir, pipeline;
  bool whole = false;
  {
    mlir::OwningOpRef<mlir::ModuleOp> again = before.clone();
    mlir::PassManager pm(&context);
    populatePhase(pm, phase);
    pm.addInstrumentation(std::make_unique<SnapshotBeforePass>(
        position.topLevelPasses, ir, pipeline));
    bool finished = runCrashContained([&] { (void)pm.run(*again); });
    if (!finished)
      (void)again.release();
    if (ir.empty()) {
      whole = true;
      pipeline.clear();
      raw_string_ostream os(ir);
      before->print(os, mlir::OpPrintingFlags().enableDebugInfo());
      mlir::PassManager phasePM(&context);
      populatePhase(phasePM, phase);
      raw_string_ostream pipelineOS(pipeline);
      phasePM.printAsTextualPipeline(pipelineOS);
    }
  }
  // MLIR's reproducer format: the IR, then the pipeline as a resource.
  return reportInternalError(
      where,
      whole ? "the IR before that phase and its pipeline"
            : "the IR before that pass and the pass",
      [&](raw_ostream &os) {
        os << ir << "\n{-#\n  external_resources: {\n    mlir_reproducer: {\n"
           << "      pipeline: \"" << pipeline << "\",\n"
           << "      disable_threading: true,\n      verify_each: true\n"
           << "    }\n  }\n#-}\n";
      });
}

void MLIRCompilation::collectKernels() {
  StringRef kernelAttr = mlir::gpu::GPUDialect::getKernelFuncAttrName();
  module->walk([&](mlir::gpu::GPUModuleOp gpuModule) {
    for (mlir::Operation &op : gpuModule.getBody()->getOperations())
      if (op.hasAttr(kernelAttr))
        if (auto name = op.getAttrOfType<mlir::StringAttr>(
                mlir::SymbolTable::getSymbolAttrName())) {
          kernels.names.push_back(name.str());
          kernels.modules.push_back(gpuModule.getName().str());
        }
  });
  // A gpu.binary lists no kernels: those of its kernels that are launched.
  std::set<std::pair<StringRef, StringRef>> launched;
  module->walk([&](mlir::gpu::LaunchFuncOp launch) {
    StringRef owner = launch.getKernelModuleName().getValue();
    StringRef kernel = launch.getKernelName().getValue();
    if (!isa_and_nonnull<mlir::gpu::BinaryOp>(
            mlir::SymbolTable::lookupSymbolIn(*module, owner)) ||
        !launched.insert({kernel, owner}).second)
      return;
    kernels.names.push_back(kernel.str());
    kernels.modules.push_back(owner.str());
  });
}

void MLIRCompilation::collectSerializedObjects() {
  for (auto binary : module->getOps<mlir::gpu::BinaryOp>()) {
    for (mlir::Attribute attr : binary.getObjects()) {
      auto object = cast<mlir::gpu::ObjectAttr>(attr);
      for (const TargetUnit *unit : settings.units) {
        std::string chip = unit->getTargetChip(object.getTarget());
        if (chip.empty())
          continue;
        std::string name = binary.getName().str();
        if (auto original =
                binary->getAttrOfType<mlir::StringAttr>("mlirc.module"))
          name = original.str();
        // A prebuilt gpu.binary may carry more than was asked for.
        bool requested =
            llvm::any_of(settings.targets, [&](const OffloadTarget &target) {
              return target.unit == unit && getChipKey(target) == chip;
            });
        if (!requested) {
          if (options.verbose)
            errs() << "mlirc: the " << chip << " object of gpu.binary @" << name
                   << " is left out (" << chip
                   << " is not in --offload-arch)\n";
          continue;
        }
        SerializedObject serialized{name, chip, object.getObject().str(),
                                    getObjectFormat(object)};
        if (mlir::DictionaryAttr properties = object.getProperties())
          for (mlir::NamedAttribute entry : properties)
            if (auto text = dyn_cast<mlir::StringAttr>(entry.getValue()))
              serialized.properties[entry.getName().str()] = text.str();
        objects[unit].push_back(std::move(serialized));
      }
    }
  }
}

Error MLIRCompilation::startDeviceImages() {
  if (objectBuffer)
    return Error::success();
  imageBuildContext = std::make_unique<ImageBuildContext>(
      ImageBuildContext{inputPath, stem, settings.temps, options.printJobs});
  if (options.deviceOnly)
    imageBuildContext->deviceOnly = finalPhase == Phase::Asm
                                        ? DeviceOnlyOutput::Assembly
                                        : DeviceOnlyOutput::Object;
  std::vector<Job> jobs;
  for (const TargetUnit *unit : settings.units) {
    std::unique_ptr<ImageBuilder> builder = unit->createImageBuilder(
        *imageBuildContext, getTargetsOf(settings.targets, *unit));
    if (!builder)
      continue;
    if (Error err = builder->addJobs(objects[unit], jobs))
      return err;
    imageBuilders.push_back({unit, std::move(builder)});
  }
  deviceJobs.start(std::move(jobs), settings.jobOptions);
  return Error::success();
}

Error MLIRCompilation::finishDeviceImages(std::vector<DeviceImage> &images) {
  if (Error err = deviceJobs.wait())
    return err;
  if (options.printJobs)
    return Error::success();
  for (auto &[unit, builder] : imageBuilders)
    if (Error err = builder->collectImages(images))
      return err;
  return Error::success();
}

Error MLIRCompilation::writeDeviceOnlyFiles() {
  if (Error err = deviceJobs.wait())
    return err;
  if (options.printJobs)
    return Error::success();
  std::vector<DeviceFile> files;
  for (auto &[unit, builder] : imageBuilders)
    if (Error err = builder->collectDeviceFiles(files))
      return err;
  // -o, not the default name the driver made up for the host object.
  return writeDeviceFiles(inputPath, options.output, files);
}

Error MLIRCompilation::reportTranslationCrash() {
  // The translation reads the module without changing it: printed, it is
  // what `mlir-translate --mlir-to-llvmir` crashes on the same way.
  Error err = reportInternalError(
      "the translation to LLVM IR",
      "the LLVM dialect IR, for mlir-translate --mlir-to-llvmir",
      [&](raw_ostream &os) {
        module->print(os, mlir::OpPrintingFlags().enableDebugInfo());
      });
  (void)module.release();
  return err;
}

Error MLIRCompilation::verifyTranslation(Module &llvmModule) {
  std::string findings;
  raw_string_ostream os(findings);
  if (!verifyModule(llvmModule, &os))
    return Error::success();
  // The first finding names the problem; the lines after it are IR.
  StringRef first = StringRef(findings).split('\n').first.trim();
  return createStringError("%s: internal compiler error: the host code "
                           "translated to LLVM IR does not verify (%s); "
                           "please report it with the input",
                           inputPath.str().c_str(), first.str().c_str());
}

Error MLIRCompilation::emitHost() {
  Expected<std::unique_ptr<TargetMachine>> machine = createHostTargetMachine(
      options.optLevel, options.hostCpu, options.hostFeatures,
      options.positionIndependent);
  if (!machine)
    return machine.takeError();

  std::vector<DeviceImage> images;
  if (Error err = finishDeviceImages(images))
    return err;
  if (options.printJobs)
    return Error::success();

  // On the heap: after a crash in LLVM it is never touched again, not even
  // destroyed (it would destroy the modules it owns).
  auto llvmContext = std::make_unique<LLVMContext>();
  std::unique_ptr<Module> llvmModule;
  // LLVM's verifier runs below, not in the translation, which would print
  // its findings (and lines of IR) straight to the terminal.
  // Translated with LLVM's default layout, every i64 load and store
  // without an alignment of its own would be stated 4-byte aligned.
  (*module)->setAttr(
      mlir::LLVM::LLVMDialect::getDataLayoutAttrName(),
      mlir::StringAttr::get(
          module->getContext(),
          (*machine)->createDataLayout().getStringRepresentation()));
  auto translate = [&] {
    crashHereForTesting("translation");
    llvmModule = mlir::translateModuleToLLVMIR(*module, *llvmContext, stem,
                                               /*disableVerification=*/true);
  };
  if (!settings.containCrashes)
    translate();
  else if (!runCrashContained(translate)) {
    (void)llvmContext.release();
    return reportTranslationCrash();
  }
  if (!llvmModule)
    return diagnosticsReported();
  if (Error err = verifyTranslation(*llvmModule))
    return err;
  prepareHostModule(*llvmModule, **machine);
  makeMainFunction(*llvmModule, entryPoint,
                   /*printResult=*/!options.entryPointResult.empty());

  std::vector<SmallString<0>> binaries;
  for (const DeviceImage &image : images)
    binaries.push_back(packOffloadBinary(image));
  embedOffloadBinaries(*llvmModule, binaries);
  // Kernels are registered through clang-linker-wrapper for each offload
  // kind that has images for it to link.
  for (const auto &[unit, builder] : imageBuilders) {
    object::OffloadKind kind = unit->getOffloadKind();
    if (llvm::any_of(images, [&](const DeviceImage &image) {
          return image.offloadKind == kind;
        })) {
      std::vector<std::string> linked;
      for (auto [kernel, owner] : llvm::zip(kernels.names, kernels.modules))
        if (builder->hasLinkedImages(owner))
          linked.push_back(kernel);
      emitOffloadEntries(*llvmModule, linked, kind);
    }
    if (Error err = builder->finishHostModule(*llvmModule, kernels))
      return err;
  }
  if (!options.hostTuneCpu.empty())
    if (Error err = tuneHostModule(*llvmModule, **machine, options.hostTuneCpu))
      return err;
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

  // LLVM's optimizer and code generator run contained too.
  Error result = Error::success();
  // What LLVM rejects is named after the input.
  auto inInput = [&](Error err) -> Error {
    return createStringError("%s: %s", inputPath.str().c_str(),
                             toString(std::move(err)).c_str());
  };
  auto optimizeAndEmit = [&] {
    TimedStep step("host code generation", stem);
    // A large object is compiled in parts on every core. Not an object in
    // memory (the fuzzer's), assembly, or under AddressSanitizer, whose
    // per-module constructor each part would repeat in one comdat.
    if (finalPhase == Phase::Obj && !objectBuffer &&
        !options.addressSanitizer) {
      HostMachineOptions machine{options.optLevel, options.hostCpu,
                                 options.hostFeatures,
                                 options.positionIndependent};
      Expected<bool> inParts =
          emitHostObjectInParts(*llvmModule, machine, stem, outputPath,
                                settings.temps, settings.jobOptions);
      if (!inParts) {
        result = inInput(inParts.takeError());
        return;
      }
      if (*inParts)
        return;
    }
    if (objectBuffer && settings.checkHostParts)
      checkHostParts(*llvmModule);
    if (Error err = optimizeHostModule(*llvmModule, **machine,
                                       options.optLevel,
                                       options.addressSanitizer)) {
      result = inInput(std::move(err));
      return;
    }
    auto emit = [&](raw_pwrite_stream &os) -> Error {
      if (finalPhase == Phase::LLVM) {
        if (options.emitBitcode)
          WriteBitcodeToFile(*llvmModule, os);
        else
          llvmModule->print(os, nullptr);
        return Error::success();
      }
      if (Error err = emitHostCode(*llvmModule, **machine,
                                   finalPhase == Phase::Asm, os))
        return inInput(std::move(err));
      return Error::success();
    };
    if (objectBuffer) {
      raw_svector_ostream os(*objectBuffer);
      result = emit(os);
    } else {
      result = writeOutputFile(outputPath, emit);
    }
  };
  if (!settings.containCrashes) {
    optimizeAndEmit();
    return result;
  }
  if (!runCrashContained(optimizeAndEmit)) {
    (void)llvmModule.release();
    (void)llvmContext.release();
    consumeError(std::move(result));
    return createStringError("%s: internal compiler error in host code "
                             "generation (LLVM); please report it with the "
                             "input",
                             inputPath.str().c_str());
  }
  return result;
}

Error MLIRCompilation::run() {
  TimedStep step("compile", inputPath);
  mlir::DialectRegistry registry;
  registerPipelineDialects(registry, settings.units);
  context.appendDialectRegistry(registry);
  // Errors name the file, line and column; a dump of the op (a whole kernel,
  // say) in generic form would only bury them.
  context.printOpOnDiagnostic(false);
  DiagnosticPrinter diagnostics(sourceMgr, &context);

  mlir::applyDefaultTimingManagerCLOptions(timing);
  // -ftime-report: MLIR's table of time per pass too.
  if (options.timeReport)
    timing.setEnabled(true);
  rootTiming = timing.getRootScope();
  {
    TimedStep step("parse", inputPath);
    if (Error err = parse())
      return err;
  }
  if (Error err = checkEntryPoint())
    return err;
  if (settings.openMPUse && settings.openMPUse->empty())
    *settings.openMPUse = describeFirstOpenMPOp(*module);
  if (failed(
          checkHostCpuFeatures(*module, options.hostCpu, options.hostFeatures)))
    return diagnosticsReported();
  if (settings.temps.keepsFiles() && !options.printJobs)
    if (Error err = writeMLIR(settings.temps.keptPath(stem + ".input.mlir")))
      return err;

  for (Phase phase : {Phase::Bufferized, Phase::Outlined, Phase::Device,
                      Phase::Binary, Phase::Host}) {
    // --offload-device-only (-c or -S) lowers no host code.
    if (finalPhase < phase || (options.deviceOnly && phase == Phase::Host))
      break;
    if (Error err = runPhase(phase))
      return err;
    // Kernel names are final once outlined; later phases copy gpu.modules
    // per GPU unit.
    if (phase == Phase::Outlined)
      collectKernels();
    if (phase == Phase::Binary) {
      collectSerializedObjects();
      if (settings.temps.keepsFiles() && !options.printJobs)
        if (Error err = saveDeviceLLVM())
          return err;
      if (!isMLIRPhase(finalPhase))
        if (Error err = startDeviceImages())
          return err;
    }
    if (settings.temps.keepsFiles() && !options.printJobs)
      if (Error err = writeMLIR(settings.temps.keptPath(
              stem + "." + getPhaseName(phase).str() + ".mlir")))
        return err;
  }
  if (isMLIRPhase(finalPhase))
    return options.printJobs || options.syntaxOnly ? Error::success()
                                                   : writeMLIR(outputPath);
  if (options.deviceOnly)
    return writeDeviceOnlyFiles();
  return emitHost();
}

Error mlirc::compileMLIRFile(StringRef inputPath, StringRef outputPath,
                             Phase finalPhase,
                             const CompileSettings &settings) {
  MLIRCompilation compilation(inputPath, outputPath, finalPhase, settings);
  return compilation.run();
}

Error mlirc::compileMLIRInMemory(std::unique_ptr<MemoryBuffer> input,
                                 SmallVectorImpl<char> &object,
                                 const CompileSettings &settings) {
  std::string name = input->getBufferIdentifier().str();
  MLIRCompilation compilation(name, "", Phase::Obj, settings);
  compilation.setInMemory(std::move(input), object);
  return compilation.run();
}
