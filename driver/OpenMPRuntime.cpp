//===- OpenMPRuntime.cpp - Where the CPU's OpenMP runtime is --------------===//

#include "driver/OpenMPRuntime.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;

std::optional<std::string>
mlirc::findOpenMPRuntime(const std::string &llvmLibraryDir) {
  SmallString<128> own(llvmLibraryDir);
  sys::path::append(own, "libomp.so");
  if (sys::fs::exists(own))
    return std::string(own);
  // The runtime package of any LLVM version (libomp5-NN) installs its
  // soname in the multiarch directory.
  Triple triple(sys::getProcessTriple());
  std::string multiarch =
      (triple.getArchName() + "-" + triple.getOSName() + "-gnu").str();
  for (const std::string &dir :
       {"/usr/lib/" + multiarch, "/lib/" + multiarch, std::string("/usr/lib64"),
        std::string("/usr/lib")}) {
    SmallString<128> path(dir);
    sys::path::append(path, "libomp.so.5");
    if (sys::fs::exists(path))
      return std::string(path);
  }
  return std::nullopt;
}

/// The major version of an "llvm-N" directory name, else 0.
static unsigned getLLVMVersion(StringRef name) {
  unsigned version = 0;
  if (!name.consume_front("llvm-") || name.getAsInteger(10, version))
    return 0;
  return version;
}

std::string mlirc::findOpenMPHeaderDir(const std::string &llvmLibraryDir) {
  SmallString<128> own(llvmLibraryDir);
  sys::path::append(own, "clang", std::to_string(LLVM_VERSION_MAJOR), "include",
                    "omp.h");
  if (sys::fs::exists(own))
    return "";
  // /usr/lib/llvm-N/lib/clang/<version>/include/omp.h of the newest N.
  std::string best;
  unsigned bestVersion = 0;
  std::error_code ec;
  for (sys::fs::directory_iterator llvm("/usr/lib", ec), end;
       llvm != end && !ec; llvm.increment(ec)) {
    unsigned version = getLLVMVersion(sys::path::filename(llvm->path()));
    if (version <= bestVersion)
      continue;
    SmallString<128> clangDir(llvm->path());
    sys::path::append(clangDir, "lib", "clang");
    std::error_code inner;
    for (sys::fs::directory_iterator resource(clangDir, inner);
         resource != end && !inner; resource.increment(inner)) {
      SmallString<128> include(resource->path());
      sys::path::append(include, "include");
      SmallString<128> header(include);
      sys::path::append(header, "omp.h");
      if (sys::fs::exists(header)) {
        best = std::string(include);
        bestVersion = version;
        break;
      }
    }
  }
  return best;
}
