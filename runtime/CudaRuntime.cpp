//===- CudaRuntime.cpp - mlirc's host runtime over the CUDA runtime -------===//
//
// The functions MLIR's gpu-to-llvm lowering calls (mgpu*) plus
// mlircLaunchKernel, implemented over the CUDA runtime API. Kernels are
// found through the host handles that clang-linker-wrapper's generated code
// registered (__cudaRegisterFunction), so no module loading happens here.
// Streams stand for async tokens, events join them.
//
// Every failing CUDA call ends the program with the call, the kernel (for
// launches) and CUDA's own message: a GPU error is never ignored.
//
//===----------------------------------------------------------------------===//

#include <cuda.h>
#include <cuda_runtime_api.h>

#include "runtime/LaunchSizes.h"
#include "runtime/MemRefSpan.h"
#include "runtime/RuntimeError.h"
#include "runtime/RuntimeExport.h"
#include <array>
#include <atomic>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iterator>
#include <map>
#include <mutex>
#include <unistd.h>
#include <vector>

namespace {

/// The kernel launched last: kernels fail asynchronously, so an error a
/// later synchronization reports most likely comes from it.
std::atomic<const char *> lastKernel{nullptr};

bool hasUsableDevice() {
  int count = 0;
  bool usable = cudaGetDeviceCount(&count) == cudaSuccess && count > 0;
  cudaGetLastError();
  return usable;
}

[[noreturn]] void fail(const char *call, cudaError_t error,
                       const char *kernel = nullptr) {
  if (!kernel)
    kernel = lastKernel.load();
  std::string missing = hasUsableDevice()
                            ? ""
                            : mlirc::runtime::getMissingDeviceNote(
                                  "NVIDIA GPU with its CUDA driver");
  if (kernel)
    mlirc::runtime::fail("%s failed (kernel '%s'): %s (%s)%s", call, kernel,
                         cudaGetErrorString(error), cudaGetErrorName(error),
                         missing.c_str());
  mlirc::runtime::fail("%s failed: %s (%s)%s", call, cudaGetErrorString(error),
                       cudaGetErrorName(error), missing.c_str());
}

void check(cudaError_t error, const char *call, const char *kernel = nullptr) {
  if (error != cudaSuccess)
    fail(call, error, kernel);
}

#define MLIRC_CUDA(call) check(call, #call)

/// A driver API function through cudart, so that the executable needs no
/// link-time dependency on libcuda.
template <typename Fn> Fn getDriverFunction(const char *name) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult status;
  check(cudaGetDriverEntryPointByVersion(name, &fn, CUDART_VERSION,
                                         cudaEnableDefault, &status),
        "cudaGetDriverEntryPointByVersion");
  if (!fn || status != cudaDriverEntryPointSuccess)
    mlirc::runtime::fail("the CUDA driver has no %s", name);
  return reinterpret_cast<Fn>(fn);
}

/// Ends the program for a failed driver API call, with the driver's own
/// name and message for \p result (its codes are not cudart's).
[[noreturn]] void failDriver(const char *call, CUresult result) {
  using Fn = CUresult (*)(CUresult, const char **);
  static Fn getName = getDriverFunction<Fn>("cuGetErrorName");
  static Fn getString = getDriverFunction<Fn>("cuGetErrorString");
  const char *name = "unknown error", *message = "unknown error";
  getName(result, &name);
  getString(result, &message);
  mlirc::runtime::fail("%s failed: %s (%s)", call, message, name);
}

cudaStream_t asStream(void *stream) {
  return static_cast<cudaStream_t>(stream);
}

using mlirc::runtime::getMemRefSpan;
using mlirc::runtime::getMemRefStart;
using mlirc::runtime::MemRefDescriptor;

