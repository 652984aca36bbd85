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
#include "driver/LinkInputs.h"
#include "driver/MLIRCompiler.h"
#include "driver/OpenMPRuntime.h"
#include "driver/ResolveTargets.h"
#include "support/CrashContainment.h"
#include "support/OutputFile.h"
#include "support/PrivateTemps.h"
#include "support/TimeReport.h"
#include "targets/TargetRegistry.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include <cstdio>
#include <cstdlib>

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

/// The -fsanitize flags that give clang's compiles and links the same checks
/// (and runtimes) as mlirc's .mlir code.
static std::vector<std::string> getSanitizerArgs(const DriverOptions &options) {
  const UndefinedBehaviorChecks &ub = options.ubChecks;
  SmallVector<StringRef> checks;
  if (options.addressSanitizer)
    checks.push_back("address");
  for (const UndefinedBehaviorCheckName &check : undefinedBehaviorCheckNames)
    if (ub.*check.check)
      checks.push_back(check.name);
  if (checks.empty())
    return {};
  std::vector<std::string> args = {"-fsanitize=" + llvm::join(checks, ",")};
  if (ub.any() && ub.trap)
    args.push_back("-fsanitize-trap=all");
  else if (ub.any() && !ub.recover)
    args.push_back("-fno-sanitize-recover=all");
  return args;
}

