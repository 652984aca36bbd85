//===- DeviceOnlyFiles.h - What --offload-device-only writes ----*- C++ -*-===//
//
// With --offload-device-only, a compilation writes the device code itself
// instead of a host object: one file per gpu.module and architecture, named
// as clang names its device-only outputs.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_DEVICEONLYFILES_H
#define MLIRC_DRIVER_DEVICEONLYFILES_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <vector>

namespace mlirc {

struct DeviceFile;

/// Writes \p files, the device code of \p inputPath: to \p output (-o) when
/// given, which must then be one file; else each to
/// `<stem>[-<module>]-<offload name>-<arch>.<extension>`, the module named
/// only when there are several.
llvm::Error writeDeviceFiles(llvm::StringRef inputPath, llvm::StringRef output,
                             std::vector<DeviceFile> &files);

} // namespace mlirc

#endif // MLIRC_DRIVER_DEVICEONLYFILES_H
