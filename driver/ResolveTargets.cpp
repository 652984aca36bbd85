//===- ResolveTargets.cpp - The device targets of --offload-arch ----------===//
//
// Each --offload-arch value goes to the unit that claims its spelling;
// `native`, `all` and no flag at all ask the units what this machine has
// and what their toolkits build.
//
//===----------------------------------------------------------------------===//

#include "driver/ResolveTargets.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"

using namespace llvm;
using namespace mlirc;

/// This machine's devices, from every unit that can detect them.
static std::vector<std::string>
detectNativeArchs(ArrayRef<std::unique_ptr<TargetUnit>> units) {
  std::vector<std::string> archs;
  for (const std::unique_ptr<TargetUnit> &unit : units)
    llvm::append_range(archs, unit->detectNativeArchs());
  return archs;
}

/// Parses one --offload-arch value with the unit that claims it.
static Expected<OffloadTarget>
parseArch(StringRef arch, ArrayRef<std::unique_ptr<TargetUnit>> units) {
  for (const std::unique_ptr<TargetUnit> &unit : units)
    if (unit->claimsArch(arch))
      return unit->parseArch(arch);
  // GPU spellings first, the fallback (host) last.
  std::vector<std::string> spellings;
  for (const std::unique_ptr<TargetUnit> &unit : units)
    if (unit->getFallbackArch().empty())
      spellings.push_back(unit->getArchExamples().str());
  for (const std::unique_ptr<TargetUnit> &unit : units)
    if (!unit->getFallbackArch().empty())
      spellings.push_back(unit->getArchExamples().str());
  return createStringError("unknown offload architecture '%s'; expected %s "
                           "or native",
                           arch.str().c_str(),
                           llvm::join(spellings, ", ").c_str());
}

Expected<std::vector<OffloadTarget>>
mlirc::resolveTargets(const DriverOptions &options,
                      ArrayRef<std::unique_ptr<TargetUnit>> units) {
  std::vector<std::string> archs = options.offloadArchs;
  if (archs.empty()) {
    // This machine's GPUs, else the fallback (the CPU).
    archs = detectNativeArchs(units);
    if (archs.empty())
      for (const std::unique_ptr<TargetUnit> &unit : units)
        if (!unit->getFallbackArch().empty())
          archs.push_back(unit->getFallbackArch());
  }
  std::vector<OffloadTarget> targets;
  StringSet<> seen;
  for (const std::string &arch : archs) {
    std::vector<std::string> expanded = {arch};
    if (arch == "all") {
      // As nvcc's -arch=all: what the installed toolkits build.
      TargetSettings toolkits;
      toolkits.cudaPath = options.cudaPath;
      toolkits.rocmPath = options.rocmPath;
      expanded.clear();
      for (const std::unique_ptr<TargetUnit> &unit : units)
        llvm::append_range(expanded, unit->listAllArchs(toolkits));
    }
    if (arch == "native") {
      expanded = detectNativeArchs(units);
      if (expanded.empty())
        return createStringError(
            "--offload-arch=native: no GPU detected on this machine; "
            "name the architecture, e.g. --offload-arch=sm_80, or use "
            "--offload-arch=host to run on the CPU");
    }
    for (const std::string &name : expanded) {
      if (!seen.insert(name).second)
        continue;
      Expected<OffloadTarget> target = parseArch(name, units);
      if (!target)
        return target.takeError();
      targets.push_back(*target);
    }
  }
  return targets;
}

TargetSettings mlirc::getTargetSettings(const DriverOptions &options) {
  TargetSettings settings;
  settings.offloadArchs = options.offloadArchs;
  settings.optLevel = options.optLevel;
  settings.debugInfo = options.debugInfo;
  settings.cudaPath = options.cudaPath;
  settings.rocmPath = options.rocmPath;
  settings.codeObjectVersion = options.codeObjectVersion;
  settings.ptxasArgs = options.ptxasArgs;
  settings.relocatableDeviceCode = options.relocatableDeviceCode;
  settings.unsafeFloatAtomics = options.unsafeFloatAtomics;
  settings.atomicRemoteMemory = options.atomicRemoteMemory;
  settings.printJobs = options.printJobs;
  settings.flushDenormals = options.floatModel.flushDenormals;
  settings.approxFunc = options.floatModel.approxFunc;
  settings.finiteMath = options.floatModel.noNaNs && options.floatModel.noInfs;
  settings.fuseAllFloatOps = options.fuseAllFloatOps;
  return settings;
}
