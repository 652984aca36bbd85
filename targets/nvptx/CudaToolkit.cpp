//===- CudaToolkit.cpp - Finding the CUDA toolkit -------------------------===//

#include "targets/nvptx/CudaToolkit.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

using namespace llvm;
using namespace mlirc;

std::string CudaToolkit::getVersionString() const {
  if (major == 0)
    return "unknown version";
  return std::to_string(major) + "." + std::to_string(minor);
}

/// Reads CUDA_VERSION (e.g. 13000) from include/cuda.h.
static void readVersion(CudaToolkit &toolkit) {
  SmallString<128> header(toolkit.root);
  sys::path::append(header, "include", "cuda.h");
  auto buffer = MemoryBuffer::getFile(header);
  if (!buffer)
    return;
  Regex pattern("#define CUDA_VERSION ([0-9]+)");
  SmallVector<StringRef, 2> match;
  unsigned version = 0;
  if (!pattern.match((*buffer)->getBuffer(), &match) ||
      match[1].getAsInteger(10, version))
    return;
  toolkit.major = version / 1000;
  toolkit.minor = (version % 1000) / 10;
}

/// A toolkit rooted at \p root, or an error saying what is missing.
static Expected<CudaToolkit> inspect(StringRef root, StringRef foundBy) {
  CudaToolkit toolkit;
  toolkit.root = root.str();
  toolkit.foundBy = foundBy.str();
  SmallString<128> path(root);
  sys::path::append(path, "bin", "ptxas");
  if (!sys::fs::can_execute(path))
    return createStringError(
        "the CUDA toolkit at '%s' (from %s) has no bin/ptxas; pass "
        "--cuda-path=<dir> naming a CUDA installation",
        root.str().c_str(), foundBy.str().c_str());
  toolkit.ptxas = path.str().str();
  path = root;
  sys::path::append(path, "bin", "fatbinary");
  toolkit.fatbinary = path.str().str();
  path = root;
  sys::path::append(path, "nvvm", "libdevice", "libdevice.10.bc");
  if (sys::fs::exists(path))
    toolkit.libdevice = path.str().str();
  readVersion(toolkit);
  return toolkit;
}

Expected<CudaToolkit> mlirc::findCudaToolkit(StringRef cudaPathFlag) {
  if (!cudaPathFlag.empty())
    return inspect(cudaPathFlag, "--cuda-path");
  for (const char *var : {"CUDA_PATH", "CUDA_HOME"})
    if (std::optional<std::string> value = sys::Process::GetEnv(var))
      if (!value->empty())
        return inspect(*value, var);
  if (sys::fs::is_directory("/usr/local/cuda"))
    return inspect("/usr/local/cuda", "the default location");
  if (ErrorOr<std::string> ptxas = sys::findProgramByName("ptxas")) {
    StringRef root = sys::path::parent_path(sys::path::parent_path(*ptxas));
    return inspect(root, "ptxas on PATH");
  }
  return createStringError(
      "no CUDA toolkit found (looked at --cuda-path, CUDA_PATH, CUDA_HOME, "
      "/usr/local/cuda and PATH); install one or pass --cuda-path=<dir>");
}