/// Launches the kernel registered under \p handle, in clusters of
/// \p cluster blocks when that is set; \p call names the CUDA call that
/// failed.
cudaError_t launchOnce(const void *handle, const dim3 *cluster, dim3 grid,
                       dim3 block, int32_t sharedBytes, cudaStream_t stream,
                       void **params, const char *&call) {
  if (sharedBytes > 48 * 1024) {
    call = "cudaFuncSetAttribute";
    cudaError_t error = cudaFuncSetAttribute(
        handle, cudaFuncAttributeMaxDynamicSharedMemorySize, sharedBytes);
    if (error != cudaSuccess)
      return error;
  }
  if (!cluster) {
    call = "cudaLaunchKernel";
    return cudaLaunchKernel(handle, grid, block, params, sharedBytes, stream);
  }
  // More than 8 blocks per cluster is allowed only when asked for.
  if (cluster->x * cluster->y * cluster->z > 8) {
    call = "cudaFuncSetAttribute";
    cudaError_t error = cudaFuncSetAttribute(
        handle, cudaFuncAttributeNonPortableClusterSizeAllowed, 1);
    if (error != cudaSuccess)
      return error;
  }
  cudaLaunchAttribute attribute;
  attribute.id = cudaLaunchAttributeClusterDimension;
  attribute.val.clusterDim.x = cluster->x;
  attribute.val.clusterDim.y = cluster->y;
  attribute.val.clusterDim.z = cluster->z;
  cudaLaunchConfig_t config = {};
  config.gridDim = grid;
  config.blockDim = block;
  config.dynamicSmemBytes = sharedBytes;
  config.stream = stream;
  config.attrs = &attribute;
  config.numAttrs = 1;
  call = "cudaLaunchKernelExC";
  return cudaLaunchKernelExC(&config, handle, params);
}

/// CUDA's limits, checked before dim3 takes the sizes.
void checkSizes(const char *name, int64_t gridX, int64_t gridY, int64_t gridZ,
                int64_t blockX, int64_t blockY, int64_t blockZ) {
  mlirc::runtime::checkLaunchSizes(name, gridX, gridY, gridZ, blockX, blockY,
                                   blockZ, mlirc::limits::cudaMaxGrid,
                                   mlirc::limits::cudaMaxBlock);
}

/// Launches the kernel registered under \p handle (the linked cubins) or,
/// when those have no code for this GPU, under \p ownHandle (what the
/// object registered itself: PTX, which the driver compiles, or prebuilt
/// cubins and fatbinaries). A null \p stream is a synchronous launch: it
/// returns when the kernel has finished.
void launch(const void *handle, const void *ownHandle, const char *name,
            const dim3 *cluster, dim3 grid, dim3 block, int32_t sharedBytes,
            cudaStream_t stream, void **params) {
  const char *call = nullptr;
  cudaError_t error = launchOnce(handle, cluster, grid, block, sharedBytes,
                                 stream, params, call);
  if (error == cudaErrorInvalidDeviceFunction ||
      error == cudaErrorNoKernelImageForDevice) {
    // Nothing was launched and the error is not sticky: clear it and try
    // the object's own code, keeping the first error if that is missing too.
    cudaGetLastError();
    const char *ownCall = nullptr;
    cudaError_t ownError = launchOnce(ownHandle, cluster, grid, block,
                                      sharedBytes, stream, params, ownCall);
    if (ownError != cudaErrorInvalidDeviceFunction) {
      error = ownError;
      call = ownCall;
    } else {
      cudaGetLastError();
    }
  }
  check(error, call, name);
  lastKernel.store(name);
  if (!stream)
    check(cudaStreamSynchronize(nullptr), "cudaStreamSynchronize", name);
}

/// Streams destroyed with no work left, which mgpuStreamCreate hands out
/// again: MLIR's async lowering makes and destroys a stream around every
/// launch the host waits for, and the launches of bench/codegen.sh took 5
/// to 11 us longer than nvcc's on an H200 with equal kernel times. A
/// stream with work pending is destroyed, so no later work queues behind
/// it.
struct StreamPool {
  std::mutex mutex;
  std::vector<cudaStream_t> idle;
};

StreamPool &getStreamPool() {
  static auto *pool = new StreamPool;
  return *pool;
}

/// The memory mgpuMemAlloc made, which a launch's host memory check
/// (mlircKernelHostMemoryBegin) and mgpuMemFree know without asking CUDA.
struct Allocations {
  struct Allocation {
    uint64_t size;
    bool managed;
  };
  std::mutex mutex;
  std::map<uintptr_t, Allocation> starts;

