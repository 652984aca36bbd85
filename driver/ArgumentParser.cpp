//===- ArgumentParser.cpp - argv to DriverOptions -------------------------===//
//
// llvm::opt::OptTable, as in clang, lld and clang-linker-wrapper: it handles
// single-dash long flags (-save-temps, -Xlinker), joined and separate values
// (-o x, -ox), comma lists (-Wl,a,b) and needs no exceptions.
//
//===----------------------------------------------------------------------===//

#include "driver/ArgumentParser.h"
#include "support/OutputFile.h"

#include "clang/Options/Options.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Option/Arg.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
#include "llvm/Option/Option.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace llvm::opt;
using namespace mlirc;

namespace {

enum ID {
  OPT_INVALID = 0,
#define OPTION(...) LLVM_MAKE_OPT_ID(__VA_ARGS__),
#include "driver/Options.inc"
#undef OPTION
};

#define OPTTABLE_STR_TABLE_CODE
#include "driver/Options.inc"
#undef OPTTABLE_STR_TABLE_CODE

#define OPTTABLE_PREFIXES_TABLE_CODE
#include "driver/Options.inc"
#undef OPTTABLE_PREFIXES_TABLE_CODE

static constexpr OptTable::Info infoTable[] = {
#define OPTION(...) LLVM_CONSTRUCT_OPT_INFO(__VA_ARGS__),
#include "driver/Options.inc"
#undef OPTION
};

class MlircOptTable : public GenericOptTable {
public:
  MlircOptTable()
      : GenericOptTable(OptionStrTable, OptionPrefixesTable, infoTable) {}
};

const MlircOptTable &getOptTable() {
  static const MlircOptTable table;
  return table;
}

} // namespace

/// The undefined-behavior checks \p name turns on or off: one check or a
/// group, in clang's spelling; none for a name mlirc does not check.
static SmallVector<bool UndefinedBehaviorChecks::*>
getUndefinedChecks(StringRef name) {
  using C = UndefinedBehaviorChecks;
  for (const UndefinedBehaviorCheckName &check : undefinedBehaviorCheckNames)
    if (name == check.name)
      return {check.check};
  if (name == "shift-exponent")
    return {&C::shift};
  if (name == "runtime-verification")
    return {&C::runtimeVerification};
  if (name == "undefined")
    return {&C::divideByZero, &C::shift, &C::signedOverflow, &C::bounds};
  if (name == "integer")
    return {&C::divideByZero, &C::shift, &C::signedOverflow,
            &C::unsignedOverflow};
  return {};
}

static constexpr const char *supportedSanitizers =
    "address, undefined, integer, integer-divide-by-zero, shift, "
    "signed-integer-overflow, unsigned-integer-overflow, bounds, "
    "runtime-verification";

/// -fsanitize=<check> (\p on) or -fno-sanitize=<check>.
static Error setSanitizer(StringRef check, bool on, StringRef spelled,
                          DriverOptions &options) {
  if (check == "address") {
    options.addressSanitizer = on;
    return Error::success();
  }
  SmallVector<bool UndefinedBehaviorChecks::*> checks =
      getUndefinedChecks(check);
  if (checks.empty() && check != "all")
    return createStringError("unsupported sanitizer '%s' in '%s'; mlirc "
                             "instruments host code and the host target's "
                             "kernels with %s",
                             check.str().c_str(), spelled.str().c_str(),
                             supportedSanitizers);
  if (check == "all") {
    // clang takes `all` only to turn checks off.
    if (on)
      return createStringError("'%s': -fsanitize=all is not allowed; name "
                               "the checks, e.g. -fsanitize=address,undefined",
                               spelled.str().c_str());
    options.addressSanitizer = false;
    checks = getUndefinedChecks("integer");
    checks.push_back(&UndefinedBehaviorChecks::bounds);
    checks.push_back(&UndefinedBehaviorChecks::runtimeVerification);
  }
  for (bool UndefinedBehaviorChecks::*member : checks)
    options.ubChecks.*member = on;
  return Error::success();
}

