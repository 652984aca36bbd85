//===- TargetUnit.cpp - What all target units share -----------------------===//

#include "targets/TargetUnit.h"
#include "pipeline/GpuModuleLowering.h"
#include "support/OutputFile.h"
#include "targets/offload/OffloadPacker.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>

using namespace mlirc;

GpuModuleLoweringOptions
TargetUnit::getLoweringOptions(unsigned subgroupSize) const {
  GpuModuleLoweringOptions options;
  options.subgroupSize = subgroupSize;
  options.vendor = getName().str();
  options.intrinsicDialect = getIntrinsicDialect().str();
  LaunchLimits limits = getLaunchLimits();
  std::copy(std::begin(limits.maxBlockSize), std::end(limits.maxBlockSize),
            options.maxBlockSize);
  std::copy(std::begin(limits.maxGridSize), std::end(limits.maxGridSize),
            options.maxGridSize);
  options.maxThreadsPerBlock = limits.maxThreadsPerBlock;
  return options;
}

bool TargetUnit::isCarriedBy(const LinkInputContents &contents) const {
  llvm::object::OffloadKind kind = getOffloadKind();
  if (kind == llvm::object::OFK_None)
    return false;
  std::string ownSection = getOwnEntriesSectionPrefix(kind);
  return contents.offloadKinds.count(kind) ||
         llvm::any_of(contents.sections, [&](const std::string &section) {
           return llvm::StringRef(section).starts_with(ownSection);
         });
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

llvm::Error mlirc::createPrebuiltObjectError(const ImageBuildContext &context,
                                             llvm::StringRef chip,
                                             llvm::StringRef module,
                                             llvm::StringRef what,
                                             llvm::StringRef why) {
  return llvm::createStringError(
      "%s: the %s object of gpu.binary @%s is a prebuilt %s, which %s",
      context.inputPath.str().c_str(), chip.str().c_str(), module.str().c_str(),
      what.str().c_str(), why.str().c_str());
}

llvm::Error mlirc::DeviceFileList::collect(std::vector<DeviceFile> &out) {
  for (auto &[file, path] : files) {
    if (!path.empty()) {
      auto buffer =
          llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                      /*RequiresNullTerminator=*/false);
      if (!buffer)
        return llvm::createStringError(buffer.getError(), "cannot read '%s'",
                                       path.c_str());
      file.contents = (*buffer)->getBuffer().str();
    }
    out.push_back(std::move(file));
  }
  files.clear();
  return llvm::Error::success();
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