/// The file a non-linking compilation of \p input writes by default.
static std::string getDefaultOutput(StringRef input, Phase phase,
                                    bool bitcode = false) {
  std::string stem = sys::path::stem(input).str();
  if (bitcode)
    return stem + ".bc";
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

/// Where -ftime-trace writes: the -ftime-trace= file, else the output with
/// the extension .json (a.out: a.json), in the -ftime-trace= directory when
/// one is named.
static std::string getTimeTracePath(const DriverOptions &options) {
  std::string base = options.output;
  if (base.empty() && options.finalPhase == Phase::Exe)
    base = "a.out";
  for (const Input &input : options.inputs)
    if (base.empty() || base == "-")
      if (input.kind == Input::Kind::MLIR || input.kind == Input::Kind::Source)
        base = getDefaultOutput(input.value == "-" ? "stdin" : input.value,
                                Phase::Obj);
  SmallString<128> json(base);
  sys::path::replace_extension(json, "json");
  const std::string &named = options.timeTracePath;
  if (named.empty())
    return json.str().str();
  if (!sys::fs::is_directory(named) && !StringRef(named).ends_with("/"))
    return named;
  SmallString<128> inside(named);
  sys::path::append(inside, sys::path::filename(json));
  return inside.str().str();
}

namespace {

class Driver {
public:
  Driver(const DriverOptions &options, TempFiles &temps)
      : options(options), temps(temps), units(createTargetUnits()) {}

  Error run();

private:
  Error checkOutputsAreNotInputs() const;
  Error setUp();
  Error compileOnly();
  /// -fsyntax-only: parses and verifies each input, writing nothing.
  Error checkInputs();
  /// -M, -MM: writes each input's dependencies as a rule, compiling nothing.
  Error listDependencies();
  Error compileAndLink();
  /// \p dependencyOutput: the output the dependency file names (\p output
  /// may be a temporary). \p coverageFiles: where --coverage's notes and
  /// data go, without their extension.
  Error compileSource(const Input &input, StringRef output, Phase phase,
                      StringRef dependencyOutput = "",
                      StringRef coverageFiles = "");
  /// --coverage: the notes and data files of \p input, without extension,
  /// named as clang names them for \p output (an object, or the executable
  /// when \p linking), since \p input is compiled to a temporary.
  std::string getCoverageFiles(const Input &input, StringRef output,
                               bool linking) const;
  std::pair<std::string, std::vector<std::string>>
  getDependencyFile(const Input &input, StringRef output) const;
  Error writeDependencyFile(const Input &input, StringRef output);
  /// An error when no .mlir input defined the --entry-point function, or
  /// main for an executable made of .mlir files only.
  Error checkEntryPointDefined() const;
  Expected<std::vector<std::string>> getRuntimeLinkArgs();
  /// libomp for the programs that call it (omp ops, -fopenmp sources, or
  /// objects made so): an error when one of those needs it and it is
  /// missing.
  Error addOpenMPRuntime(std::vector<std::string> &args) const;
  /// The unit that builds \p input when it is a GPU source (.cu, .hip).
  const TargetUnit *findSourceUnit(const Input &input) const;

  const DriverOptions &options;
  TempFiles &temps;
  std::vector<std::unique_ptr<TargetUnit>> units;
  TargetSettings targetSettings;
  std::unique_ptr<CompileSettings> settings;
  /// The units whose runtime backends the program needs.
  std::vector<const TargetUnit *> linkUnits;
  /// What the link needs for the GPU sources it compiles.
  std::vector<std::string> sourceLinkArgs;
  /// How many compiled .mlir inputs define the --entry-point function.
  unsigned entryPointsDefined = 0;
  /// The first omp op of the compiled inputs, "" when none has one.
  std::string openMPUse;
};

} // namespace

const TargetUnit *Driver::findSourceUnit(const Input &input) const {
  if (input.kind != Input::Kind::Source || input.language.empty())
    return nullptr;
  for (const std::unique_ptr<TargetUnit> &unit : units)
    if (unit->getSourceLanguage() == input.language)
      return unit.get();
  return nullptr;
}

Error Driver::setUp() {
  JobOptions jobOptions;
  jobOptions.verbose = options.verbose;
  jobOptions.printOnly = options.printJobs;
  targetSettings = getTargetSettings(options);

  std::vector<OffloadTarget> targets;
  if (options.hasInput(Input::Kind::MLIR) ||
      llvm::any_of(options.inputs, [&](const Input &input) {
        return findSourceUnit(input) != nullptr;
      })) {
    Expected<std::vector<OffloadTarget>> resolved =
        resolveTargets(options, units);
    if (!resolved)
      return resolved.takeError();
    targets = std::move(*resolved);
    if (options.deviceOnly)
      for (const OffloadTarget &target : targets)
        if (!target.unit->hasDeviceModules())
          return createStringError(
              "--offload-device-only: the %s target compiles kernels into the "
              "host object and has no device code of its own; name GPU "
              "targets with --offload-arch",
              target.arch.c_str());
    if (options.verbose) {
      errs() << "mlirc: targets:";
      for (const OffloadTarget &target : targets)
        errs() << ' ' << target.arch;
      errs() << '\n';
    }
  }
  // The runtime follows what the whole program holds: the .mlir inputs'
  // targets and what the objects it links carry.
  bool linking = options.finalPhase == Phase::Exe;
  LinkInputContents objects;
  if (linking)
    objects = scanLinkInputs(options.inputs);
  std::vector<const TargetUnit *> compileUnits;
  for (const std::unique_ptr<TargetUnit> &unit : units) {
    std::vector<OffloadTarget> own = getTargetsOf(targets, *unit);
    bool compiles = !own.empty();
    bool links = linking && (compiles || unit->isCarriedBy(objects));
    if (compiles && linking &&
        llvm::any_of(options.inputs, [&](const Input &input) {
          return findSourceUnit(input) == unit.get();
        }))
      llvm::append_range(sourceLinkArgs, unit->getSourceLinkArgs());
    if (compiles)
      compileUnits.push_back(unit.get());
    if (links)
      linkUnits.push_back(unit.get());
    if (!compiles && !links)
      continue;
    // -M lists the device libraries the compile would link.
    bool needTools = links || (compiles && (options.finalPhase >= Phase::LLVM ||
                                            options.listDependencies));
    if (Error err = unit->setUp(own, targetSettings, needTools,
                                options.verbose ? &errs() : nullptr))
      return err;
  }
  // A program that carries no device code still links a runtime: the
  // fallback's.
  if (linking && linkUnits.empty())
    for (const std::unique_ptr<TargetUnit> &unit : units)
      if (!unit->getFallbackArch().empty())
        linkUnits.push_back(unit.get());
  settings.reset(new CompileSettings{
      options, std::move(targets), std::move(compileUnits), jobOptions, temps});
  settings->entryPointsDefined = &entryPointsDefined;
  settings->openMPUse = &openMPUse;
  settings->singleMLIRInput =
      llvm::count_if(options.inputs, [](const Input &input) {
        return input.kind == Input::Kind::MLIR;
      }) == 1;
  return Error::success();
}

std::string Driver::getCoverageFiles(const Input &input, StringRef output,
                                     bool linking) const {
  if (!options.coverage)
    return "";
  SmallString<256> path(output);
  sys::fs::make_absolute(path);
  if (!linking) {
    sys::path::replace_extension(path, "");
    return std::string(path);
  }
  if (sys::path::filename(output) == "a.out")
    sys::path::replace_extension(path, "");
  return (path + "-" + sys::path::stem(input.value)).str();
}

Error Driver::compileSource(const Input &input, StringRef output, Phase phase,
                            StringRef dependencyOutput,
                            StringRef coverageFiles) {
  // -emit-llvm: LLVM IR, as text (-S) or bitcode (-c).
  bool asText =
      phase == Phase::Asm || (phase == Phase::LLVM && !options.emitBitcode);
  std::vector<std::string> args = {asText ? "-S" : "-c",
                                   "-O" + std::to_string(options.optLevel),
                                   input.value, "-o", output.str()};
  if (phase == Phase::Input)
    args = {"-fsyntax-only", "-O" + std::to_string(options.optLevel),
            input.value};
  // -M, -MM: clang writes the rule to \p output.
  if (phase == Phase::Input && options.listDependencies) {
    args = {options.userDependenciesOnly ? "-MM" : "-M",
            "-O" + std::to_string(options.optLevel), input.value, "-MF",
            output.str()};
    if (options.phonyDependencies)
      args.push_back("-MP");
    for (const std::string &target : options.dependencyTargets)
      args.insert(args.end(), {"-MT", target});
  }
  if (phase == Phase::LLVM)
    args.insert(args.begin() + 1, "-emit-llvm");
  if (!input.language.empty())
    args.insert(args.begin() + 2, {"-x", input.language});
  for (StringRef feature : llvm::reverse(options.hostFeatures))
    args.insert(args.begin() + 2, (feature.starts_with("-") ? "-mno-" : "-m") +
                                      feature.drop_front().str());
  if (!options.hostTuneCpu.empty())
    args.insert(args.begin() + 2, "-mtune=" + options.hostTuneCpu);
  if (!options.hostCpu.empty())
    args.insert(args.begin() + 2, "-march=" + options.hostCpu);
  if (options.debugInfo)
    args.insert(args.begin() + 2, options.debugFlag);
  std::vector<std::string> sanitize = getSanitizerArgs(options);
  args.insert(args.begin() + 2, sanitize.begin(), sanitize.end());
  // clang writes C/C++ inputs' dependency files itself.
  if (options.dependencyFile && !dependencyOutput.empty()) {
    auto [path, targets] = getDependencyFile(input, dependencyOutput);
    std::vector<std::string> deps = {
        options.userDependenciesOnly ? "-MMD" : "-MD", "-MF", path};
    if (options.phonyDependencies)
      deps.push_back("-MP");
    for (const std::string &target : targets)
      deps.insert(deps.end(), {"-MT", target});
    args.insert(args.begin() + 2, deps.begin(), deps.end());
  }
  if (!coverageFiles.empty())
    args.insert(
        args.begin() + 2,
        {"-Xclang", "-coverage-notes-file=" + coverageFiles.str() + ".gcno",
         "-Xclang", "-coverage-data-file=" + coverageFiles.str() + ".gcda"});
  args.insert(args.begin() + 2, options.sourceArgs.begin(),
              options.sourceArgs.end());
  if (options.openMP) {
    std::vector<std::string> openMP = {"-fopenmp"};
    std::string headers = findOpenMPHeaderDir(MLIRC_LLVM_LIBRARY_DIR);
    // Last, after clang's own headers: that directory's other headers are
    // another clang version's.
    if (!headers.empty())
      openMP.insert(openMP.end(), {"-idirafter", headers});
    args.insert(args.begin() + 2, openMP.begin(), openMP.end());
  }
  // CUDA and HIP sources: device code for the unit's targets, in objects
  // that link like mlirc's.
  if (const TargetUnit *unit = findSourceUnit(input)) {
    std::vector<OffloadTarget> own = getTargetsOf(settings->targets, *unit);
    if (own.empty())
      return createStringError(
          "%s: a %s source, but no %s target; add one with --offload-arch: "
          "%s",
          input.value.c_str(), StringRef(input.language).upper().c_str(),
          unit->getName().str().c_str(), unit->getArchExamples().str().c_str());
    std::vector<std::string> offload = unit->getSourceCompileArgs(own);
    args.insert(args.begin() + 2, offload.begin(), offload.end());
  }
  Expected<std::vector<Job>> jobs =
      buildClangJobs(args, "clang compiling " + input.value);
  if (!jobs)
    return jobs.takeError();
  // clang's diagnostics say what is wrong, at the line.
  for (Job &job : *jobs) {
    job.failure = Job::Failure::AsCompile;
    if (Error err = runJobs(job, settings->jobOptions))
      return err;
  }
  return Error::success();
}

/// Where the dependency file of \p input compiled to \p output goes (-MF,
/// else beside the output as <stem>.d) and its targets (-MT/-MQ, else the
/// output), as clang chooses them.
std::pair<std::string, std::vector<std::string>>
Driver::getDependencyFile(const Input &input, StringRef output) const {
  std::string path = options.dependencyPath;
  std::string object = output.str();
  if (output == "-")
    object = (sys::path::stem(input.value) + ".o").str();
  if (path.empty()) {
    SmallString<128> beside(object);
    sys::path::replace_extension(beside, "d");
    path = beside.str().str();
  }
  std::vector<std::string> targets = options.dependencyTargets;
  if (targets.empty())
    targets.push_back(quoteForMake(object));
  return {path, targets};
}

/// The make rule of a .mlir input: the input, and what device code was
/// linked with.
static void printDependencyRule(raw_ostream &os, const Input &input,
                                ArrayRef<std::string> targets,
                                ArrayRef<const TargetUnit *> units,
                                bool phony) {
  // Standard input is no file make could look at, as clang leaves it out.
  std::vector<std::string> deps;
  if (input.value != "-")
    deps.push_back(input.value);
  for (const TargetUnit *unit : units)
    llvm::append_range(deps, unit->getDeviceLibraries());
  os << llvm::join(targets, " ") << ":";
  for (const std::string &dep : deps)
    os << " \\\n  " << quoteForMake(dep);
  os << "\n";
  // As clang's -MP: make does not stop when a device library goes away.
  if (phony)
    for (const std::string &dep :
         ArrayRef(deps).drop_front(input.value == "-" ? 0 : 1))
      os << "\n" << quoteForMake(dep) << ":\n";
}

Error Driver::listDependencies() {
  std::string rules;
  raw_string_ostream os(rules);
  for (const Input &input : options.inputs) {
    if (input.kind == Input::Kind::MLIR) {
      // As clang names the target: the input's object in this directory.
      std::vector<std::string> targets = options.dependencyTargets;
      if (targets.empty())
        targets.push_back(
            quoteForMake((sys::path::stem(input.value) + ".o").str()));
      printDependencyRule(os, input, targets, settings->units,
                          options.phonyDependencies);
      continue;
    }
    if (input.kind != Input::Kind::Source)
      continue;
    Expected<std::string> rule =
        temps.create(sys::path::stem(input.value), "d");
    if (!rule)
      return rule.takeError();
    if (Error err = compileSource(input, *rule, Phase::Input))
      return err;
    if (options.printJobs)
      continue;
    ErrorOr<std::unique_ptr<MemoryBuffer>> text = MemoryBuffer::getFile(*rule);
    if (!text)
      return createStringError("cannot read '%s', clang's dependencies of "
                               "%s: %s",
                               rule->c_str(), input.value.c_str(),
                               text.getError().message().c_str());
    os << (*text)->getBuffer();
  }
  if (options.printJobs)
    return Error::success();
  std::string path = !options.dependencyPath.empty() ? options.dependencyPath
                     : !options.output.empty()       ? options.output
                                                     : "-";
  return writeOutputFile(path, [&](raw_pwrite_stream &out) {
    out << rules;
    return Error::success();
  });
}

Error Driver::writeDependencyFile(const Input &input, StringRef output) {
  std::string path;
  std::vector<std::string> targets;
  std::tie(path, targets) = getDependencyFile(input, output);
  return writeOutputFile(path, [&](raw_pwrite_stream &os) {
    printDependencyRule(os, input, targets, settings->units,
                        options.phonyDependencies);
    return Error::success();
  });
}

Error Driver::checkEntryPointDefined() const {
  if (entryPointsDefined || !options.hasInput(Input::Kind::MLIR))
    return Error::success();
  if (options.entryPoint.empty()) {
    // An executable of .mlir files alone starts at one of theirs; else C or
    // C++ code, an object or a library may bring main.
    bool onlyMLIR = llvm::all_of(options.inputs, [](const Input &input) {
      return input.kind == Input::Kind::MLIR;
    });
    if (options.finalPhase != Phase::Exe || !onlyMLIR || options.shared ||
        llvm::is_contained(options.linkDriverArgs, "-r"))
      return Error::success();
    return createStringError("no .mlir input defines '@main', the function a "
                             "program starts with; name the one it starts "
                             "with: --entry-point=<function>");
  }
  return createStringError("no .mlir input defines the function '@%s' that "
                           "--entry-point=%s names",
                           options.entryPoint.c_str(),
                           options.entryPoint.c_str());
}

Error Driver::checkInputs() {
  for (const Input &input : options.inputs) {
    Error err = Error::success();
    if (input.kind == Input::Kind::MLIR)
      err = compileMLIRFile(input.value, "", Phase::Input, *settings);
    else if (input.kind == Input::Kind::Source)
      err = compileSource(input, "", Phase::Input);
    if (err)
      return err;
  }
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
                             ? getDefaultOutput(input.value, options.finalPhase,
                                                options.emitBitcode)
                             : options.output;
    if (input.kind == Input::Kind::MLIR) {
      if (Error err = compileMLIRFile(input.value, output, options.finalPhase,
                                      *settings))
        return err;
      if (options.dependencyFile && !options.printJobs)
        if (Error err = writeDependencyFile(input, output))
          return err;
    } else if (input.kind == Input::Kind::Source) {
      if (options.finalPhase != Phase::Obj &&
          options.finalPhase != Phase::Asm && !options.emitLLVM)
        return createStringError(
            "%s: --compile-to=%s applies to .mlir inputs only",
            input.value.c_str(),
            getPhaseName(options.finalPhase).str().c_str());
      std::string target = output;
      // "-" too: clang would print to the output mlirc captures.
      if (!options.printJobs) {
        Expected<std::string> temp = createOutputTempName(output);
        if (!temp)
          return temp.takeError();
        temps.track(*temp);
        target = *temp;
      }
      if (Error err = compileSource(input, target, options.finalPhase, output,
                                    getCoverageFiles(input, output, false)))
        return err;
      if (target != output)
        if (Error err = commitOutputFile(target, output))
          return err;
    }
  }
  return checkEntryPointDefined();
}

