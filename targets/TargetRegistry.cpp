//===- TargetRegistry.cpp - The target units mlirc compiles for -----------===//
//
// Adding a target is a folder under targets/ and one line here.
//
//===----------------------------------------------------------------------===//

#include "targets/TargetRegistry.h"
#include "driver/OutputFile.h"
#include "targets/amdgpu/AMDGPUUnit.h"
#include "targets/host/HostUnit.h"
#include "targets/nvptx/NVPTXUnit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlirc;

std::vector<std::unique_ptr<TargetUnit>> mlirc::createTargetUnits() {
  std::vector<std::unique_ptr<TargetUnit>> units;
  units.push_back(createHostUnit());
  units.push_back(createNVPTXUnit());
  units.push_back(createAMDGPUUnit());
  return units;
}

std::vector<OffloadTarget>
mlirc::getTargetsOf(llvm::ArrayRef<OffloadTarget> targets,
                    const TargetUnit &unit) {
  std::vector<OffloadTarget> own;
  for (const OffloadTarget &target : targets)
    if (target.unit == &unit)
      own.push_back(target);
  return own;
}

llvm::Expected<std::string>
mlirc::writeTempFile(const ImageBuildContext &context, llvm::StringRef base,
                     llvm::StringRef suffix, llvm::StringRef contents) {
  llvm::Expected<std::string> path = context.temps.create(base, suffix);
  if (!path || context.printJobs)
    return path;
  if (llvm::Error err =
          writeOutputFile(*path, [&](llvm::raw_pwrite_stream &os) {
            os << contents;
            return llvm::Error::success();
          }))
    return std::move(err);
  return path;
}

std::vector<std::string>
mlirc::KernelList::getKernelsOf(llvm::StringRef module) const {
  std::vector<std::string> own;
  for (auto [kernel, owner] : llvm::zip(names, modules))
    if (owner == module)
      own.push_back(kernel);
  return own;
}

std::string mlirc::KernelList::getSymbolSuffix(llvm::StringRef module) const {
  std::string suffix = (module + "_" + programId).str();
  for (char &c : suffix)
    if (!llvm::isAlnum(c))
      c = '_';
  return suffix;
}
