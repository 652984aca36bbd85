//===- MLIRFuzzer.cpp - libFuzzer target over mlirc's in-process compile --===//
//
// Each input is MLIR text, compiled as `mlirc -c` would for the targets of
// MLIRC_FUZZ_ARCHS (default sm_80,host) up to the host object, in memory.
// Jobs (ptxas, the device links) are left out. Errors are fine; crashes and
// hangs are what the fuzzer looks for, so crash containment is off.
//
//===----------------------------------------------------------------------===//

#include "driver/MLIRCompiler.h"
#include "driver/ResolveTargets.h"
#include "targets/TargetRegistry.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdlib>

using namespace llvm;
using namespace mlirc;

namespace {

struct FuzzSetup {
  DriverOptions options;
  std::vector<std::unique_ptr<TargetUnit>> units = createTargetUnits();
  TempFiles temps{/*keep=*/false, /*namesOnly=*/false};
  std::unique_ptr<CompileSettings> settings;
};

} // namespace

static FuzzSetup *setup;

static void exitWith(Error err) {
  errs() << "mlirc-fuzz: " << toString(std::move(err)) << '\n';
  std::exit(1);
}

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  setup = new FuzzSetup;
  DriverOptions &options = setup->options;
  const char *archs = std::getenv("MLIRC_FUZZ_ARCHS");
  SmallVector<StringRef> names;
  SplitString(archs ? archs : "sm_80,host", names, ",");
  for (StringRef name : names)
    options.offloadArchs.push_back(name.str());
  options.finalPhase = Phase::Obj;
  if (Error err = parseBackendOptions(options, setup->units))
    exitWith(std::move(err));
  Expected<std::vector<OffloadTarget>> targets =
      resolveTargets(options, setup->units);
  if (!targets)
    exitWith(targets.takeError());

  TargetSettings targetSettings = getTargetSettings(options);
  std::vector<const TargetUnit *> units;
  for (const std::unique_ptr<TargetUnit> &unit : setup->units) {
    std::vector<OffloadTarget> own = getTargetsOf(*targets, *unit);
    if (own.empty())
      continue;
    if (Error err = unit->setUp(own, targetSettings, /*needTools=*/false,
                                /*log=*/nullptr))
      exitWith(std::move(err));
    units.push_back(unit.get());
  }
  setup->settings.reset(new CompileSettings{options, std::move(*targets),
                                            std::move(units), JobOptions(),
                                            setup->temps});
  setup->settings->containCrashes = false;
  setup->settings->checkHostParts = true;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::unique_ptr<MemoryBuffer> input = MemoryBuffer::getMemBufferCopy(
      StringRef(reinterpret_cast<const char *>(data), size), "fuzz.mlir");
  SmallVector<char, 0> object;
  consumeError(compileMLIRInMemory(std::move(input), object, *setup->settings));
  return 0;
}