/// For -f[no-]sanitize-{recover,trap}=: whether the values name an
/// undefined-behavior check (they apply to all of them alike).
static Expected<bool> namesUndefinedChecks(const Arg *arg,
                                           const ArgList &argList) {
  bool named = false;
  for (StringRef check : arg->getValues()) {
    if (check == "all" || !getUndefinedChecks(check).empty())
      named = true;
    else if (check != "address")
      return createStringError("unsupported sanitizer '%s' in '%s'; expected "
                               "one of %s, or all",
                               check.str().c_str(),
                               arg->getAsString(argList).c_str(),
                               supportedSanitizers);
  }
  return named;
}

/// The positive number \p arg's value spells, into \p result.
static Error parsePositive(const Arg *arg, const ArgList &argList,
                           unsigned &result, StringRef expected) {
  StringRef value = arg->getValue();
  if (!value.getAsInteger(10, result) && result != 0)
    return Error::success();
  return createStringError(
      "invalid value '%s' in '%s'; expected %s", value.str().c_str(),
      arg->getAsString(argList).c_str(), expected.str().c_str());
}

/// An error unless clang's driver knows \p spelling.
static Error checkClangOption(StringRef spelling) {
  const OptTable &clangTable = clang::getDriverOptTable();
  const char *argv[] = {spelling.data()};
  unsigned missingIndex = 0, missingCount = 0;
  InputArgList parsed = clangTable.ParseArgs(argv, missingIndex, missingCount);
  if (!parsed.hasArg(clang::options::OPT_UNKNOWN))
    return Error::success();
  std::string nearest;
  if (clangTable.findNearest(spelling, nearest) <= 1)
    return createStringError("unknown argument '%s'; did you mean '%s'?",
                             spelling.str().c_str(), nearest.c_str());
  return createStringError("unknown argument '%s'; clang knows no such -f "
                           "option",
                           spelling.str().c_str());
}

/// Classifies a positional argument by its extension.
static Expected<Input::Kind> classifyInput(StringRef path) {
  StringRef ext = sys::path::extension(path);
  // .mlirbc: MLIR bytecode, as mlir-opt --emit-bytecode names it.
  if (ext == ".mlir" || ext == ".mlirbc")
    return Input::Kind::MLIR;
  // What clang compiles besides C and C++: assembly and LLVM IR.
  if (is_contained({".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cu", ".hip",
                    ".s", ".S", ".ll", ".bc"},
                   ext))
    return Input::Kind::Source;
  if (is_contained({".o", ".a", ".so", ".obj"}, ext) || path.contains(".so."))
    return Input::Kind::LinkInput;
  return createStringError("%s: unknown input file type; mlirc takes .mlir and "
                           ".mlirbc, .c/.cc/.cpp/.cu/.hip/.s/.ll/.bc sources "
                           "and .o/.a/.so link inputs",
                           path.str().c_str());
}

/// One floating-point option, applied in command-line order as clang
/// applies them: the last one of a pair wins.
static void updateFloatModel(DriverOptions::FloatModel &model, unsigned id) {
  auto unsafe = [&](bool on) {
    model.reassoc = model.noSignedZeros = model.reciprocal = model.approxFunc =
        on;
  };
  auto finite = [&](bool on) { model.noNaNs = model.noInfs = on; };
  switch (id) {
  case OPT_ffast_math:
  case OPT_fno_fast_math: {
    bool on = id == OPT_ffast_math;
    unsafe(on);
    finite(on);
    model.flushDenormals = on;
    break;
  }
  case OPT_funsafe_math_optimizations:
  case OPT_fno_unsafe_math_optimizations:
    unsafe(id == OPT_funsafe_math_optimizations);
    break;
  case OPT_ffinite_math_only:
  case OPT_fno_finite_math_only:
    finite(id == OPT_ffinite_math_only);
    break;
  case OPT_fno_honor_nans:
  case OPT_fhonor_nans:
    model.noNaNs = id == OPT_fno_honor_nans;
    break;
  case OPT_fno_honor_infinities:
  case OPT_fhonor_infinities:
    model.noInfs = id == OPT_fno_honor_infinities;
    break;
  case OPT_fapprox_func:
  case OPT_fno_approx_func:
    model.approxFunc = id == OPT_fapprox_func;
    break;
  case OPT_fgpu_flush_denormals_to_zero:
  case OPT_fno_gpu_flush_denormals_to_zero:
    model.flushDenormals = id == OPT_fgpu_flush_denormals_to_zero;
    break;
  }
}