Error Driver::addOpenMPRuntime(std::vector<std::string> &args) const {
  // A relocatable link leaves the runtime to the final one.
  if (llvm::is_contained(options.linkDriverArgs, "-r"))
    return Error::success();
  bool needed = options.openMP || !openMPUse.empty();
  std::string user = openMPUse.empty() ? "-fopenmp" : openMPUse;
  // libomp is a shared library only.
  bool isStatic = llvm::is_contained(options.linkDriverArgs, "-static");
  std::optional<std::string> runtime =
      isStatic ? std::nullopt : findOpenMPRuntime(MLIRC_LLVM_LIBRARY_DIR);
  if (!runtime) {
    if (!needed)
      return Error::success();
    return createStringError(
        isStatic ? "%s needs the OpenMP runtime, which is a shared library "
                   "(libomp): link without -static"
                 : "%s needs the OpenMP runtime (libomp), which is not "
                   "installed; install it (Debian: apt-get install "
                   "libomp-dev)",
        user.c_str());
  }
  // On every link, as the runtime archives are: a program that calls no
  // __kmpc_* function does not depend on it.
  args.insert(args.end(),
              {"-Wl,--push-state,--as-needed", *runtime, "-Wl,--pop-state"});
  StringRef dir = sys::path::parent_path(*runtime);
  if (dir == MLIRC_LLVM_LIBRARY_DIR)
    args.push_back(("-Wl,-rpath," + dir).str());
  return Error::success();
}

