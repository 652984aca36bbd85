//===- HipRuntime.cpp - mlirc's host runtime over the HIP runtime ---------===//
//
// The functions MLIR's gpu-to-llvm lowering calls (mgpu*) plus
// mlircLaunchKernel, over the HIP runtime API. The HIP runtime is loaded
// with dlopen when the program starts, not linked: an executable built for
// AMD GPUs starts on machines without ROCm (and then uses another backend,
// or says that HIP is missing).
//
// The registration code clang-linker-wrapper generates for the
// `.hip_fatbin` calls __hipRegisterFatBinary and friends. They are defined
// here and forwarded to the loaded runtime; without one they register
// nothing, which is all a program that never launches on an AMD GPU needs.
//
// Every failing HIP call ends the program with the call, the kernel (for
// launches) and HIP's own message.
//
//===----------------------------------------------------------------------===//

#include <hip/hip_runtime_api.h>

#include "runtime/LaunchSizes.h"
#include "runtime/MemRefSpan.h"
#include "runtime/RuntimeError.h"
#include "runtime/RuntimeExport.h"

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <dlfcn.h>
#include <mutex>

extern "C" bool mlircHipAvailable();

namespace {

// The HIP functions mlirc calls, with their C signatures (the header's C++
// overloads make decltype ambiguous).
#define MLIRC_HIP_FUNCTIONS(X)                                                 \
  X(hipGetDeviceCount, hipError_t (*)(int *))                                  \
  X(hipGetLastError, hipError_t (*)())                                         \
  X(hipGetErrorName, const char *(*)(hipError_t))                              \
  X(hipGetErrorString, const char *(*)(hipError_t))                            \
  X(hipSetDevice, hipError_t (*)(int))                                         \
  X(hipStreamCreateWithFlags, hipError_t (*)(hipStream_t *, unsigned))         \
  X(hipStreamDestroy, hipError_t (*)(hipStream_t))                             \
  X(hipStreamSynchronize, hipError_t (*)(hipStream_t))                         \
  X(hipStreamWaitEvent, hipError_t (*)(hipStream_t, hipEvent_t, unsigned))     \
  X(hipEventCreateWithFlags, hipError_t (*)(hipEvent_t *, unsigned))           \
  X(hipEventDestroy, hipError_t (*)(hipEvent_t))                               \
  X(hipEventSynchronize, hipError_t (*)(hipEvent_t))                           \
  X(hipEventRecord, hipError_t (*)(hipEvent_t, hipStream_t))                   \
  X(hipMalloc, hipError_t (*)(void **, size_t))                                \
  X(hipMallocManaged, hipError_t (*)(void **, size_t, unsigned))               \
  X(hipFree, hipError_t (*)(void *))                                           \
  X(hipMemcpyAsync,                                                            \
    hipError_t (*)(void *, const void *, size_t, hipMemcpyKind, hipStream_t))  \
  X(hipMemsetD32Async,                                                         \
    hipError_t (*)(hipDeviceptr_t, int, size_t, hipStream_t))                  \
  X(hipMemsetD16Async,                                                         \
    hipError_t (*)(hipDeviceptr_t, unsigned short, size_t, hipStream_t))       \
  X(hipHostRegister, hipError_t (*)(void *, size_t, unsigned))                 \
  X(hipHostUnregister, hipError_t (*)(void *))                                 \
  X(hipHostGetDevicePointer, hipError_t (*)(void **, void *, unsigned))        \
  X(hipFuncSetAttribute, hipError_t (*)(const void *, hipFuncAttribute, int))  \
  X(hipLaunchKernel,                                                           \
    hipError_t (*)(const void *, dim3, dim3, void **, size_t, hipStream_t))    \
  X(__hipRegisterFatBinary, void **(*)(const void *))                          \
  X(__hipUnregisterFatBinary, void (*)(void **))                               \
  X(__hipRegisterFunction,                                                     \
    void (*)(void **, const void *, char *, const char *, unsigned, void *,    \
             void *, void *, void *, int *))                                   \
  X(__hipRegisterVar,                                                          \
    void (*)(void **, void *, char *, const char *, int, size_t, int, int))    \
  X(__hipRegisterManagedVar,                                                   \
    void (*)(void *, void **, void *, const char *, size_t, unsigned))         \
  X(__hipRegisterSurface,                                                      \
    void (*)(void **, void *, char *, const char *, int, int))                 \
  X(__hipRegisterTexture,                                                      \
    void (*)(void **, void *, char *, const char *, int, int, int))

/// Names a function pointer type written as a type-id.
template <typename T> using Function = T;

/// The loaded HIP runtime; every pointer is null when none was found.
struct HipLibrary {
#define MLIRC_HIP_MEMBER(name, type) Function<type> name = nullptr;
  MLIRC_HIP_FUNCTIONS(MLIRC_HIP_MEMBER)
#undef MLIRC_HIP_MEMBER
  bool loaded = false;
};

const HipLibrary &hip() {
  static const HipLibrary library = [] {
    HipLibrary lib;
    void *handle = nullptr;
    for (const char *name :
         {"libamdhip64.so", "libamdhip64.so.6", "libamdhip64.so.5"})
      if ((handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
        break;
    if (!handle)
      return lib;
#define MLIRC_HIP_LOAD(name, type)                                             \
  lib.name = reinterpret_cast<Function<type>>(dlsym(handle, #name));
    MLIRC_HIP_FUNCTIONS(MLIRC_HIP_LOAD)
#undef MLIRC_HIP_LOAD
    lib.loaded = lib.hipGetDeviceCount && lib.hipLaunchKernel &&
                 lib.__hipRegisterFatBinary && lib.__hipRegisterFunction;
    return lib;
  }();
  return library;
}

/// The kernel launched last: kernels fail asynchronously, so an error a
/// later synchronization reports most likely comes from it.
std::atomic<const char *> lastKernel{nullptr};

[[noreturn]] void fail(const char *call, hipError_t error,
                       const char *kernel = nullptr) {
  if (!kernel)
    kernel = lastKernel.load();
  const char *message =
      hip().hipGetErrorString ? hip().hipGetErrorString(error) : "";
  const char *name = hip().hipGetErrorName ? hip().hipGetErrorName(error) : "";
  std::string missing = mlircHipAvailable()
                            ? ""
                            : mlirc::runtime::getMissingDeviceNote(
                                  "AMD GPU with the HIP runtime");
  if (kernel)
    mlirc::runtime::fail("%s failed (kernel '%s'): %s (%s)%s", call, kernel,
                         message, name, missing.c_str());
  mlirc::runtime::fail("%s failed: %s (%s)%s", call, message, name,
                       missing.c_str());
}

/// The HIP function \p fn, or the end of the program when HIP is missing.
template <typename Fn> Fn require(Fn fn, const char *name) {
  if (!fn)
    mlirc::runtime::fail("%s: the HIP runtime (libamdhip64.so) is not "
                         "installed or lacks this function",
                         name);
  return fn;
}

#define MLIRC_HIP(call, ...)                                                   \
  do {                                                                         \
    hipError_t error = require(hip().call, #call)(__VA_ARGS__);                \
    if (error != hipSuccess)                                                   \
      fail(#call, error);                                                      \
  } while (false)

hipStream_t asStream(void *stream) { return static_cast<hipStream_t>(stream); }

using mlirc::runtime::getMemRefSpan;
using mlirc::runtime::getMemRefStart;
using mlirc::runtime::MemRefDescriptor;

/// The device's address of host memory registered with hipHostRegister.
void *getDevicePointer(void *host) {
  void *device = nullptr;
  MLIRC_HIP(hipHostGetDevicePointer, &device, host, 0);
  return device;
}

/// What __hipRegisterFatBinary returns when no HIP runtime is loaded.
void *unregisteredFatBinary = nullptr;

} // namespace

extern "C" {

/// True when the HIP runtime is installed and sees at least one device; the
/// combined runtime asks this to choose a backend.
bool mlircHipAvailable() {
  if (!hip().loaded)
    return false;
  int count = 0;
  bool usable = hip().hipGetDeviceCount(&count) == hipSuccess && count > 0;
  if (hip().hipGetLastError)
    (void)hip().hipGetLastError();
  return usable;
}

void **__hipRegisterFatBinary(const void *wrapper) {
  if (!hip().loaded)
    return &unregisteredFatBinary;
  return hip().__hipRegisterFatBinary(wrapper);
}

void __hipUnregisterFatBinary(void **handle) {
  if (hip().loaded && handle != &unregisteredFatBinary &&
      hip().__hipUnregisterFatBinary)
    hip().__hipUnregisterFatBinary(handle);
}

void __hipRegisterFunction(void **handle, const void *hostFunction,
                           char *deviceFunction, const char *deviceName,
                           unsigned threadLimit, void *tid, void *bid,
                           void *blockDim, void *gridDim, int *wSize) {
  if (hip().loaded && handle != &unregisteredFatBinary)
    hip().__hipRegisterFunction(handle, hostFunction, deviceFunction,
                                deviceName, threadLimit, tid, bid, blockDim,
                                gridDim, wSize);
}

void __hipRegisterVar(void **handle, void *hostVar, char *deviceAddress,
                      const char *deviceName, int ext, size_t size,
                      int constant, int global) {
  if (hip().loaded && handle != &unregisteredFatBinary &&
      hip().__hipRegisterVar)
    hip().__hipRegisterVar(handle, hostVar, deviceAddress, deviceName, ext,
                           size, constant, global);
}

void __hipRegisterManagedVar(void *handle, void **pointer, void *initValue,
                             const char *name, size_t size, unsigned align) {
  if (hip().loaded && handle != &unregisteredFatBinary &&
      hip().__hipRegisterManagedVar)
    hip().__hipRegisterManagedVar(handle, pointer, initValue, name, size,
                                  align);
}

void __hipRegisterSurface(void **handle, void *var, char *deviceAddress,
                          const char *deviceName, int dim, int ext) {
  if (hip().loaded && handle != &unregisteredFatBinary &&
      hip().__hipRegisterSurface)
    hip().__hipRegisterSurface(handle, var, deviceAddress, deviceName, dim,
                               ext);
}

void __hipRegisterTexture(void **handle, void *var, char *deviceAddress,
                          const char *deviceName, int dim, int norm, int ext) {
  if (hip().loaded && handle != &unregisteredFatBinary &&
      hip().__hipRegisterTexture)
    hip().__hipRegisterTexture(handle, var, deviceAddress, deviceName, dim,
                               norm, ext);
}

void *MLIRC_EXPORT(mgpuStreamCreate)() {
  hipStream_t stream = nullptr;
  MLIRC_HIP(hipStreamCreateWithFlags, &stream, hipStreamNonBlocking);
  return stream;
}

void MLIRC_EXPORT(mgpuStreamDestroy)(void *stream) {
  MLIRC_HIP(hipStreamDestroy, asStream(stream));
}

void MLIRC_EXPORT(mgpuStreamSynchronize)(void *stream) {
  MLIRC_HIP(hipStreamSynchronize, asStream(stream));
}

void MLIRC_EXPORT(mgpuStreamWaitEvent)(void *stream, void *event) {
  MLIRC_HIP(hipStreamWaitEvent, asStream(stream),
            static_cast<hipEvent_t>(event), 0);
}

void *MLIRC_EXPORT(mgpuEventCreate)() {
  hipEvent_t event = nullptr;
  MLIRC_HIP(hipEventCreateWithFlags, &event, hipEventDisableTiming);
  return event;
}

void MLIRC_EXPORT(mgpuEventDestroy)(void *event) {
  MLIRC_HIP(hipEventDestroy, static_cast<hipEvent_t>(event));
}

void MLIRC_EXPORT(mgpuEventSynchronize)(void *event) {
  MLIRC_HIP(hipEventSynchronize, static_cast<hipEvent_t>(event));
}

void MLIRC_EXPORT(mgpuEventRecord)(void *event, void *stream) {
  MLIRC_HIP(hipEventRecord, static_cast<hipEvent_t>(event), asStream(stream));
}

void *MLIRC_EXPORT(mgpuMemAlloc)(uint64_t sizeBytes, void *stream,
                                 bool isHostShared) {
  void *ptr = nullptr;
  if (sizeBytes == 0)
    return nullptr;
  // Allocation waits for the stream's earlier work, as an ordered
  // allocation would.
  if (stream)
    MLIRC_HIP(hipStreamSynchronize, asStream(stream));
  if (isHostShared)
    MLIRC_HIP(hipMallocManaged, &ptr, sizeBytes, hipMemAttachGlobal);
  else
    MLIRC_HIP(hipMalloc, &ptr, sizeBytes);
  return ptr;
}

void MLIRC_EXPORT(mgpuMemFree)(void *ptr, void *stream) {
  if (!ptr)
    return;
  // hipFree waits for the device, so work on the stream is done first.
  MLIRC_HIP(hipFree, ptr);
}

void MLIRC_EXPORT(mgpuMemcpy)(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  MLIRC_HIP(hipMemcpyAsync, dst, src, sizeBytes, hipMemcpyDefault,
            asStream(stream));
  if (!stream)
    MLIRC_HIP(hipStreamSynchronize, nullptr);
}

void MLIRC_EXPORT(mgpuMemset32)(void *dst, unsigned int value, size_t count,
                                void *stream) {
  MLIRC_HIP(hipMemsetD32Async, reinterpret_cast<hipDeviceptr_t>(dst),
            static_cast<int>(value), count, asStream(stream));
  if (!stream)
    MLIRC_HIP(hipStreamSynchronize, nullptr);
}

void MLIRC_EXPORT(mgpuMemset16)(void *dst, unsigned short value, size_t count,
                                void *stream) {
  MLIRC_HIP(hipMemsetD16Async, reinterpret_cast<hipDeviceptr_t>(dst), value,
            count, asStream(stream));
  if (!stream)
    MLIRC_HIP(hipStreamSynchronize, nullptr);
}

void MLIRC_EXPORT(mgpuMemHostRegisterMemRef)(int64_t rank,
                                             MemRefDescriptor *desc,
                                             int64_t elementSize) {
  size_t bytes = getMemRefSpan(rank, desc, elementSize);
  if (bytes == 0)
    return;
  MLIRC_HIP(hipHostRegister, getMemRefStart(desc, elementSize), bytes,
            hipHostRegisterDefault);
}

void MLIRC_EXPORT(mgpuMemHostUnregisterMemRef)(int64_t rank,
                                               MemRefDescriptor *desc,
                                               int64_t elementSize) {
  if (getMemRefSpan(rank, desc, elementSize) == 0)
    return;
  MLIRC_HIP(hipHostUnregister, getMemRefStart(desc, elementSize));
}

/// TMA descriptors are NVIDIA's; mlirc builds them only into programs for
/// NVIDIA GPUs, so this is reached only when such a program runs elsewhere.
void *MLIRC_EXPORT(mgpuTensorMapEncodeTiledMemref)(int64_t, void *, int64_t,
                                                   int64_t, int64_t, int64_t,
                                                   int64_t, int64_t *) {
  mlirc::runtime::fail("nvgpu.tma.create.descriptor needs an NVIDIA GPU "
                       "(sm_90 or later); this program runs on an AMD GPU");
}

void MLIRC_EXPORT(mgpuSetDefaultDevice)(int32_t device) {
  MLIRC_HIP(hipSetDevice, device);
}

/// Launches the kernel registered under \p handle (the linked code
/// objects) or, when those have none for it, under \p ownHandle (prebuilt
/// code objects the object registered itself). A null \p stream is a
/// synchronous launch: it returns when the kernel has finished.
void MLIRC_EXPORT(mlircLaunchKernel)(const void *handle, const void *ownHandle,
                                     const char *name, int64_t gridX,
                                     int64_t gridY, int64_t gridZ,
                                     int64_t blockX, int64_t blockY,
                                     int64_t blockZ, int32_t sharedBytes,
                                     void *stream, void **params) {
  const HipLibrary &lib = hip();
  require(lib.hipLaunchKernel, "hipLaunchKernel");
  mlirc::runtime::checkLaunchSizes(name, gridX, gridY, gridZ, blockX, blockY,
                                   blockZ, mlirc::limits::amdMaxGrid,
                                   mlirc::limits::amdMaxBlock);
  dim3 grid(gridX, gridY, gridZ);
  dim3 block(blockX, blockY, blockZ);
  const char *call = "hipLaunchKernel";
  auto launch = [&](const void *kernel) {
    if (sharedBytes > 64 * 1024 && lib.hipFuncSetAttribute) {
      hipError_t error = lib.hipFuncSetAttribute(
          kernel, hipFuncAttributeMaxDynamicSharedMemorySize, sharedBytes);
      if (error != hipSuccess) {
        call = "hipFuncSetAttribute";
        return error;
      }
    }
    call = "hipLaunchKernel";
    return lib.hipLaunchKernel(kernel, grid, block, params, sharedBytes,
                               asStream(stream));
  };
  // What HIP returns for a handle it has no code for on this device.
  auto notFound = [](hipError_t error) {
    return error == hipErrorInvalidDeviceFunction ||
           error == hipErrorInvalidSymbol;
  };
  hipError_t error = launch(handle);
  if (notFound(error) || error == hipErrorNoBinaryForGpu) {
    // Nothing was launched: try the object's own code objects, keeping the
    // first error if the kernel is not among those either.
    if (lib.hipGetLastError)
      (void)lib.hipGetLastError();
    const char *firstCall = call;
    hipError_t own = launch(ownHandle);
    if (!notFound(own))
      error = own;
    else
      call = firstCall;
  }
  if (error != hipSuccess)
    fail(call, error, name);
  lastKernel.store(name);
  if (!stream) {
    error = require(lib.hipStreamSynchronize, "hipStreamSynchronize")(nullptr);
    if (error != hipSuccess)
      fail("hipStreamSynchronize", error, name);
  }
}

/// AMD GPUs have no thread block clusters; mlirc builds cluster launches
/// only into programs without AMD targets.
void MLIRC_EXPORT(mlircLaunchClusterKernel)(const void *, const void *,
                                            const char *name, int64_t, int64_t,
                                            int64_t, int64_t, int64_t, int64_t,
                                            int64_t, int64_t, int64_t, int32_t,
                                            void *, void **) {
  mlirc::runtime::fail("kernel '%s' is launched in thread block clusters, "
                       "which AMD GPUs do not have",
                       name);
}

#include "runtime/DeviceMemRefs.h"
#include "runtime/HostMemoryReadable.h"
#include "runtime/LaunchBounds.h"

} // extern "C"
