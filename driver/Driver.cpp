//===- Driver.cpp - The mlirc driver --------------------------------------===//
//
// Turns the parsed command line into work: which targets, which toolkit,
// one compilation per .mlir input, clang jobs for host sources, and the
// final offload link. Every error ends here as `mlirc: error: ...`, exit 1.
//
//===----------------------------------------------------------------------===//

#include "driver/Driver.h"
#include "driver/ArgumentParser.h"
#include "driver/ClangJobs.h"
#include "driver/CudaToolkit.h"
#include "driver/MLIRCompiler.h"
#include "driver/OutputFile.h"
#include "pipeline/KernelHandle.h"
#include "targets/nvptx/NVPTXTarget.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Object/Archive.h"
#include "llvm/Object/ObjectFile.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

#ifndef MLIRC_VERSION
#define MLIRC_VERSION "unknown"
#endif

static void printError(const Twine &message) {
  WithColor::error(errs(), "mlirc") << message << '\n';
}

/// Prints \p err unless its diagnostics were already printed; returns 1.
static int reportError(Error err) {
  handleAllErrors(std::move(err), [](const ErrorInfoBase &info) {
    std::string message = info.message();
    if (!message.empty())
      printError(message);
  });
  return 1;
}

/// The directory of the mlirc binary's libraries (build/lib next to bin/).
static std::string getLibraryDir() {
  static int anchor;
  std::string exe = sys::fs::getMainExecutable("mlirc", &anchor);
  SmallString<128> dir(sys::path::parent_path(sys::path::parent_path(exe)));
  sys::path::append(dir, "lib");
  return dir.str().str();
}

/// The NVIDIA GPUs of this machine as sm_NN, from LLVM's nvptx-arch.
static std::vector<std::string> detectNativeArchs() {
  SmallString<128> tool(MLIRC_LLVM_TOOLS_DIR);
  sys::path::append(tool, "nvptx-arch");
  SmallString<128> out;
  if (sys::fs::createTemporaryFile("mlirc-nvptx-arch", "txt", out))
    return {};
  FileRemover remover(out);
  std::optional<StringRef> redirects[] = {std::nullopt, StringRef(out),
                                          StringRef("")};
  if (sys::ExecuteAndWait(tool, {tool}, std::nullopt, redirects) != 0)
    return {};
  auto buffer = MemoryBuffer::getFile(out);
  if (!buffer)
    return {};
  std::vector<std::string> archs;
  SmallVector<StringRef> lines;
  (*buffer)->getBuffer().split(lines, '\n', -1, false);
  for (StringRef line : lines)
    if (line.trim().starts_with("sm_"))
      archs.push_back(line.trim().str());
  return archs;
}

static Expected<std::vector<OffloadTarget>>
resolveTargets(const DriverOptions &options) {
  std::vector<std::string> archs = options.offloadArchs;
  if (archs.empty()) {
    // This machine's GPUs, else its CPU.
    archs = detectNativeArchs();
    if (archs.empty())
      archs.push_back("host");
  }
  std::vector<OffloadTarget> targets;
  StringSet<> seen;
  for (const std::string &arch : archs) {
    std::vector<std::string> expanded = {arch};
    if (arch == "native") {
      expanded = detectNativeArchs();
      if (expanded.empty())
        return createStringError(
            "--offload-arch=native: no NVIDIA GPU detected on this machine; "
            "name the architecture, e.g. --offload-arch=sm_80, or use "
            "--offload-arch=host to run on the CPU");
    }
    for (const std::string &name : expanded) {
      if (!seen.insert(name).second)
        continue;
      if (name == "host") {
        OffloadTarget host;
        host.vendor = OffloadTarget::Vendor::Host;
        host.arch = "host";
        targets.push_back(host);
        continue;
      }
      Expected<OffloadTarget> target = parseNVPTXArch(name);
      if (!target)
        return target.takeError();
      targets.push_back(*target);
    }
  }
  return targets;
}

/// What the objects a link is given carry that decides the runtime.
struct LinkInputContents {
  /// CUDA device images in `.llvm.offloading`.
  bool cudaImages = false;
  /// Calls registering host-target kernels.
  bool hostKernels = false;
};

/// True when \p binary, an object file, registers host-target kernels.
static bool registersHostKernels(const object::Binary &binary) {
  const auto *file = dyn_cast<object::ObjectFile>(&binary);
  if (!file)
    return false;
  for (const object::SymbolRef &symbol : file->symbols()) {
    Expected<StringRef> name = symbol.getName();
    Expected<uint32_t> flags = symbol.getFlags();
    if (!name || !flags) {
      consumeError(name.takeError());
      consumeError(flags.takeError());
      continue;
    }
    if (*name == hostKernelRegistrationFunction &&
        (*flags & object::SymbolRef::SF_Undefined))
      return true;
  }
  return false;
}