Expected<std::vector<std::string>> Driver::getRuntimeLinkArgs() {
  std::vector<std::string> args;
  // First what each unit needs, which says why a unit cannot link.
  std::vector<std::string> unitArgs;
  for (const TargetUnit *unit : linkUnits) {
    Expected<std::vector<std::string>> own = unit->getLinkArgs(targetSettings);
    if (!own)
      return own.takeError();
    llvm::append_range(unitArgs, *own);
  }
  std::string libDir = getLibraryDir();
  // One backend's own library, or the dispatcher that chooses when the
  // program starts and every backend, whole (it refers to them weakly).
  std::vector<std::string> libraries;
  if (linkUnits.size() == 1) {
    libraries.push_back(
        ("mlirc_" + linkUnits[0]->getRuntimeBackend() + "_runtime").str());
  } else {
    libraries.push_back("mlirc_runtime");
    for (const TargetUnit *unit : linkUnits)
      libraries.push_back(
          ("mlirc_" + unit->getRuntimeBackend() + "_backend").str());
  }
  for (const std::string &library : libraries) {
    SmallString<128> path(libDir);
    sys::path::append(path, "lib" + library + ".a");
    if (options.printJobs || sys::fs::exists(path))
      continue;
    std::string backends;
    for (const TargetUnit *unit : linkUnits)
      backends += (backends.empty() ? "" : ", ") + unit->getName().str();
    return createStringError(
        "'%s' is missing: mlirc was built without the runtime for %s (a "
        "toolkit was missing when it was built), so it cannot link this "
        "program; rebuild it with the toolkit installed",
        path.c_str(), backends.c_str());
  }
  args.push_back("-L" + libDir);
  args.push_back("-l" + libraries.front());
  if (libraries.size() > 1) {
    args.push_back("-Wl,--whole-archive");
    for (const std::string &library : ArrayRef(libraries).drop_front())
      args.push_back("-l" + library);
    args.push_back("-Wl,--no-whole-archive");
  }
  llvm::append_range(args, unitArgs);
  // The async dialect's runtime and MLIR's runner utilities (printMemref*,
  // vector.print), taken from the archives only by programs that use them;
  // mlirc's own builds, so that executables need no LLVM library.
  args.push_back("-lmlirc_async_runtime");
  args.push_back("-lmlirc_apfloat_runtime");
  args.push_back("-lmlirc_sparse_io_runtime");
  args.push_back("-lmlirc_runner_utils");
  // What the arithmetic on f8 and other floats LLVM has no type for needs
  // (APFloat) and MLIR's sparse tensor file reader, linked statically,
  // taken only by programs that use them.
  for (StringRef library : {"libMLIRSparseTensorRuntime.a", "libLLVMSupport.a",
                            "libLLVMDemangle.a"}) {
    SmallString<128> path(MLIRC_LLVM_LIBRARY_DIR);
    sys::path::append(path, library);
    if (sys::fs::exists(path))
      args.push_back(std::string(path));
  }
  // LLVM's own builtins: x86 converts to bf16 with __truncsfbf2, which
  // GCC's runtime library lacks.
  SmallString<128> builtins(MLIRC_LLVM_LIBRARY_DIR);
  std::string builtinsName =
      ("libclang_rt.builtins-" + Triple(sys::getProcessTriple()).getArchName() +
       ".a")
          .str();
  sys::path::append(builtins, "clang", std::to_string(LLVM_VERSION_MAJOR),
                    "lib", "linux");
  sys::path::append(builtins, builtinsName);
  if (sys::fs::exists(builtins))
    args.push_back(std::string(builtins));
  if (Error err = addOpenMPRuntime(args))
    return std::move(err);
  args.push_back("-lpthread");
  // A shared library keeps its runtime to itself: a program or another
  // library with mlirc's runtime of its own must not bind to this copy.
  if (options.shared) {
    libraries.insert(libraries.end(),
                     {"mlirc_async_runtime", "mlirc_apfloat_runtime",
                      "mlirc_sparse_io_runtime", "mlirc_runner_utils"});
    std::string hidden = "--exclude-libs=libcudart_static.a:libLLVMSupport.a:"
                         "libLLVMDemangle.a:libMLIRSparseTensorRuntime.a";
    for (const std::string &library : libraries)
      hidden += ":lib" + library + ".a";
    args.insert(args.end(), {"-Xlinker", hidden});
  }
  return args;
}

