//===- Dispatch.cpp - GPU or CPU, chosen when the program starts ----------===//
//
// The combined runtime of an executable built for NVIDIA and host targets:
// every runtime function goes to the CUDA backend when a CUDA device is
// usable, else to the host backend. MLIRC_TARGET=cuda or =host forces the
// choice; MLIRC_VERBOSE=1 says which one runs. The CUDA driver is loaded at
// run time by cudart, so the program starts on machines without one.
//
//===----------------------------------------------------------------------===//

#include "runtime/RuntimeError.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

extern "C" bool mlircCudaAvailable();

#define MLIRC_API(ret, name, params, args)                                     \
  extern "C" ret cuda_##name params;                                           \
  extern "C" ret host_##name params;
#include "RuntimeAPI.def"

namespace {

enum class Backend { Cuda, Host };

Backend choose() {
  const char *forced = std::getenv("MLIRC_TARGET");
  bool verbose = std::getenv("MLIRC_VERBOSE") &&
                 std::strcmp(std::getenv("MLIRC_VERBOSE"), "0") != 0;
  Backend backend;
  if (forced && std::strcmp(forced, "host") == 0) {
    backend = Backend::Host;
  } else if (forced && std::strcmp(forced, "cuda") == 0) {
    if (!mlircCudaAvailable())
      mlirc::runtime::fail("MLIRC_TARGET=cuda, but no usable CUDA device or "
                           "driver was found");
    backend = Backend::Cuda;
  } else if (forced && *forced) {
    mlirc::runtime::fail("MLIRC_TARGET=%s; expected cuda or host", forced);
  } else {
    backend = mlircCudaAvailable() ? Backend::Cuda : Backend::Host;
  }
  if (verbose)
    std::fprintf(stderr, "mlirc runtime: running kernels on %s\n",
                 backend == Backend::Cuda ? "the CUDA device" : "the CPU");
  return backend;
}

Backend backend() {
  static const Backend chosen = choose();
  return chosen;
}

} // namespace

#define MLIRC_API(ret, name, params, args)                                     \
  extern "C" ret name params {                                                 \
    if (backend() == Backend::Cuda)                                            \
      return cuda_##name args;                                                 \
    return host_##name args;                                                   \
  }
#include "RuntimeAPI.def"
