//===- DriverOptions.h - What the command line asked for --------*- C++ -*-===//

#ifndef MLIRC_DRIVER_DRIVEROPTIONS_H
#define MLIRC_DRIVER_DRIVEROPTIONS_H

#include "pipeline/Phase.h"
#include "pipeline/UndefinedBehaviorChecks.h"
#include <optional>
#include <string>
#include <vector>

namespace mlirc {

/// One command-line input, in command-line order (link order matters).
struct Input {
  enum class Kind {
    MLIR,      ///< compiled by mlirc
    Source,    ///< C/C++ compiled by clang as host code
    LinkInput, ///< object, archive, shared library: passed to the link
    LinkFlag,  ///< -l, -L, -Xlinker, -Wl,: passed to the link as given
  };
  Kind kind;
  std::string value;
  /// -x: c or c++ for a Source input given as such; empty when its
  /// extension says.
  std::string language = "";
};

/// The parsed command line.
struct DriverOptions {
  std::vector<Input> inputs;
  /// -o; empty means the default (a.out, or derived from the input).
  std::string output;
  /// The last phase to run (-c: Obj, -S: Asm, --compile-to=).
  Phase finalPhase = Phase::Exe;
  /// --offload-arch values, split at commas, in order.
  std::vector<std::string> offloadArchs;
  unsigned optLevel = 2;
  /// -g: debug info that maps code to .mlir lines.
  bool debugInfo = false;
  /// The -g flag that C/C++ inputs get (-g, -g3, -gline-tables-only, ...).
  std::string debugFlag = "-g";
  /// -fsanitize=address: host code and the host target's kernels checked
  /// by AddressSanitizer.
  bool addressSanitizer = false;
  /// -fsanitize=undefined and its parts: host code and the host target's
  /// kernels checked for MLIR's undefined behavior.
  UndefinedBehaviorChecks ubChecks;
  /// -march: the CPU host code is generated for; "native" is this
  /// machine's, empty the architecture's baseline.
  std::string hostCpu;
  /// -m<feature>, -mno-<feature>: LLVM's x86 feature names with + or -,
  /// in order, on top of hostCpu's.
  std::vector<std::string> hostFeatures;
  /// -mtune: the CPU host code is scheduled for; empty when not given.
  std::string hostTuneCpu;
  /// --entry-point: the function the program starts with; empty for main.
  std::string entryPoint;
  /// --entry-point-result: the entry point's result type (void, i32, i64,
  /// f32), printed as mlir-runner prints it; empty when not given.
  std::string entryPointResult;
  /// --transform-library: a file with the transform schedule to apply.
  std::string transformLibrary;
  /// --transform-entry-point: the named sequence that schedule starts at;
  /// empty for @__transform_main.
  std::string transformEntryPoint;
  /// -fuse-ld=: the host linker clang runs; LLVM's lld unless given.
  std::string linker = "lld";
  /// --offload-jobs=N: parallel device links; 0 when not given (serial).
  unsigned offloadJobs = 0;
  /// --offload-compress: the link bundles AMD device code compressed.
  bool offloadCompress = false;
  /// --offload-compression-level=N; 0 when not given.
  unsigned offloadCompressionLevel = 0;
  std::string cudaPath;
  std::string rocmPath;
  /// -mcode-object-version=N; 0 when not given.
  unsigned codeObjectVersion = 0;
  bool verbose = false;
  bool printJobs = false;
  /// -M, -MM: the inputs' dependencies printed, nothing compiled; -MM (and
  /// -MMD) leave out C/C++ inputs' system headers.
  bool listDependencies = false;
  bool userDependenciesOnly = false;
  /// --coverage: C/C++ inputs instrumented for gcov.
  bool coverage = false;
  /// -fsyntax-only: inputs parsed and verified, nothing written.
  bool syntaxOnly = false;
  bool saveTemps = false;
  /// -save-temps=obj: intermediates go beside the output, not to the
  /// current directory.
  bool saveTempsBesideOutput = false;
  bool showHelp = false;
  bool showVersion = false;
  /// -MD/-MMD: write a dependency file per compiled input.
  bool dependencyFile = false;
  /// -MF: where; empty for beside the output (<output stem>.d).
  std::string dependencyPath;
  /// -MP: a phony target per dependency other than the input.
  bool phonyDependencies = false;
  /// -MT/-MQ: the targets, already quoted for -MQ; empty for the output.
  std::vector<std::string> dependencyTargets;
  /// -I, -isystem, -D, -U, -include, -std=, -W..., -w, -f... and -fPIC etc.
  /// for clang's compiles of C/C++/CUDA/HIP inputs, in command-line order.
  std::vector<std::string> sourceArgs;
  /// -f... options clang knows and mlirc passes on, -static-libstdc++,
  /// -shared, ...: for clang's link, in command-line order.
  std::vector<std::string> linkDriverArgs;
  /// -fPIC/-fPIE (the default) or -fno-pic/-fno-pie: the host code's
  /// relocation model.
  bool positionIndependent = true;
  /// -shared: the link makes a shared library.
  bool shared = false;
  /// -fopenmp: C/C++ inputs compile OpenMP pragmas.
  bool openMP = false;
  /// -ftime-report: print where the time went.
  bool timeReport = false;
  /// -ftime-trace[=]: write a Chrome trace; the path (a file or a
  /// directory) when given.
  bool timeTrace = false;
  std::string timeTracePath;
  std::vector<std::string> mllvmArgs;
  std::vector<std::string> mmlirArgs;
  /// -ffp-contract=: fast, on or off (fast-honor-pragmas is fast); empty
  /// for the defaults (fast for device code, on for host code).
  std::string fpContract;
  /// Whether the back ends may fuse any multiply and add, those of the
  /// device libraries too (clang's AllowFPOpFusion=Fast): -ffp-contract=fast
  /// and the fast models say yes, on, off and fast-honor-pragmas no (clang
  /// marks their ops instead); unset for each target's default, clang's
  /// (CUDA: fast; HIP: fast-honor-pragmas).
  std::optional<bool> fuseAllFloatOps;
  /// The floating-point model (-ffast-math and its parts), as the
  /// fastmath flags every float op gets and device code's denormal mode.
  struct FloatModel {
    bool reassoc = false, noSignedZeros = false, reciprocal = false,
         approxFunc = false, noNaNs = false, noInfs = false;
    /// Device code flushes f32 denormals to zero.
    bool flushDenormals = false;
  } floatModel;
  /// --gpu-max-threads-per-block=: 0 for none.
  int64_t maxThreadsPerBlock = 0;
  /// -Xcuda-ptxas: for every ptxas job.
  std::vector<std::string> ptxasArgs;
  /// -fgpu-rdc.
  bool relocatableDeviceCode = false;
  /// -emit-llvm: -S writes LLVM IR (finalPhase LLVM), -c bitcode.
  bool emitLLVM = false;
  bool emitBitcode = false;
  /// --offload-device-only (--cuda-device-only): -c and -S write the
  /// device objects or assembly of GPU targets, not the host object.
  bool deviceOnly = false;
  /// -munsafe-fp-atomics.
  bool unsafeFloatAtomics = false;
  /// -f[no-]atomic-remote-memory.
  bool atomicRemoteMemory = true;

  bool hasInput(Input::Kind kind) const {
    for (const Input &input : inputs)
      if (input.kind == kind)
        return true;
    return false;
  }
};

} // namespace mlirc

#endif // MLIRC_DRIVER_DRIVEROPTIONS_H