/// Looks into the objects and archives among \p inputs; what cannot be
/// read is left to the linker to report.
static LinkInputContents scanLinkInputs(const std::vector<Input> &inputs) {
  LinkInputContents contents;
  for (const Input &input : inputs) {
    if (input.kind != Input::Kind::LinkInput)
      continue;
    Expected<object::OwningBinary<object::Binary>> owned =
        object::createBinary(input.value);
    if (!owned) {
      consumeError(owned.takeError());
      continue;
    }
    const object::Binary &binary = *owned->getBinary();
    SmallVector<object::OffloadFile> images;
    if (Error err =
            object::extractOffloadBinaries(binary.getMemoryBufferRef(), images))
      consumeError(std::move(err));
    for (const object::OffloadFile &image : images)
      contents.cudaImages |=
          image.getBinary()->getOffloadKind() == object::OFK_Cuda;
    contents.hostKernels |= registersHostKernels(binary);
    if (const auto *archive = dyn_cast<object::Archive>(&binary)) {
      Error err = Error::success();
      for (const object::Archive::Child &child : archive->children(err)) {
        Expected<std::unique_ptr<object::Binary>> member = child.getAsBinary();
        if (!member) {
          consumeError(member.takeError());
          continue;
        }
        contents.hostKernels |= registersHostKernels(**member);
      }
      consumeError(std::move(err));
    }
  }
  return contents;
}