/// A floating-point model flag (-ffast-math, -fno-honor-nans, ...) spelled
/// \p spelling: the model, contraction, and what clang gets.
static void applyFloatOption(DriverOptions &options, unsigned id,
                             const std::string &spelling) {
  updateFloatModel(options.floatModel, id);
  // As in clang, the fast models contract everything and the exact ones
  // restore the default, unless a later -ffp-contract= says.
  if (id == OPT_ffast_math || id == OPT_funsafe_math_optimizations) {
    options.fpContract = "fast";
    options.fuseAllFloatOps = true;
  } else if (id == OPT_fno_fast_math ||
             id == OPT_fno_unsafe_math_optimizations) {
    options.fpContract.clear();
    options.fuseAllFloatOps.reset();
  }
  // Device code's only.
  if (id == OPT_fgpu_flush_denormals_to_zero ||
      id == OPT_fno_gpu_flush_denormals_to_zero)
    return;
  // clang takes the rest for C/C++ sources and the link (-ffast-math links
  // crtfastmath.o, which flushes denormals on the CPU too).
  options.sourceArgs.push_back(spelling);
  options.linkDriverArgs.push_back(spelling);
}

Error mlirc::expandResponseFiles(SmallVectorImpl<const char *> &args,
                                 BumpPtrAllocator &memory) {
  // LLVM leaves an @name it cannot find as it is; a build that passes one
  // means a file, and mlirc has no input whose name starts with '@'.
  for (const char *arg : args)
    if (arg[0] == '@' && !sys::fs::exists(arg + 1))
      return createStringError("cannot read the response file '%s': no such "
                               "file",
                               arg + 1);
  cl::ExpansionContext context(memory, cl::TokenizeGNUCommandLine);
  context.setRelativeNames(true);
  if (Error err = context.expandResponseFiles(args))
    return createStringError("cannot read a response file: %s",
                             toString(std::move(err)).c_str());
  return Error::success();
}

