//===- RocmToolkit.cpp - Finding AMD's device libraries -------------------===//

#include "targets/amdgpu/RocmToolkit.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

using namespace llvm;
using namespace mlirc;

std::string RocmToolkit::getVersionString() const {
  if (hipMajor == 0)
    return "unknown HIP version";
  return "HIP " + std::to_string(hipMajor) + "." + std::to_string(hipMinor);
}

unsigned RocmToolkit::getNewestCodeObjectVersion() const {
  return hipMajor > 6 || (hipMajor == 6 && hipMinor >= 3) ? 6 : 5;
}

/// Reads HIP_VERSION_MAJOR/MINOR from \p header.
static bool readHipVersion(StringRef header, RocmToolkit &toolkit) {
  auto buffer = MemoryBuffer::getFile(header);
  if (!buffer)
    return false;
  Regex major("#define HIP_VERSION_MAJOR ([0-9]+)");
  Regex minor("#define HIP_VERSION_MINOR ([0-9]+)");
  SmallVector<StringRef, 2> a, b;
  StringRef text = (*buffer)->getBuffer();
  if (!major.match(text, &a) || !minor.match(text, &b))
    return false;
  return !a[1].getAsInteger(10, toolkit.hipMajor) &&
         !b[1].getAsInteger(10, toolkit.hipMinor);
}

/// A toolkit rooted at \p root, or an error saying what is missing.
static Expected<RocmToolkit> inspect(StringRef root, StringRef foundBy) {
  SmallString<128> bitcode(root);
  sys::path::append(bitcode, "amdgcn", "bitcode", "ocml.bc");
  if (!sys::fs::exists(bitcode))
    return createStringError(
        "the ROCm installation at '%s' (from %s) has no device libraries "
        "(%s); pass --rocm-path=<dir> naming a directory with "
        "amdgcn/bitcode/ocml.bc, or install Debian's rocm-device-libs",
        root.str().c_str(), foundBy.str().c_str(), bitcode.c_str());
  RocmToolkit toolkit;
  toolkit.root = root.str();
  toolkit.foundBy = foundBy.str();
  // A ROCm tree has include/hip; Debian puts HIP's headers in /usr/include.
  SmallString<128> header(root);
  sys::path::append(header, "include", "hip", "hip_version.h");
  if (!readHipVersion(header, toolkit))
    readHipVersion("/usr/include/hip/hip_version.h", toolkit);
  return toolkit;
}

Expected<RocmToolkit> mlirc::findRocmToolkit(StringRef rocmPathFlag) {
  if (!rocmPathFlag.empty())
    return inspect(rocmPathFlag, "--rocm-path");
  if (std::optional<std::string> value = sys::Process::GetEnv("ROCM_PATH"))
    if (!value->empty())
      return inspect(*value, "ROCM_PATH");
  if (sys::fs::is_directory("/opt/rocm"))
    return inspect("/opt/rocm", "the default location");
  Triple host(sys::getProcessTriple());
  std::string debian = "/usr/lib/" + host.getArchName().str() + "-linux-gnu";
  SmallString<128> bitcode(debian);
  sys::path::append(bitcode, "amdgcn", "bitcode");
  if (sys::fs::is_directory(bitcode))
    return inspect(debian, "Debian's rocm-device-libs");
  return createStringError(
      "no AMD device libraries found (looked at --rocm-path, ROCM_PATH, "
      "/opt/rocm and %s/amdgcn/bitcode); install Debian's rocm-device-libs "
      "or pass --rocm-path=<dir>",
      debian.c_str());
}
