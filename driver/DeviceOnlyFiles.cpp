//===- DeviceOnlyFiles.cpp - What --offload-device-only writes ------------===//

#include "driver/DeviceOnlyFiles.h"
#include "support/OutputFile.h"
#include "targets/TargetUnit.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlirc;

Error mlirc::writeDeviceFiles(StringRef inputPath, StringRef output,
                              std::vector<DeviceFile> &files) {
  if (files.empty()) {
    WithColor::warning(errs(), "mlirc")
        << inputPath
        << ": no device code to write with --offload-device-only (no "
           "gpu.module has a kernel)\n";
    return Error::success();
  }
  bool severalModules = llvm::any_of(files, [&](const DeviceFile &file) {
    return file.module != files.front().module;
  });
  std::vector<std::string> names;
  std::string stem = sys::path::stem(inputPath).str();
  for (const DeviceFile &file : files) {
    std::string name = stem;
    if (severalModules)
      name += "-" + file.module;
    name += "-" + file.offloadName + "-" + file.arch + "." + file.extension;
    names.push_back(std::move(name));
  }
  if (!output.empty()) {
    if (files.size() > 1)
      return createStringError(
          "cannot specify -o when generating multiple output files: "
          "--offload-device-only writes one per gpu.module and architecture "
          "(%s); leave out -o, or ask for one architecture",
          join(names, ", ").c_str());
    names.front() = output.str();
  }
  for (size_t i = 0; i < files.size(); ++i)
    if (Error err = writeOutputFile(names[i], [&](raw_pwrite_stream &os) {
          os << files[i].contents;
          return Error::success();
        }))
      return err;
  return Error::success();
}