  bool contains(uintptr_t address) {
    std::lock_guard<std::mutex> lock(mutex);
    auto next = starts.upper_bound(address);
    if (next == starts.begin())
      return false;
    auto previous = std::prev(next);
    return address < previous->first + previous->second.size;
  }
};

Allocations &getAllocations() {
  static auto *allocations = new Allocations;
  return *allocations;
}

/// The device's address of host memory registered with cudaHostRegister.
void *getDevicePointer(void *host) {
  void *device = nullptr;
  MLIRC_CUDA(cudaHostGetDevicePointer(&device, host, 0));
  return device;
}

} // namespace

extern "C" {

/// True when the CUDA driver is present and sees at least one device; the
/// combined runtime asks this to choose between GPU and CPU.
bool mlircCudaAvailable() { return hasUsableDevice(); }

void *MLIRC_EXPORT(mgpuStreamCreate)() {
  StreamPool &pool = getStreamPool();
  {
    std::lock_guard<std::mutex> lock(pool.mutex);
    if (!pool.idle.empty()) {
      cudaStream_t stream = pool.idle.back();
      pool.idle.pop_back();
      return stream;
    }
  }
  cudaStream_t stream = nullptr;
  MLIRC_CUDA(cudaStreamCreateWithFlags(&stream, cudaStreamNonBlocking));
  return stream;
}

void MLIRC_EXPORT(mgpuStreamDestroy)(void *stream) {
  cudaStream_t handle = asStream(stream);
  if (handle) {
    cudaError_t state = cudaStreamQuery(handle);
    if (state == cudaSuccess) {
      StreamPool &pool = getStreamPool();
      std::lock_guard<std::mutex> lock(pool.mutex);
      // Enough for the streams a program has in flight at once.
      if (pool.idle.size() < 64) {
        pool.idle.push_back(handle);
        return;
      }
    } else if (state == cudaErrorNotReady) {
      cudaGetLastError();
    }
  }
  MLIRC_CUDA(cudaStreamDestroy(handle));
}

void MLIRC_EXPORT(mgpuStreamSynchronize)(void *stream) {
  MLIRC_CUDA(cudaStreamSynchronize(asStream(stream)));
}

void MLIRC_EXPORT(mgpuStreamWaitEvent)(void *stream, void *event) {
  MLIRC_CUDA(cudaStreamWaitEvent(asStream(stream),
                                 static_cast<cudaEvent_t>(event), 0));
}

void *MLIRC_EXPORT(mgpuEventCreate)() {
  cudaEvent_t event = nullptr;
  MLIRC_CUDA(cudaEventCreateWithFlags(&event, cudaEventDisableTiming));
  return event;
}

void MLIRC_EXPORT(mgpuEventDestroy)(void *event) {
  MLIRC_CUDA(cudaEventDestroy(static_cast<cudaEvent_t>(event)));
}

void MLIRC_EXPORT(mgpuEventSynchronize)(void *event) {
  MLIRC_CUDA(cudaEventSynchronize(static_cast<cudaEvent_t>(event)));
}

void MLIRC_EXPORT(mgpuEventRecord)(void *event, void *stream) {
  MLIRC_CUDA(
      cudaEventRecord(static_cast<cudaEvent_t>(event), asStream(stream)));
}

void *MLIRC_EXPORT(mgpuMemAlloc)(uint64_t sizeBytes, void *stream,
                                 bool isHostShared) {
  void *ptr = nullptr;
  if (sizeBytes == 0)
    return nullptr;
  if (isHostShared)
    MLIRC_CUDA(cudaMallocManaged(&ptr, sizeBytes));
  else if (stream)
    MLIRC_CUDA(cudaMallocAsync(&ptr, sizeBytes, asStream(stream)));
  else
    MLIRC_CUDA(cudaMalloc(&ptr, sizeBytes));
  Allocations &allocations = getAllocations();
  std::lock_guard<std::mutex> lock(allocations.mutex);
  allocations.starts[reinterpret_cast<uintptr_t>(ptr)] = {sizeBytes,
                                                          isHostShared};
  return ptr;
}

void MLIRC_EXPORT(mgpuMemFree)(void *ptr, void *stream) {
  if (!ptr)
    return;
  // Managed memory (host_shared) has no stream-ordered free
  // (cudaErrorNotSupported): it is freed once the stream's work is done.
  bool managed = false;
  {
    Allocations &allocations = getAllocations();
    std::lock_guard<std::mutex> lock(allocations.mutex);
    auto it = allocations.starts.find(reinterpret_cast<uintptr_t>(ptr));
    if (it != allocations.starts.end()) {
      managed = it->second.managed;
      allocations.starts.erase(it);
    }
  }
  if (stream && !managed) {
    MLIRC_CUDA(cudaFreeAsync(ptr, asStream(stream)));
    return;
  }
  if (stream)
    MLIRC_CUDA(cudaStreamSynchronize(asStream(stream)));
  MLIRC_CUDA(cudaFree(ptr));
}

void MLIRC_EXPORT(mgpuMemcpy)(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  MLIRC_CUDA(cudaMemcpyAsync(dst, src, sizeBytes, cudaMemcpyDefault,
                             asStream(stream)));
  if (!stream)
    MLIRC_CUDA(cudaStreamSynchronize(nullptr));
}

void MLIRC_EXPORT(mgpuMemset32)(void *dst, unsigned int value, size_t count,
                                void *stream) {
  using Fn = CUresult (*)(CUdeviceptr, unsigned int, size_t, CUstream);
  static Fn memsetD32 = getDriverFunction<Fn>("cuMemsetD32Async");
  CUresult result = memsetD32(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              static_cast<CUstream>(stream));
  if (result != CUDA_SUCCESS)
    failDriver("cuMemsetD32Async", result);
  if (!stream)
    MLIRC_CUDA(cudaStreamSynchronize(nullptr));
}

void MLIRC_EXPORT(mgpuMemset16)(void *dst, unsigned short value, size_t count,
                                void *stream) {
  using Fn = CUresult (*)(CUdeviceptr, unsigned short, size_t, CUstream);
  static Fn memsetD16 = getDriverFunction<Fn>("cuMemsetD16Async");
  CUresult result = memsetD16(reinterpret_cast<CUdeviceptr>(dst), value, count,
                              static_cast<CUstream>(stream));
  if (result != CUDA_SUCCESS)
    failDriver("cuMemsetD16Async", result);
  if (!stream)
    MLIRC_CUDA(cudaStreamSynchronize(nullptr));
}

void MLIRC_EXPORT(mgpuMemHostRegisterMemRef)(int64_t rank,
                                             MemRefDescriptor *desc,
                                             int64_t elementSize) {
  size_t bytes = getMemRefSpan(rank, desc, elementSize);
  if (bytes == 0)
    return;
  MLIRC_CUDA(cudaHostRegister(getMemRefStart(desc, elementSize), bytes,
                              cudaHostRegisterDefault));
}

void MLIRC_EXPORT(mgpuMemHostUnregisterMemRef)(int64_t rank,
                                               MemRefDescriptor *desc,
                                               int64_t elementSize) {
  if (getMemRefSpan(rank, desc, elementSize) == 0)
    return;
  MLIRC_CUDA(cudaHostUnregister(getMemRefStart(desc, elementSize)));
}

void MLIRC_EXPORT(mgpuSetDefaultDevice)(int32_t device) {
  MLIRC_CUDA(cudaSetDevice(device));
}

/// nvgpu.tma.create.descriptor: the tensor map of a memref with the
/// innermost dimension contiguous, tiled in boxes of \p boxSizes (outermost
/// first, as the memref's). Kernels read it from device memory, where each
/// distinct map is copied once and stays for the program's life.
void *MLIRC_EXPORT(mgpuTensorMapEncodeTiledMemref)(
    int64_t rank, void *descriptor, int64_t dataType, int64_t interleave,
    int64_t swizzle, int64_t l2Promotion, int64_t oobFill, int64_t *boxSizes) {
  static constexpr int64_t elementBytes[] = {1, 2, 4, 4, 8, 8, 2,
                                             4, 8, 2, 4, 4, 4};
  if (rank < 1 || rank > 5)
    mlirc::runtime::fail("nvgpu.tma.create.descriptor of a rank-%lld memref: "
                         "TMA takes ranks 1 to 5",
                         static_cast<long long>(rank));
  if (dataType < 0 || dataType >= int64_t(std::size(elementBytes)))
    mlirc::runtime::fail("nvgpu.tma.create.descriptor: unknown element type "
                         "code %lld",
                         static_cast<long long>(dataType));
  auto *desc = static_cast<MemRefDescriptor *>(descriptor);
  const int64_t *sizes = desc->sizesAndStrides;
  const int64_t *strides = desc->sizesAndStrides + rank;
  int64_t bytes = elementBytes[dataType];
  if (strides[rank - 1] != 1)
    mlirc::runtime::fail("nvgpu.tma.create.descriptor of a memref whose "
                         "innermost stride is %lld: TMA needs it contiguous "
                         "(stride 1)",
                         static_cast<long long>(strides[rank - 1]));
  // The driver counts dimensions innermost first; strides are in bytes and
  // the innermost one is implied.
  cuuint64_t dims[5], byteStrides[5];
  cuuint32_t box[5], elementStrides[5];
  for (int64_t i = 0; i < rank; ++i) {
    dims[i] = static_cast<cuuint64_t>(sizes[rank - 1 - i]);
    box[i] = static_cast<cuuint32_t>(boxSizes[rank - 1 - i]);
    elementStrides[i] = 1;
    if (i + 1 < rank)
      byteStrides[i] = static_cast<cuuint64_t>(strides[rank - 2 - i] * bytes);
  }

  using Fn = CUresult (*)(CUtensorMap *, CUtensorMapDataType, cuuint32_t,
                          void *, const cuuint64_t *, const cuuint64_t *,
                          const cuuint32_t *, const cuuint32_t *,
                          CUtensorMapInterleave, CUtensorMapSwizzle,
                          CUtensorMapL2promotion, CUtensorMapFloatOOBfill);
  static Fn encode = getDriverFunction<Fn>("cuTensorMapEncodeTiled");
  // cudart makes the context the driver call needs.
  MLIRC_CUDA(cudaFree(nullptr));
  CUtensorMap map;
  std::memset(&map, 0, sizeof(map));
  CUresult result =
      encode(&map, static_cast<CUtensorMapDataType>(dataType),
             static_cast<cuuint32_t>(rank), getMemRefStart(desc, bytes), dims,
             byteStrides, box, elementStrides,
             static_cast<CUtensorMapInterleave>(interleave),
             static_cast<CUtensorMapSwizzle>(swizzle),
             static_cast<CUtensorMapL2promotion>(l2Promotion),
             static_cast<CUtensorMapFloatOOBfill>(oobFill));
  if (result != CUDA_SUCCESS)
    failDriver("cuTensorMapEncodeTiled (nvgpu.tma.create.descriptor: the "
               "box, the memref's sizes and strides, or its alignment is "
               "outside what TMA takes)",
               result);

  using Key = std::array<cuuint64_t, CU_TENSOR_MAP_NUM_QWORDS>;
  static std::mutex mutex;
  static std::map<Key, void *> onDevice;
  Key key;
  std::memcpy(key.data(), &map, sizeof(map));
  std::lock_guard<std::mutex> lock(mutex);
  void *&copy = onDevice[key];
  if (!copy) {
    MLIRC_CUDA(cudaMalloc(&copy, sizeof(map)));
    MLIRC_CUDA(cudaMemcpy(copy, &map, sizeof(map), cudaMemcpyHostToDevice));
  }
  return copy;
}

void MLIRC_EXPORT(mlircLaunchKernel)(const void *handle, const void *ownHandle,
                                     const char *name, int64_t gridX,
                                     int64_t gridY, int64_t gridZ,
                                     int64_t blockX, int64_t blockY,
                                     int64_t blockZ, int32_t sharedBytes,
                                     void *stream, void **params) {
  checkSizes(name, gridX, gridY, gridZ, blockX, blockY, blockZ);
  launch(handle, ownHandle, name, nullptr, dim3(gridX, gridY, gridZ),
         dim3(blockX, blockY, blockZ), sharedBytes, asStream(stream), params);
}

/// A launch in thread block clusters (sm_90 and later).
void MLIRC_EXPORT(mlircLaunchClusterKernel)(
    const void *handle, const void *ownHandle, const char *name,
    int64_t clusterX, int64_t clusterY, int64_t clusterZ, int64_t gridX,
    int64_t gridY, int64_t gridZ, int64_t blockX, int64_t blockY,
    int64_t blockZ, int32_t sharedBytes, void *stream, void **params) {
  checkSizes(name, gridX, gridY, gridZ, blockX, blockY, blockZ);
  dim3 cluster(clusterX, clusterY, clusterZ);
  launch(handle, ownHandle, name, &cluster, dim3(gridX, gridY, gridZ),
         dim3(blockX, blockY, blockZ), sharedBytes, asStream(stream), params);
}

/// Host memory a synchronous launch takes (pipeline/KernelHostMemory.cpp):
/// where the device cannot read pageable memory, its pages are registered
/// for the launch, and the kernel reads them at their host address (as
/// every CUDA GPU on 64-bit Linux can). Memory the device has already
/// (cudaMalloc, managed, registered) is left alone. Returns the
/// registrations to undo, or null.
void *MLIRC_EXPORT(mlircKernelHostMemoryBegin)(void *start, uint64_t bytes) {
  static const bool pageable = [] {
    int device = 0, value = 0;
    return cudaGetDevice(&device) == cudaSuccess &&
           cudaDeviceGetAttribute(&value, cudaDevAttrPageableMemoryAccess,
                                  device) == cudaSuccess &&
           value;
  }();
  if (!bytes || pageable ||
      getAllocations().contains(reinterpret_cast<uintptr_t>(start)))
    return nullptr;
  auto getType = [](uintptr_t address) {
    cudaPointerAttributes attributes;
    if (cudaPointerGetAttributes(&attributes,
                                 reinterpret_cast<void *>(address)) !=
        cudaSuccess) {
      cudaGetLastError();
      return cudaMemoryTypeDevice;
    }
    return attributes.type;
  };
  auto at = reinterpret_cast<uintptr_t>(start);
  cudaMemoryType type = getType(at);
  // gpu.host_register'ed memory (cudaMemoryTypeHost) is the device's too.
  if (type != cudaMemoryTypeUnregistered)
    return nullptr;
  // Whole pages: another argument of the launch may share the first or
  // last, and a page cannot be registered twice.
  static const uintptr_t page = sysconf(_SC_PAGESIZE);
  uintptr_t first = at & ~(page - 1);
  uintptr_t end = (at + bytes + page - 1) & ~(page - 1);
  auto *registered = new std::vector<void *>;
  auto add = [&](uintptr_t from, uintptr_t to) {
    void *address = reinterpret_cast<void *>(from);
    cudaError_t error =
        cudaHostRegister(address, to - from, cudaHostRegisterDefault);
    // A page that another registration (of the program's) covers in part.
    if (error == cudaErrorHostMemoryAlreadyRegistered) {
      cudaGetLastError();
      return;
    }
    check(error, "cudaHostRegister");
    registered->push_back(address);
  };
  if (getType(end - 1) == cudaMemoryTypeUnregistered &&
      cudaHostRegister(reinterpret_cast<void *>(first), end - first,
                       cudaHostRegisterDefault) == cudaSuccess) {
    registered->push_back(reinterpret_cast<void *>(first));
    return registered;
  }
  cudaGetLastError();
  // Some pages are registered already: the others one by one.
  for (uintptr_t page0 = first; page0 < end; page0 += page)
    if (getType(page0) == cudaMemoryTypeUnregistered)
      add(page0, page0 + page);
  return registered;
}

void MLIRC_EXPORT(mlircKernelHostMemoryEnd)(void *registration) {
  auto *registered = static_cast<std::vector<void *> *>(registration);
  if (!registered)
    return;
  for (void *address : *registered)
    MLIRC_CUDA(cudaHostUnregister(address));
  delete registered;
}

#include "runtime/DeviceMemRefs.h"
#include "runtime/LaunchBounds.h"

} // extern "C"