Expected<DriverOptions> mlirc::parseArguments(ArrayRef<const char *> args) {
  const OptTable &table = getOptTable();
  unsigned missingIndex = 0, missingCount = 0;
  InputArgList argList = table.ParseArgs(args, missingIndex, missingCount);
  if (missingCount)
    return createStringError("argument to '%s' is missing (expected %u value)",
                             argList.getArgString(missingIndex), missingCount);

  DriverOptions options;
  // -x: the language of the inputs that follow; empty for by extension.
  std::string language;
  for (const Arg *arg : argList) {
    switch (arg->getOption().getID()) {
    case OPT_UNKNOWN: {
      std::string nearest;
      std::string spelling = arg->getAsString(argList);
      if (table.findNearest(spelling, nearest) <= 1)
        return createStringError("unknown argument '%s'; did you mean '%s'?",
                                 spelling.c_str(), nearest.c_str());
      return createStringError("unknown argument '%s'; see mlirc --help",
                               spelling.c_str());
    }
    case OPT_INPUT: {
      if (language == "mlir") {
        options.inputs.push_back({Input::Kind::MLIR, arg->getValue()});
        break;
      }
      if (!language.empty()) {
        options.inputs.push_back(
            {Input::Kind::Source, arg->getValue(), language});
        break;
      }
      Expected<Input::Kind> kind = classifyInput(arg->getValue());
      if (!kind)
        return kind.takeError();
      // clang++ would compile a .c file as C++.
      StringRef ext = sys::path::extension(arg->getValue());
      options.inputs.push_back({*kind, arg->getValue(),
                                ext == ".c"     ? "c"
                                : ext == ".cu"  ? "cuda"
                                : ext == ".hip" ? "hip"
                                                : ""});
      break;
    }
    case OPT_x: {
      // As in clang: for the inputs that follow, until the next -x.
      StringRef value = arg->getValue();
      if (!is_contained({"mlir", "c", "c++", "cuda", "hip", "ir", "assembler",
                         "assembler-with-cpp", "none"},
                        value))
        return createStringError("language not recognized: '%s' in '-x %s'; "
                                 "mlirc takes mlir, c, c++, cuda, hip, ir, "
                                 "assembler, assembler-with-cpp or none",
                                 value.str().c_str(), value.str().c_str());
      language = value == "none" ? "" : value.str();
      break;
    }
    case OPT_help:
      options.showHelp = true;
      break;
    case OPT_version:
      options.showVersion = true;
      break;
    case OPT_o:
      options.output = arg->getValue();
      break;
    case OPT_c:
      options.finalPhase = Phase::Obj;
      break;
    case OPT_S:
      options.finalPhase = Phase::Asm;
      break;
    case OPT_fsyntax_only:
      options.syntaxOnly = true;
      break;
    case OPT_M:
    case OPT_MM:
      options.listDependencies = true;
      options.userDependenciesOnly = arg->getOption().matches(OPT_MM);
      break;
    case OPT_compile_to: {
      std::optional<Phase> phase = parsePhaseName(arg->getValue());
      if (!phase)
        return createStringError(
            "unknown phase '%s' in --compile-to; expected one of input, "
            "bufferized, outlined, device, binary, host, llvm, asm, obj, exe",
            arg->getValue());
      options.finalPhase = *phase;
      break;
    }
    case OPT_offload_arch: {
      // OptTable drops empty items of a comma list; they are mistakes.
      StringRef spelled = argList.getArgString(arg->getIndex());
      SmallVector<StringRef> items;
      spelled.split('=').second.split(items, ',');
      if (llvm::is_contained(items, ""))
        return createStringError(
            "empty architecture in '%s'; name one or more, separated by "
            "commas, e.g. --offload-arch=sm_80,gfx90a,host",
            spelled.str().c_str());
      for (const char *value : arg->getValues())
        options.offloadArchs.push_back(value);
      break;
    }
    case OPT_no_offload_arch:
      for (StringRef value : arg->getValues()) {
        if (value == "all")
          options.offloadArchs.clear();
        else
          llvm::erase(options.offloadArchs, value);
      }
      break;
    case OPT_offload_device_only:
      options.deviceOnly = true;
      break;
    case OPT_emit_llvm:
      options.emitLLVM = true;
      break;
    case OPT_cuda_path:
      options.cudaPath = arg->getValue();
      break;
    case OPT_rocm_path:
      options.rocmPath = arg->getValue();
      break;
    case OPT_mcode_object_version_EQ:
      if (Error err = parsePositive(arg, argList, options.codeObjectVersion,
                                    "4, 5 or 6"))
        return err;
      break;
    case OPT_entry_point_EQ:
      options.entryPoint = StringRef(arg->getValue()).ltrim('@').str();
      if (options.entryPoint.empty())
        return createStringError("missing function name in '--entry-point='; "
                                 "name the function the program starts with, "
                                 "such as --entry-point=entry");
      break;
    case OPT_entry_point_result_EQ: {
      StringRef type = arg->getValue();
      if (type != "void" && type != "i32" && type != "i64" && type != "f32")
        return createStringError(
            "invalid value '%s' in '%s'; the entry point's result is void, "
            "i32, i64 or f32",
            type.str().c_str(), arg->getAsString(argList).c_str());
      options.entryPointResult = type.str();
      break;
    }
    case OPT_transform_library_EQ:
      options.transformLibrary = arg->getValue();
      if (!sys::fs::exists(options.transformLibrary))
        return createStringError("no such file or directory: '%s' "
                                 "(--transform-library=)",
                                 options.transformLibrary.c_str());
      break;
    case OPT_transform_entry_point_EQ:
      options.transformEntryPoint = arg->getValue();
      if (options.transformEntryPoint.empty())
        return createStringError("missing name in '%s'",
                                 arg->getAsString(argList).c_str());
      break;
    case OPT_march_EQ:
    case OPT_mtune_EQ: {
      bool tune = arg->getOption().matches(OPT_mtune_EQ);
      (tune ? options.hostTuneCpu : options.hostCpu) = arg->getValue();
      if (StringRef(arg->getValue()).empty())
        return createStringError(
            "missing CPU name in '%s'; use a CPU name such as %s, or native",
            arg->getSpelling().str().c_str(),
            tune ? "generic, znver3" : "x86-64-v3");
      break;
    }
    case OPT_m_Joined: {
      // LLVM checks the names when host code is generated; -m64 is what
      // mlirc generates anyway.
      StringRef feature = arg->getValue();
      if (feature == "64")
        break;
      if (feature == "32" || feature == "x32" || feature == "16")
        return createStringError("'%s': mlirc generates 64-bit host code "
                                 "only",
                                 arg->getAsString(argList).c_str());
      bool disable = feature.consume_front("no-");
      if (feature.empty())
        return createStringError("missing extension name in '%s'; use one "
                                 "such as -mavx2 or -mno-avx512f",
                                 arg->getAsString(argList).c_str());
      options.hostFeatures.push_back((disable ? "-" : "+") + feature.str());
      break;
    }
    case OPT_O: {
      StringRef level = arg->getValue();
      if (level.empty() || level == "s" || level == "z") {
        options.optLevel = 2;
      } else if (level == "fast") {
        // As clang's (which deprecates it): -O3, and -ffast-math where no
        // other -O follows.
        options.optLevel = 3;
        if (arg == argList.getLastArg(OPT_O))
          applyFloatOption(options, OPT_ffast_math, "-ffast-math");
      } else if (level == "g") {
        // As clang's: the level that keeps the code debuggable.
        options.optLevel = 1;
      } else if (level.getAsInteger(10, options.optLevel)) {
        return createStringError("invalid optimization level '-O%s'; "
                                 "expected -O0, -O1, -O2, -O3, -Os, -Oz, "
                                 "-Og or -Ofast",
                                 level.str().c_str());
      } else if (options.optLevel > 3) {
        // As clang, which takes -O4 and above for the highest level.
        WithColor::warning(errs(), "mlirc")
            << "optimization level '-O" << level
            << "' is not supported; using '-O3' instead\n";
        options.optLevel = 3;
      }
      break;
    }
    case OPT_v:
      options.verbose = true;
      break;
    case OPT_g:
    case OPT_g1:
    case OPT_g2:
    case OPT_g3:
    case OPT_ggdb:
    case OPT_ggdb3:
    case OPT_gline_tables_only:
    case OPT_gdwarf:
    case OPT_gdwarf_4:
    case OPT_gdwarf_5:
      options.debugInfo = true;
      options.debugFlag = arg->getAsString(argList);
      break;
    case OPT_g0:
      options.debugInfo = false;
      break;
    case OPT_pipe:
      break;
    case OPT_Xclang:
      options.sourceArgs.insert(options.sourceArgs.end(),
                                {"-Xclang", arg->getValue()});
      break;
    case OPT_target_EQ: {
      // Host code, the runtime and the host target's kernels are this
      // machine's; another OS or architecture is a cross build mlirc
      // cannot make.
      Triple given(Triple::normalize(arg->getValue()));
      Triple host(sys::getProcessTriple());
      if (given.getArch() != host.getArch() || given.getOS() != host.getOS())
        return createStringError(
            "--target=%s: mlirc builds for this machine (%s) only; drop "
            "--target, or compile on a machine of that kind",
            arg->getValue(), host.str().c_str());
      std::string spelling = "--target=" + std::string(arg->getValue());
      options.sourceArgs.push_back(spelling);
      options.linkDriverArgs.push_back(spelling);
      break;
    }
    case OPT_coverage:
      options.coverage = true;
      [[fallthrough]];
    case OPT_pthread:
      options.sourceArgs.push_back(arg->getAsString(argList));
      options.linkDriverArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_fsanitize_EQ:
    case OPT_fno_sanitize_EQ:
      for (StringRef check : arg->getValues())
        if (Error err =
                setSanitizer(check, arg->getOption().matches(OPT_fsanitize_EQ),
                             arg->getAsString(argList), options))
          return err;
      break;
    case OPT_fsanitize_recover:
    case OPT_fno_sanitize_recover:
      options.ubChecks.recover =
          arg->getOption().matches(OPT_fsanitize_recover);
      break;
    case OPT_fsanitize_recover_EQ:
    case OPT_fno_sanitize_recover_EQ:
      if (Expected<bool> named = namesUndefinedChecks(arg, argList); !named)
        return named.takeError();
      else if (*named)
        options.ubChecks.recover =
            arg->getOption().matches(OPT_fsanitize_recover_EQ);
      break;
    case OPT_fsanitize_trap:
    case OPT_fno_sanitize_trap:
      options.ubChecks.trap = arg->getOption().matches(OPT_fsanitize_trap);
      break;
    case OPT_fsanitize_trap_EQ:
    case OPT_fno_sanitize_trap_EQ:
      if (Expected<bool> named = namesUndefinedChecks(arg, argList); !named)
        return named.takeError();
      else if (*named)
        options.ubChecks.trap = arg->getOption().matches(OPT_fsanitize_trap_EQ);
      break;
    case OPT_ccc_print_jobs:
      options.printJobs = true;
      break;
    case OPT_save_temps:
      options.saveTemps = true;
      break;
    case OPT_save_temps_EQ: {
      StringRef where = arg->getValue();
      if (where != "cwd" && where != "obj")
        return createStringError("invalid value '%s' in '-save-temps=%s'; "
                                 "expected cwd or obj",
                                 where.str().c_str(), where.str().c_str());
      options.saveTemps = true;
      options.saveTempsBesideOutput = where == "obj";
      break;
    }
    case OPT_offload_jobs_EQ:
      if (Error err = parsePositive(arg, argList, options.offloadJobs,
                                    "a positive number"))
        return err;
      break;
    case OPT_offload_compress:
    case OPT_no_offload_compress:
      options.offloadCompress = arg->getOption().matches(OPT_offload_compress);
      break;
    case OPT_offload_compression_level_EQ:
      if (Error err =
              parsePositive(arg, argList, options.offloadCompressionLevel,
                            "a positive number"))
        return err;
      break;
    case OPT_offload_new_driver:
      break;
    case OPT_fuse_ld_EQ:
      options.linker = arg->getValue();
      if (options.linker.empty())
        return createStringError("missing linker name in '-fuse-ld='; use "
                                 "lld, bfd, gold, mold or a path");
      break;
    case OPT_Xlinker:
      options.inputs.push_back({Input::Kind::LinkFlag, "-Xlinker"});
      options.inputs.push_back({Input::Kind::LinkFlag, arg->getValue()});
      break;
    case OPT_ffp_contract_EQ: {
      StringRef value = arg->getValue();
      if (value != "fast" && value != "on" && value != "off" &&
          value != "fast-honor-pragmas")
        return createStringError("unsupported argument '%s' to option "
                                 "'-ffp-contract='; use fast, on, off or "
                                 "fast-honor-pragmas",
                                 value.str().c_str());
      // MLIR has no pragmas to honor.
      options.fpContract = value == "fast-honor-pragmas" ? "fast" : value.str();
      options.fuseAllFloatOps = value == "fast";
      options.sourceArgs.push_back(arg->getAsString(argList));
      break;
    }
    case OPT_Xcuda_ptxas:
      options.ptxasArgs.push_back(arg->getValue());
      break;
    case OPT_fgpu_rdc:
    case OPT_fno_gpu_rdc:
      options.relocatableDeviceCode = arg->getOption().matches(OPT_fgpu_rdc);
      break;
    case OPT_munsafe_fp_atomics:
    case OPT_mno_unsafe_fp_atomics:
      options.unsafeFloatAtomics =
          arg->getOption().matches(OPT_munsafe_fp_atomics);
      // HIP sources take it as clang's.
      options.sourceArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_fatomic_remote_memory:
    case OPT_fno_atomic_remote_memory:
      options.atomicRemoteMemory =
          arg->getOption().matches(OPT_fatomic_remote_memory);
      options.sourceArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_ffast_math:
    case OPT_fno_fast_math:
    case OPT_funsafe_math_optimizations:
    case OPT_fno_unsafe_math_optimizations:
    case OPT_ffinite_math_only:
    case OPT_fno_finite_math_only:
    case OPT_fno_honor_nans:
    case OPT_fhonor_nans:
    case OPT_fno_honor_infinities:
    case OPT_fhonor_infinities:
    case OPT_fapprox_func:
    case OPT_fno_approx_func:
    case OPT_fgpu_flush_denormals_to_zero:
    case OPT_fno_gpu_flush_denormals_to_zero: {
      applyFloatOption(options, arg->getOption().getID(),
                       arg->getAsString(argList));
      break;
    }
    case OPT_gpu_max_threads_per_block_EQ: {
      StringRef value = arg->getValue();
      if (value.getAsInteger(10, options.maxThreadsPerBlock) ||
          options.maxThreadsPerBlock < 1 || options.maxThreadsPerBlock > 1024)
        return createStringError("invalid value '%s' in "
                                 "'--gpu-max-threads-per-block=': expected "
                                 "a number of threads from 1 to 1024",
                                 value.str().c_str());
      break;
    }
    case OPT_Xoffload_linker:
      // clang-linker-wrapper takes it as --device-linker=<arg>.
      options.inputs.push_back({Input::Kind::LinkFlag, "-Xoffload-linker"});
      options.inputs.push_back({Input::Kind::LinkFlag, arg->getValue()});
      break;
    case OPT_Wl:
      for (const char *value : arg->getValues()) {
        options.inputs.push_back({Input::Kind::LinkFlag, "-Xlinker"});
        options.inputs.push_back({Input::Kind::LinkFlag, value});
      }
      break;
    case OPT_MD:
    case OPT_MMD:
      options.dependencyFile = true;
      options.userDependenciesOnly = arg->getOption().matches(OPT_MMD);
      break;
    case OPT_MF:
      options.dependencyPath = arg->getValue();
      break;
    case OPT_MT:
      options.dependencyTargets.push_back(arg->getValue());
      break;
    case OPT_MP:
      options.phonyDependencies = true;
      break;
    case OPT_MQ:
      options.dependencyTargets.push_back(quoteForMake(arg->getValue()));
      break;
    case OPT_I:
    case OPT_isystem:
    case OPT_D:
    case OPT_U:
    case OPT_include_:
    case OPT_std_EQ: {
      // As clang spells them, for clang.
      ArgStringList rendered;
      arg->render(argList, rendered);
      for (const char *part : rendered)
        options.sourceArgs.push_back(part);
      break;
    }
    case OPT_W_Joined:
    case OPT_w:
    case OPT_pedantic:
    case OPT_pedantic_errors:
      options.sourceArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_f_Joined: {
      // Checked against clang's options: mlirc would otherwise ignore a
      // misspelled one when no C/C++ input reaches clang.
      std::string spelling = arg->getAsString(argList);
      if (Error err = checkClangOption(spelling))
        return err;
      options.sourceArgs.push_back(spelling);
      options.linkDriverArgs.push_back(spelling);
      break;
    }
    case OPT_fPIC:
    case OPT_fpic:
    case OPT_fPIE:
    case OPT_fpie:
    case OPT_fno_pic:
    case OPT_fno_PIC:
    case OPT_fno_pie:
    case OPT_fno_PIE:
      options.positionIndependent =
          !arg->getOption().getName().starts_with("fno-");
      options.sourceArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_fopenmp:
    case OPT_fno_openmp:
      options.openMP = arg->getOption().matches(OPT_fopenmp);
      break;
    case OPT_shared:
      options.shared = true;
      options.linkDriverArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_r:
    case OPT_static_libstdcxx:
    case OPT_static_libgcc:
    case OPT_static:
    case OPT_pie:
    case OPT_no_pie:
    case OPT_rdynamic:
    case OPT_s:
      options.linkDriverArgs.push_back(arg->getAsString(argList));
      break;
    case OPT_ftime_report:
      options.timeReport = true;
      break;
    case OPT_ftime_trace:
      options.timeTrace = true;
      break;
    case OPT_ftime_trace_EQ:
      options.timeTrace = true;
      options.timeTracePath = arg->getValue();
      if (options.timeTracePath.empty())
        return createStringError("missing file name in '-ftime-trace='; name "
                                 "a file or a directory, or use -ftime-trace");
      break;
    case OPT_l:
      options.inputs.push_back(
          {Input::Kind::LinkFlag, std::string("-l") + arg->getValue()});
      break;
    case OPT_L:
      options.inputs.push_back(
          {Input::Kind::LinkFlag, std::string("-L") + arg->getValue()});
      break;
    case OPT_mllvm:
      options.mllvmArgs.push_back(arg->getValue());
      break;
    case OPT_mmlir:
      options.mmlirArgs.push_back(arg->getValue());
      break;
    default:
      llvm_unreachable("option without a handler");
    }
  }
  // -fsyntax-only wins over -c, -S, -emit-llvm and -MD, as clang's does;
  // -M and -MM (which imply clang's -E) over all of them.
  if (options.listDependencies)
    options.syntaxOnly = false;
  if (options.syntaxOnly || options.listDependencies) {
    options.finalPhase = Phase::Input;
    options.emitLLVM = false;
    options.deviceOnly = false;
    options.dependencyFile = false;
  }
  if (options.emitLLVM) {
    if (options.finalPhase != Phase::Obj && options.finalPhase != Phase::Asm &&
        options.finalPhase != Phase::LLVM)
      return createStringError("-emit-llvm writes LLVM IR in place of an "
                               "object (-c: bitcode) or assembly (-S: text), "
                               "not an executable: add -c or -S");
    if (options.deviceOnly)
      return createStringError(
          "-emit-llvm with --offload-device-only: mlirc writes the host LLVM "
          "IR only; -save-temps keeps each device module's LLVM IR "
          "(<stem>.<module>.<arch>.ll)");
    options.emitBitcode = options.finalPhase == Phase::Obj;
    options.finalPhase = Phase::LLVM;
  }
  if (options.deviceOnly) {
    if (options.finalPhase != Phase::Obj && options.finalPhase != Phase::Asm)
      return createStringError("--offload-device-only writes device objects "
                               "(-c) or device assembly (-S): add one of them");
    // The dependency file's target would be the host object's name.
    if (options.dependencyFile && options.output.empty() &&
        options.dependencyTargets.empty())
      return createStringError(
          "-MD with --offload-device-only: name the one output with -o (or "
          "the dependency file's target with -MT)");
    for (const Input &input : options.inputs)
      if (input.kind == Input::Kind::Source)
        return createStringError(
            "%s: --offload-device-only applies to .mlir inputs here; compile "
            "CUDA and HIP sources for their device alone with clang",
            input.value.c_str());
  }
  return options;
}

void mlirc::printHelp(raw_ostream &os) {
  getOptTable().printHelp(
      os, "mlirc [options] <inputs>",
      "mlirc: ahead-of-time compiler driver for MLIR GPU programs",
      /*ShowHidden=*/false, /*ShowAllAliases=*/false);
}
