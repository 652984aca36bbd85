//===- MLIRCompiler.h - One .mlir input to its requested output -*- C++ -*-===//

#ifndef MLIRC_DRIVER_MLIRCOMPILER_H
#define MLIRC_DRIVER_MLIRCOMPILER_H

#include "driver/DriverOptions.h"
#include "support/Jobs.h"
#include "targets/TargetUnit.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/MemoryBuffer.h"
#include <vector>

namespace mlirc {

/// What every .mlir compilation of one mlirc invocation shares.
struct CompileSettings {
  const DriverOptions &options;
  std::vector<OffloadTarget> targets;
  /// The units of `targets`, in registration order, set up.
  std::vector<const TargetUnit *> units;
  JobOptions jobOptions;
  TempFiles &temps;
  /// A crash in a pass or in code generation becomes an internal compiler
  /// error with a reproducer; the fuzzer turns this off to see the crash.
  bool containCrashes = true;
  /// The fuzzer: every host module compiled in memory is also split into
  /// as many parts as it can be, each verified (compiler/HostPartitions.h).
  bool checkHostParts = false;
  /// Where to count the compiled inputs that define the program's entry
  /// point (--entry-point, else main), so that the driver can say when none
  /// does; null when nobody asks.
  unsigned *entryPointsDefined = nullptr;
  /// Where to put the location of the first omp op of a compiled input,
  /// which the link needs libomp for; null when nobody asks.
  std::string *openMPUse = nullptr;
  /// The invocation compiles one .mlir input: a missing entry point is an
  /// error of that input's.
  bool singleMLIRInput = true;
};

/// Compiles \p inputPath up to \p finalPhase (at most Phase::Obj) and
/// writes the result to \p outputPath ("-" for standard output).
llvm::Error compileMLIRFile(llvm::StringRef inputPath,
                            llvm::StringRef outputPath, Phase finalPhase,
                            const CompileSettings &settings);

/// Compiles the MLIR text \p input to a host object in \p object without
/// running any job: device images, which need external tools, are left out.
/// The in-process compile that the fuzzer drives.
llvm::Error compileMLIRInMemory(std::unique_ptr<llvm::MemoryBuffer> input,
                                llvm::SmallVectorImpl<char> &object,
                                const CompileSettings &settings);

/// Makes -mllvm and -mmlir values, \p units' backend options and MLIR's
/// own options known to llvm::cl and parses them in one call.
llvm::Error
parseBackendOptions(const DriverOptions &options,
                    llvm::ArrayRef<std::unique_ptr<TargetUnit>> units);

/// Registers MLIR's passes, mlirc's and \p units', so that -mmlir options
/// can name them (--mlir-print-ir-after=canonicalize).
void registerPassNames(llvm::ArrayRef<std::unique_ptr<TargetUnit>> units);

} // namespace mlirc

#endif // MLIRC_DRIVER_MLIRCOMPILER_H
