//===- Dispatch.cpp - A backend chosen when the program starts ------------===//
//
// The combined runtime of an executable built for several kinds of target:
// every runtime function goes to the first usable backend of CUDA, HIP, a
// Vulkan GPU, the host CPU and a Vulkan CPU implementation (lavapipe runs
// kernels slower than mlirc's host target) among those the executable was
// linked with (each a prefixed copy, cuda_/hip_/vulkan_/host_). The
// backends are weak references here, so only the linked ones count.
// MLIRC_TARGET=cuda|hip|vulkan|host forces the choice; MLIRC_VERBOSE=1 says
// which one runs. The CUDA driver, the HIP runtime and the Vulkan loader
// are loaded at run time, so the program starts on machines without them.
//
//===----------------------------------------------------------------------===//

#include "runtime/MemRefSpan.h"
#include "runtime/RuntimeError.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>

extern "C" __attribute__((weak)) bool mlircCudaAvailable();
extern "C" __attribute__((weak)) bool mlircHipAvailable();
extern "C" __attribute__((weak)) int mlircVulkanDeviceRank();

#define MLIRC_API(ret, name, params, args)                                     \
  extern "C" __attribute__((weak)) ret cuda_##name params;                     \
  extern "C" __attribute__((weak)) ret hip_##name params;                      \
  extern "C" __attribute__((weak)) ret vulkan_##name params;                   \
  extern "C" __attribute__((weak)) ret host_##name params;
#include "RuntimeAPI.def"

namespace {

enum class Backend { Cuda, Hip, Vulkan, Host };

struct BackendInfo {
  const char *name;
  /// What MLIRC_VERBOSE prints.
  const char *where;
  /// What MLIRC_TARGET=<name> needs and did not find.
  const char *needs;
  bool linked;
  bool (*available)();
};

bool alwaysAvailable() { return true; }
bool vulkanAvailable() { return mlircVulkanDeviceRank() > 0; }
bool vulkanGpuAvailable() { return mlircVulkanDeviceRank() > 1; }

BackendInfo getInfo(Backend backend) {
  switch (backend) {
  case Backend::Cuda:
    return {"cuda", "the CUDA device", "NVIDIA GPU with its CUDA driver",
            &cuda_mlircLaunchKernel != nullptr, mlircCudaAvailable};
  case Backend::Hip:
    return {"hip", "the HIP device", "AMD GPU with the HIP runtime",
            &hip_mlircLaunchKernel != nullptr, mlircHipAvailable};
  case Backend::Vulkan:
    return {"vulkan", "the Vulkan device", "Vulkan device",
            &vulkan_mlircLaunchKernel != nullptr,
            mlircVulkanDeviceRank ? vulkanAvailable : nullptr};
  case Backend::Host:
    return {"host", "the CPU", "CPU", &host_mlircLaunchKernel != nullptr,
            alwaysAvailable};
  }
  __builtin_unreachable();
}

bool usable(const BackendInfo &info) {
  return info.linked && info.available && info.available();
}

Backend choose() {
  const Backend all[] = {Backend::Cuda, Backend::Hip, Backend::Vulkan,
                         Backend::Host};
  const char *forced = std::getenv("MLIRC_TARGET");
  const char *verboseVar = std::getenv("MLIRC_VERBOSE");
  bool verbose = verboseVar && std::strcmp(verboseVar, "0") != 0;
  Backend chosen = Backend::Host;
  bool found = false;
  if (forced && *forced) {
    for (Backend backend : all) {
      BackendInfo info = getInfo(backend);
      if (std::strcmp(forced, info.name) != 0)
        continue;
      if (!info.linked)
        mlirc::runtime::fail("MLIRC_TARGET=%s, but this program was not "
                             "built for %s (see mlirc --offload-arch)",
                             forced, info.name);
      if (!usable(info))
        mlirc::runtime::fail("MLIRC_TARGET=%s, but no usable %s was found",
                             forced, info.needs);
      chosen = backend;
      found = true;
    }
    if (!found)
      mlirc::runtime::fail(
          "MLIRC_TARGET=%s; expected cuda, hip, vulkan or host", forced);
  } else {
    // A Vulkan device counts before the host target only when it is a GPU.
    BackendInfo vulkanGpu = getInfo(Backend::Vulkan);
    if (vulkanGpu.available)
      vulkanGpu.available = vulkanGpuAvailable;
    const std::pair<Backend, BackendInfo> order[] = {
        {Backend::Cuda, getInfo(Backend::Cuda)},
        {Backend::Hip, getInfo(Backend::Hip)},
        {Backend::Vulkan, vulkanGpu},
        {Backend::Host, getInfo(Backend::Host)},
        {Backend::Vulkan, getInfo(Backend::Vulkan)}};
    for (const auto &[backend, info] : order) {
      if (usable(info)) {
        chosen = backend;
        found = true;
        break;
      }
    }
    // No usable device and no host code: the first GPU backend linked
    // reports what is missing on its first call.
    if (!found)
      for (Backend backend : all)
        if (getInfo(backend).linked) {
          chosen = backend;
          break;
        }
  }
  if (verbose)
    std::fprintf(stderr, "mlirc runtime: running kernels on %s\n",
                 getInfo(chosen).where);
  return chosen;
}

Backend backend() {
  static const Backend chosen = choose();
  return chosen;
}

} // namespace

#define MLIRC_API(ret, name, params, args)                                     \
  extern "C" ret name params {                                                 \
    switch (backend()) {                                                       \
    case Backend::Cuda:                                                        \
      return cuda_##name args;                                                 \
    case Backend::Hip:                                                         \
      return hip_##name args;                                                  \
    case Backend::Vulkan:                                                      \
      return vulkan_##name args;                                               \
    case Backend::Host:                                                        \
      break;                                                                   \
    }                                                                          \
    return host_##name args;                                                   \
  }
#include "RuntimeAPI.def"