Error Driver::compileAndLink() {
  std::string output = options.output.empty() ? "a.out" : options.output;
  // LLVM's lld, found beside clang: it links an executable in a few
  // hundredths of a second where GNU ld, reading libLLVM's symbols for the
  // runner utilities, takes about one.
  std::vector<std::string> linkArgs = {"--offload-link",
                                       "-fuse-ld=" + options.linker,
                                       "-O" + std::to_string(options.optLevel)};
  // -shared, -static-libstdc++, -f... as given; clang would warn about the
  // -f options that only compiles use.
  llvm::append_range(linkArgs, options.linkDriverArgs);
  if (!options.linkDriverArgs.empty())
    linkArgs.push_back("-Qunused-arguments");
  // --offload-jobs: clang-linker-wrapper links the device code of each
  // architecture in parallel. Not by default: the executable's section
  // order then follows which device link finishes first.
  if (options.offloadJobs)
    linkArgs.push_back("--offload-jobs=" + std::to_string(options.offloadJobs));
  // clang-linker-wrapper's --compress: clang-offload-bundler compresses
  // the HIP fat binary (CUDA's fatbinary is compressed by default).
  if (options.offloadCompress) {
    linkArgs.push_back("--offload-compress");
    if (options.offloadCompressionLevel)
      linkArgs.push_back("--offload-compression-level=" +
                         std::to_string(options.offloadCompressionLevel));
  }
  // clang links the sanitizers' runtimes.
  llvm::append_range(linkArgs, getSanitizerArgs(options));
  std::string linkOutput = output;
  if (options.saveTemps && !options.printJobs) {
    // A fixed name, so the files clang-linker-wrapper keeps are predictable;
    // among the kept files for an output written in place (/dev/null).
    std::string name = getToolSafeName(sys::path::filename(output));
    SmallString<128> beside(sys::path::parent_path(output));
    sys::path::append(beside, name + ".tmp");
    linkOutput = isWrittenInPlace(output)
                     ? temps.keptPath(name == "-" ? "a.out.tmp" : name + ".tmp")
                     : std::string(beside);
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
              : compileSource(input, *object, Phase::Obj, "",
                              getCoverageFiles(input, output, true));
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
  if (Error err = checkEntryPointDefined())
    return err;
  Expected<std::vector<std::string>> runtimeArgs = getRuntimeLinkArgs();
  if (!runtimeArgs)
    return runtimeArgs.takeError();
  llvm::append_range(linkArgs, *runtimeArgs);
  llvm::append_range(linkArgs, sourceLinkArgs);

  Expected<std::vector<Job>> jobs = buildClangJobs(linkArgs, "the link");
  if (!jobs)
    return jobs.takeError();
  // -v shows the device links and bundling the wrapper runs, without
  // making the host linker verbose too.
  if (options.verbose)
    for (Job &job : *jobs)
      if (sys::path::filename(job.program) == "clang-linker-wrapper")
        job.args.insert(job.args.begin(), "--wrapper-verbose");
  for (Job &job : *jobs) {
    job.failure = Job::Failure::AsLink;
    if (Error err = runJobs(job, settings->jobOptions))
      return err;
  }
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
  for (const Input &input : options.inputs)
    if (input.kind != Input::Kind::LinkFlag &&
        sys::fs::is_directory(input.value))
      return createStringError("cannot open input file '%s': Is a directory",
                               input.value.c_str());
  if (Error err = checkOutputsAreNotInputs())
    return err;
  if (options.dependencyFile && options.finalPhase == Phase::Exe)
    return createStringError("-MD and -MMD write one dependency file per "
                             "compiled input: use them with -c (or -S), as "
                             "build systems do");
  if (Error err = parseBackendOptions(options, units))
    return err;
  if (Error err = setUp())
    return err;
  if (options.listDependencies)
    return listDependencies();
  if (options.syntaxOnly)
    return checkInputs();
  if (options.finalPhase == Phase::Exe)
    return compileAndLink();
  return compileOnly();
}

Error Driver::checkOutputsAreNotInputs() const {
  std::vector<std::string> outputs;
  // A dependency file (-MF) too; -fsyntax-only writes nothing else, -M
  // standard output unless -o names a file.
  if (!options.dependencyPath.empty() &&
      (options.dependencyFile || options.listDependencies))
    outputs.push_back(options.dependencyPath);
  if (!options.syntaxOnly && !options.output.empty())
    outputs.push_back(options.output);
  else if (!options.syntaxOnly && !options.listDependencies) {
    if (options.finalPhase == Phase::Exe)
      outputs.push_back("a.out");
    else
      for (const Input &input : options.inputs)
        if (input.kind == Input::Kind::MLIR ||
            input.kind == Input::Kind::Source)
          outputs.push_back(getDefaultOutput(input.value, options.finalPhase,
                                             options.emitBitcode));
  }
  for (const std::string &output : outputs) {
    if (output == "-")
      continue;
    for (const Input &input : options.inputs) {
      if (input.kind == Input::Kind::LinkFlag || input.value == "-")
        continue;
      // The same file under another path or through a hard link too.
      bool same = false;
      if (!sys::fs::equivalent(input.value, output, same) && same)
        return createStringError(
            "the output file '%s' is the input '%s'; writing it would "
            "destroy the input: name another output with %s",
            output.c_str(), input.value.c_str(),
            output == options.dependencyPath ? "-MF" : "-o");
    }
  }
  return Error::success();
}

/// The driver once LLVM is set up: its exit status.
static int runWithLLVM(int argc, char **argv) {
  SmallVector<const char *> args(argv + 1, argv + argc);
  BumpPtrAllocator responseFileMemory;
  if (Error err = expandResponseFiles(args, responseFileMemory))
    return reportError(std::move(err));
  Expected<DriverOptions> options = parseArguments(args);
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
  PrivateTemps privateTemps;
  if (!options->printJobs)
    if (Error err = privateTemps.enter())
      return reportError(std::move(err));
  std::string keepDir;
  if (options->saveTempsBesideOutput && options->output != "-")
    keepDir = sys::path::parent_path(options->output).str();
  TempFiles temps(options->saveTemps, options->printJobs, keepDir);
  if (options->timeReport)
    enableTimeReport();
  if (options->timeTrace && !options->printJobs) {
    // Checked first, so that a trace that cannot be written fails the
    // compile before it writes anything.
    std::string trace = getTimeTracePath(*options);
    StringRef dir = sys::path::parent_path(trace);
    if (!dir.empty() && !sys::fs::is_directory(dir))
      return reportError(createStringError(
          "cannot write the time trace '%s': no directory '%s'", trace.c_str(),
          dir.str().c_str()));
    enableTimeTrace();
  }
  Error err = Driver(*options, temps).run();
  printTimeReport(errs());
  // As clang, a trace of a compile that finished.
  if (!err)
    err = writeTimeTrace(getTimeTracePath(*options));
  if (err)
    return reportError(std::move(err));
  return 0;
}

int mlirc::runDriver(int argc, char **argv) {
  InitLLVM initLLVM(argc, argv);
  // The temporaries are gone when this returns.
  int status = runWithLLVM(argc, argv);
  if (crashWasContained()) {
    // Reported already; LLVM's shutdown could crash on what the crash
    // left behind (CrashContainment.h).
    outs().flush();
    errs().flush();
    std::fflush(nullptr);
    std::_Exit(status);
  }
  return status;
}