/// Rejects cubin targets the toolkit's ptxas cannot assemble.
static Error checkTargetsSupported(const std::vector<OffloadTarget> &targets,
                                   const CudaToolkit &toolkit) {
  if (toolkit.major == 0)
    return Error::success();
  unsigned oldest = getOldestSupportedSM(toolkit.major, toolkit.minor);
  for (const OffloadTarget &target : targets) {
    if (target.vendor != OffloadTarget::Vendor::NVIDIA)
      continue;
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

/// The file a non-linking compilation of \p input writes by default.
static std::string getDefaultOutput(StringRef input, Phase phase) {
  std::string stem = sys::path::stem(input).str();
  switch (phase) {
  case Phase::Obj:
    return stem + ".o";
  case Phase::Asm:
    return stem + ".s";
  case Phase::LLVM:
    return stem + ".ll";
  default:
    return stem + "." + getPhaseName(phase).str() + ".mlir";
  }
}

namespace {

class Driver {
public:
  Driver(const DriverOptions &options, TempFiles &temps)
      : options(options), temps(temps) {}

  Error run();

private:
  Error setUp();
  Error compileOnly();
  Error compileAndLink();
  Error compileSource(const Input &input, StringRef output, Phase phase);
  Expected<std::vector<std::string>> getRuntimeLinkArgs();

  const DriverOptions &options;
  TempFiles &temps;
  std::unique_ptr<CompileSettings> settings;
  /// The program needs the CUDA runtime (else mlirc's host runtime).
  bool linkCuda = false;
  /// The program carries host kernels too: the runtime chooses at start-up.
  bool linkBoth = false;
};

} // namespace

Error Driver::setUp() {
  JobOptions jobOptions;
  jobOptions.verbose = options.verbose;
  jobOptions.printOnly = options.printJobs;

  std::vector<OffloadTarget> targets;
  std::optional<CudaToolkit> toolkit;
  if (options.hasInput(Input::Kind::MLIR)) {
    Expected<std::vector<OffloadTarget>> resolved = resolveTargets(options);
    if (!resolved)
      return resolved.takeError();
    targets = std::move(*resolved);
    if (options.verbose) {
      errs() << "mlirc: targets:";
      for (const OffloadTarget &target : targets)
        errs() << ' ' << target.arch;
      errs() << '\n';
    }
  }
  bool mlirNeedsCuda = hasVendor(targets, OffloadTarget::Vendor::NVIDIA);
  bool needsToolkit = mlirNeedsCuda && options.finalPhase >= Phase::Binary;
  // The runtime follows what the whole program holds: the .mlir inputs'
  // targets and what the objects it links carry.
  bool linking = options.finalPhase == Phase::Exe;
  LinkInputContents objects;
  if (linking)
    objects = scanLinkInputs(options.inputs);
  linkCuda = linking && (mlirNeedsCuda || objects.cudaImages);
  linkBoth = linkCuda && (hasVendor(targets, OffloadTarget::Vendor::Host) ||
                          objects.hostKernels);
  if (needsToolkit || linkCuda) {
    Expected<CudaToolkit> found = findCudaToolkit(options.cudaPath);
    if (found) {
      toolkit = std::move(*found);
      if (options.verbose)
        errs() << "mlirc: using CUDA " << toolkit->getVersionString() << " at "
               << toolkit->root << " (found by " << toolkit->foundBy << ")\n";
      if (Error err = checkTargetsSupported(targets, *toolkit))
        return err;
    } else if (options.printJobs || options.finalPhase < Phase::LLVM) {
      // -### and MLIR-only phases run no CUDA tool.
      consumeError(found.takeError());
    } else {
      return found.takeError();
    }
  }
  settings.reset(new CompileSettings{options, std::move(targets),
                                     std::move(toolkit), jobOptions, temps});
  return Error::success();
}

Error Driver::compileSource(const Input &input, StringRef output, Phase phase) {
  std::vector<std::string> args = {phase == Phase::Asm ? "-S" : "-c",
                                   "-O" + std::to_string(options.optLevel),
                                   input.value, "-o", output.str()};
  if (!options.hostCpu.empty())
    args.insert(args.begin() + 2, "-march=" + options.hostCpu);
  Expected<std::vector<Job>> jobs =
      buildClangJobs(args, "clang compiling " + input.value);
  if (!jobs)
    return jobs.takeError();
  for (const Job &job : *jobs)
    if (Error err = runJobs(job, settings->jobOptions))
      return err;
  return Error::success();
}

Error Driver::compileOnly() {
  unsigned compiled = 0;
  for (const Input &input : options.inputs) {
    if (input.kind == Input::Kind::MLIR || input.kind == Input::Kind::Source)
      ++compiled;
    else if (input.kind == Input::Kind::LinkInput)
      WithColor::warning(errs(), "mlirc")
          << input.value
          << ": linker input unused because linking is not done\n";
  }
  if (compiled > 1 && !options.output.empty() && options.output != "-")
    return createStringError("cannot specify -o when generating multiple "
                             "output files");
  for (const Input &input : options.inputs) {
    std::string output = options.output.empty()
                             ? getDefaultOutput(input.value, options.finalPhase)
                             : options.output;
    if (input.kind == Input::Kind::MLIR) {
      if (Error err = compileMLIRFile(input.value, output, options.finalPhase,
                                      *settings))
        return err;
    } else if (input.kind == Input::Kind::Source) {
      if (options.finalPhase != Phase::Obj && options.finalPhase != Phase::Asm)
        return createStringError(
            "%s: --compile-to=%s applies to .mlir inputs only",
            input.value.c_str(),
            getPhaseName(options.finalPhase).str().c_str());
      std::string target = output;
      if (!options.printJobs && output != "-") {
        Expected<std::string> temp = createOutputTempName(output);
        if (!temp)
          return temp.takeError();
        temps.track(*temp);
        target = *temp;
      }
      if (Error err = compileSource(input, target, options.finalPhase))
        return err;
      if (target != output)
        if (Error err = commitOutputFile(target, output))
          return err;
    }
  }
  return Error::success();
}

Expected<std::vector<std::string>> Driver::getRuntimeLinkArgs() {
  std::vector<std::string> args;
  std::string libDir = getLibraryDir();
  StringRef runtime = linkBoth   ? "mlirc_runtime"
                      : linkCuda ? "mlirc_cuda_runtime"
                                 : "mlirc_host_runtime";
  SmallString<128> runtimePath(libDir);
  sys::path::append(runtimePath, "lib" + runtime + ".a");
  if (!options.printJobs && !sys::fs::exists(runtimePath))
    return createStringError(
        linkCuda ? "'%s' is missing: mlirc was built without a CUDA toolkit, "
                   "so it cannot link CUDA programs; rebuild it with one "
                   "installed"
                 : "'%s' is missing: mlirc's build is incomplete",
        runtimePath.c_str());
  args.push_back("-L" + libDir);
  args.push_back(("-l" + runtime).str());
  if (linkCuda) {
    std::string cudaRoot =
        settings->toolkit ? settings->toolkit->root : "/usr/local/cuda";
    args.push_back("--cuda-path=" + cudaRoot);
    args.push_back("-L" + cudaRoot + "/lib64");
    for (const char *lib : {"-lcudart_static", "-ldl", "-lrt"})
      args.push_back(lib);
  }
  args.push_back("-lpthread");
  // MLIR's runner utilities (printMemref*) only when the program uses them.
  std::string mlirLibDir = MLIRC_MLIR_LIB_DIR;
  args.push_back("-L" + mlirLibDir);
  args.push_back("-Wl,--push-state,--as-needed");
  args.push_back("-lmlir_runner_utils");
  args.push_back("-lmlir_c_runner_utils");
  args.push_back("-Wl,--pop-state");
  args.push_back("-Wl,-rpath," + mlirLibDir);
  return args;
}

Error Driver::compileAndLink() {
  std::string output = options.output.empty() ? "a.out" : options.output;
  std::vector<std::string> linkArgs = {"--offload-link",
                                       "-O" + std::to_string(options.optLevel)};
  std::string linkOutput = output;
  if (options.saveTemps && !options.printJobs) {
    // A fixed name, so the files clang-linker-wrapper keeps are predictable.
    linkOutput = output + ".tmp";
    temps.track(linkOutput);
  } else if (!options.printJobs) {
    Expected<std::string> temp = createOutputTempName(output);
    if (!temp)
      return temp.takeError();
    temps.track(*temp);
    linkOutput = *temp;
  }
  linkArgs.push_back("-o");
  linkArgs.push_back(linkOutput);

  for (const Input &input : options.inputs) {
    switch (input.kind) {
    case Input::Kind::MLIR:
    case Input::Kind::Source: {
      Expected<std::string> object =
          temps.create(sys::path::stem(input.value), "o");
      if (!object)
        return object.takeError();
      Error err =
          input.kind == Input::Kind::MLIR
              ? compileMLIRFile(input.value, *object, Phase::Obj, *settings)
              : compileSource(input, *object, Phase::Obj);
      if (err)
        return err;
      linkArgs.push_back(*object);
      break;
    }
    case Input::Kind::LinkInput:
    case Input::Kind::LinkFlag:
      linkArgs.push_back(input.value);
      break;
    }
  }
  // The device links and wrapper code clang-linker-wrapper makes are kept
  // too.
  if (options.saveTemps)
    linkArgs.push_back("-save-temps");
  Expected<std::vector<std::string>> runtimeArgs = getRuntimeLinkArgs();
  if (!runtimeArgs)
    return runtimeArgs.takeError();
  llvm::append_range(linkArgs, *runtimeArgs);

  Expected<std::vector<Job>> jobs = buildClangJobs(linkArgs, "the link");
  if (!jobs)
    return jobs.takeError();
  // -v shows the device links and bundling the wrapper runs, without
  // making the host linker verbose too.
  if (options.verbose)
    for (Job &job : *jobs)
      if (sys::path::filename(job.program) == "clang-linker-wrapper")
        job.args.insert(job.args.begin(), "--wrapper-verbose");
  for (const Job &job : *jobs)
    if (Error err = runJobs(job, settings->jobOptions))
      return err;
  if (options.printJobs)
    return Error::success();
  return commitOutputFile(linkOutput, output);
}

Error Driver::run() {
  if (options.inputs.empty() ||
      llvm::all_of(options.inputs, [](const Input &input) {
        return input.kind == Input::Kind::LinkFlag;
      }))
    return createStringError("no input files");
  for (const Input &input : options.inputs)
    if (input.kind != Input::Kind::LinkFlag && input.value != "-" &&
        !sys::fs::exists(input.value))
      return createStringError("no such file or directory: '%s'",
                               input.value.c_str());
  if (Error err = parseBackendOptions(options))
    return err;
  if (Error err = setUp())
    return err;
  if (options.finalPhase == Phase::Exe)
    return compileAndLink();
  return compileOnly();
}

int mlirc::runDriver(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  Expected<DriverOptions> options =
      parseArguments(ArrayRef<const char *>(argv + 1, argv + argc));
  if (!options)
    return reportError(options.takeError());
  if (options->showHelp) {
    printHelp(outs());
    return 0;
  }
  if (options->showVersion) {
    outs() << "mlirc version " << MLIRC_VERSION << " (LLVM "
           << LLVM_VERSION_STRING << ")\n";
    return 0;
  }
  std::string keepDir;
  if (options->saveTempsBesideOutput && options->output != "-")
    keepDir = sys::path::parent_path(options->output).str();
  TempFiles temps(options->saveTemps, options->printJobs, keepDir);
  Driver driver(*options, temps);
  if (Error err = driver.run())
    return reportError(std::move(err));
  return 0;
}
