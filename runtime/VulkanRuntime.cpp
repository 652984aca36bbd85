//===- VulkanRuntime.cpp - mlirc's host runtime over Vulkan compute -------===//
//
// The functions MLIR's gpu-to-llvm lowering calls (mgpu*) plus
// mlircLaunchKernel, over Vulkan (VulkanDevice). Memory from gpu.alloc is
// a buffer the program knows by an address of its own; memrefs in host
// memory that a kernel takes (MLIR's Vulkan programs launch on memref.alloc
// memory) are copied into a host-visible buffer for the launch and back
// after it, so such a launch is synchronous. A launch binds each memref's
// buffer at the memref's aligned pointer and passes scalars as push
// constants, as the image's description of the kernel (RecordKernelABI)
// says.
//
//===----------------------------------------------------------------------===//

#include "runtime/LaunchSizes.h"
#include "runtime/MemRefSpan.h"
#include "runtime/RuntimeError.h"
#include "runtime/RuntimeExport.h"
#include "runtime/VulkanDevice.h"

#include <algorithm>
#include <cstring>

using namespace mlirc::vulkan;
using mlirc::runtime::fail;

namespace {

using Lock = std::lock_guard<std::recursive_mutex>;

/// The device's address of host memory registered with gpu.host_register:
/// the host's own, which launches copy in and out.
void *getDevicePointer(void *host) { return host; }

/// A memref argument in host memory, copied for one launch.
struct HostArgument {
  unsigned index;
  char *start;
  size_t bytes;
};

/// Host memory for one launch: the arguments' ranges, merged where they
/// overlap so that a kernel sees aliases as one memory.
struct HostStaging {
  char *start;
  char *end;
  Buffer buffer;
  std::vector<HostArgument> arguments;
};

/// The bytes a kernel may touch from \p aligned: its static offset plus
/// the strided extent.
size_t getKernelSpan(unsigned rank, void **fields, unsigned elementBytes) {
  int64_t offset = *static_cast<int64_t *>(fields[2]);
  int64_t last = offset;
  for (unsigned i = 0; i < rank; ++i) {
    int64_t size = *static_cast<int64_t *>(fields[3 + i]);
    int64_t stride = *static_cast<int64_t *>(fields[3 + rank + i]);
    if (size <= 0)
      return 0;
    last += (size - 1) * stride;
  }
  return static_cast<size_t>(last + 1) * elementBytes;
}

void launch(const void *handle, const char *name, const int64_t grid[3],
            const int64_t block[3], int32_t sharedBytes, void *streamHandle,
            void **params) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  Kernel &kernel = device.getKernel(handle, name);
  const KernelImage &image = kernel.image;
  const VkPhysicalDeviceLimits &limits = device.properties.limits;
  int64_t maxGrid[3], maxBlock[3];
  for (int i = 0; i < 3; ++i) {
    maxGrid[i] = limits.maxComputeWorkGroupCount[i];
    maxBlock[i] = limits.maxComputeWorkGroupSize[i];
  }
  // A block size chosen at launch meets the device's own invocation limit
  // (mlirc's shaders fix at most 1024).
  int64_t maxThreads =
      std::min<int64_t>(mlirc::limits::maxThreadsPerBlock,
                        limits.maxComputeWorkGroupInvocations);
  mlirc::runtime::checkLaunchSizes(name, grid[0], grid[1], grid[2], block[0],
                                   block[1], block[2], maxGrid, maxBlock,
                                   maxThreads);
  // 0, 0, 0: the pipeline takes the launch's size.
  if (image.block[0] &&
      (block[0] != image.block[0] || block[1] != image.block[1] ||
       block[2] != image.block[2]))
    fail("launch of kernel '%s' with %lldx%lldx%lld threads per block; its "
         "Vulkan shader is compiled for exactly %ux%ux%u (Vulkan fixes a "
         "shader's workgroup size)",
         name, static_cast<long long>(block[0]),
         static_cast<long long>(block[1]), static_cast<long long>(block[2]),
         image.block[0], image.block[1], image.block[2]);

  // Dynamic shared memory, in elements of the kernel's array (at least
  // one: an array has a length).
  uint32_t sharedElements = 1;
  uint64_t dynamicBytes = 0;
  if (image.sharedElementBytes)
    dynamicBytes = sharedBytes > 0 ? static_cast<uint64_t>(sharedBytes) : 0;
  // Beyond the device's workgroup memory, Vulkan leaves a launch undefined.
  if (kernel.workgroupBytes + dynamicBytes > limits.maxComputeSharedMemorySize)
    fail("launch of kernel '%s' with %llu bytes of workgroup memory (%llu "
         "static, %llu dynamic); the Vulkan device '%s' has %u bytes",
         name,
         static_cast<unsigned long long>(kernel.workgroupBytes + dynamicBytes),
         static_cast<unsigned long long>(kernel.workgroupBytes),
         static_cast<unsigned long long>(dynamicBytes),
         device.properties.deviceName, limits.maxComputeSharedMemorySize);
  if (image.sharedElementBytes) {
    uint64_t bytes = dynamicBytes;
    uint64_t elements = (bytes + image.sharedElementBytes - 1) /
                        image.sharedElementBytes;
    sharedElements = static_cast<uint32_t>(std::max<uint64_t>(elements, 1));
  }

  size_t count = image.arguments.size();
  std::vector<VkDescriptorBufferInfo> infos(count);
  std::vector<HostArgument> hostArguments;
  std::vector<Buffer> scalarBuffers;
  unsigned char pushConstants[128] = {};
  VkDeviceSize alignment = limits.minStorageBufferOffsetAlignment;
  size_t param = 0;
  // Each memref argument's descriptor, for its fields in push constants.
  std::vector<void **> descriptors(count);
  // What the kernel's gpu.printf ops write, printed once it has run
  // (Device::retire).
  Buffer printBuffer;
  uint32_t printWords = 0;
  for (unsigned i = 0; i < count; ++i) {
    const KernelArgument &arg = image.arguments[i];
    if (arg.kind == KernelArgument::MemRefField) {
      int64_t value =
          *static_cast<int64_t *>(descriptors[arg.memref][arg.field]);
      if (value != static_cast<int32_t>(value))
        fail("argument %u of kernel '%s' has a size or stride of %lld, "
             "which a Vulkan kernel's 32-bit index cannot hold",
             arg.memref, name, static_cast<long long>(value));
      int32_t narrow = static_cast<int32_t>(value);
      std::memcpy(pushConstants + arg.offset, &narrow, sizeof(narrow));
      continue;
    }
    if (arg.kind == KernelArgument::PrintBuffer) {
      // Zeroed: word 0 counts the words taken, and an unwritten record's
      // format number is 0.
      printBuffer =
          device.createBuffer(size_t(arg.words) * 4, MemoryKind::Host);
      std::memset(printBuffer.mapped, 0, printBuffer.size);
      printWords = arg.words;
      infos[i] = {printBuffer.buffer, 0, VK_WHOLE_SIZE};
      continue;
    }
    if (arg.kind == KernelArgument::MemRef) {
      void **fields = params + param;
      descriptors[i] = fields;
      param += 3 + 2 * arg.rank;
      char *aligned = *static_cast<char **>(fields[1]);
      size_t bytes = getKernelSpan(arg.rank, fields, arg.hostBytes);
      if (!bytes) {
        infos[i] = {device.getEmptyBuffer().buffer, 0, VK_WHOLE_SIZE};
        continue;
      }
      if (bytes > limits.maxStorageBufferRange)
        fail("argument %u of kernel '%s' spans %zu bytes; the Vulkan device "
             "'%s' binds at most %u bytes of one buffer to a kernel",
             i, name, bytes, device.properties.deviceName,
             limits.maxStorageBufferRange);
      Allocation *allocation = device.find(aligned);
      if (!allocation) {
        hostArguments.push_back({i, aligned, bytes});
        continue;
      }
      VkDeviceSize at =
          static_cast<VkDeviceSize>(aligned - allocation->address);
      if (at % alignment)
        fail("argument %u of kernel '%s' starts %llu bytes into its gpu.alloc "
             "memory; Vulkan binds buffers at multiples of %llu bytes",
             i, name, static_cast<unsigned long long>(at),
             static_cast<unsigned long long>(alignment));
      if (at + bytes > allocation->buffer.size)
        fail("argument %u of kernel '%s' reaches past the end of its "
             "gpu.alloc memory",
             i, name);
      VkDeviceSize range = std::min<VkDeviceSize>(allocation->buffer.size - at,
                                                  limits.maxStorageBufferRange);
      infos[i] = {allocation->buffer.buffer, at, range};
      continue;
    }
    const void *value = params[param++];
    unsigned copied = std::min(arg.hostBytes, arg.deviceBytes);
    if (arg.hostBytes > arg.deviceBytes) {
      // An index, 32 bits in the shader.
      int64_t wide = 0;
      std::memcpy(&wide, value, std::min<unsigned>(arg.hostBytes, 8));
      if (wide != static_cast<int32_t>(wide))
        fail("argument %u of kernel '%s' is %lld, which a Vulkan kernel's "
             "32-bit index cannot hold",
             i, name, static_cast<long long>(wide));
    }
    if (arg.kind == KernelArgument::PushConstant) {
      std::memcpy(pushConstants + arg.offset, value, copied);
      continue;
    }
    Buffer buffer = device.createBuffer(arg.deviceBytes, MemoryKind::Host);
    std::memset(buffer.mapped, 0, buffer.size);
    std::memcpy(buffer.mapped, value, copied);
    scalarBuffers.push_back(buffer);
    infos[i] = {buffer.buffer, 0, VK_WHOLE_SIZE};
  }

  // Host memory: overlapping ranges share a copy, each starting where
  // Vulkan may bind a buffer.
  std::sort(hostArguments.begin(), hostArguments.end(),
            [](const HostArgument &a, const HostArgument &b) {
              return a.start < b.start;
            });
  std::vector<HostStaging> staging;
  for (const HostArgument &arg : hostArguments) {
    char *end = arg.start + arg.bytes;
    if (!staging.empty() && arg.start < staging.back().end &&
        (arg.start - staging.back().start) % alignment == 0) {
      staging.back().end = std::max(staging.back().end, end);
      staging.back().arguments.push_back(arg);
      continue;
    }
    auto at = reinterpret_cast<uintptr_t>(arg.start);
    char *start = arg.start - at % alignment;
    staging.push_back({start, end, Buffer(), {arg}});
  }
  for (HostStaging &copy : staging) {
    size_t bytes = static_cast<size_t>(copy.end - copy.start);
    copy.buffer = device.createBuffer(bytes, MemoryKind::Host);
    std::memcpy(copy.buffer.mapped, copy.start, bytes);
    for (const HostArgument &arg : copy.arguments) {
      VkDeviceSize at = static_cast<VkDeviceSize>(arg.start - copy.start);
      infos[arg.index] = {copy.buffer.buffer, at,
                          std::min<VkDeviceSize>(copy.buffer.size - at,
                                                 limits.maxStorageBufferRange)};
    }
  }

  Recording &recording = device.beginRecording(
      static_cast<unsigned>(kernel.setLayouts.size()), kernel.bufferCount);
  recording.temporaries = scalarBuffers;
  const VulkanLibrary &vk = device.vk;
  std::vector<VkDescriptorSet> sets(kernel.setLayouts.size());
  if (!sets.empty()) {
    VkDescriptorSetAllocateInfo info{
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
    info.descriptorPool = recording.pool;
    info.descriptorSetCount = static_cast<uint32_t>(sets.size());
    info.pSetLayouts = kernel.setLayouts.data();
    device.check(vk.vkAllocateDescriptorSets(device.device, &info, sets.data()),
                 "vkAllocateDescriptorSets", name);
    std::vector<VkWriteDescriptorSet> writes;
    for (unsigned i = 0; i < count; ++i) {
      const KernelArgument &arg = image.arguments[i];
      if (!arg.isBuffer())
        continue;
      VkWriteDescriptorSet write{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
      write.dstSet = sets[arg.set];
      write.dstBinding = arg.binding;
      write.descriptorCount = 1;
      write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      write.pBufferInfo = &infos[i];
      writes.push_back(write);
    }
    vk.vkUpdateDescriptorSets(device.device,
                              static_cast<uint32_t>(writes.size()),
                              writes.data(), 0, nullptr);
  }
  VkCommandBuffer commands = recording.commands;
  vk.vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE,
                       device.getPipeline(kernel, block, sharedElements));
  if (!sets.empty())
    vk.vkCmdBindDescriptorSets(
        commands, VK_PIPELINE_BIND_POINT_COMPUTE, kernel.layout, 0,
        static_cast<uint32_t>(sets.size()), sets.data(), 0, nullptr);
  if (image.pushConstantBytes)
    vk.vkCmdPushConstants(commands, kernel.layout, VK_SHADER_STAGE_COMPUTE_BIT,
                          0, image.pushConstantBytes, pushConstants);
  vk.vkCmdDispatch(commands, static_cast<uint32_t>(grid[0]),
                   static_cast<uint32_t>(grid[1]),
                   static_cast<uint32_t>(grid[2]));
  Stream &stream = device.getStream(streamHandle);
  if (printWords) {
    recording.printBuffer = printBuffer;
    recording.printWords = printWords;
    recording.printFormats = &image.printFormats;
    recording.printKernel = name;
  }
  device.submit(recording, stream, name);
  if (!streamHandle || !staging.empty())
    device.wait(stream, name);
  for (HostStaging &copy : staging) {
    // What the kernel left as it was is not written back: the memory may
    // be read-only (a constant memref.global).
    for (const HostArgument &arg : copy.arguments) {
      const char *result = copy.buffer.mapped + (arg.start - copy.start);
      if (std::memcmp(arg.start, result, arg.bytes) != 0)
        std::memcpy(arg.start, result, arg.bytes);
    }
    device.destroyBuffer(copy.buffer);
  }
}

/// Where a copy reads or writes: a buffer, or the host.
struct CopyEnd {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceSize offset = 0;
};

CopyEnd getCopyEnd(Device &device, void *address) {
  Allocation *allocation = device.find(address);
  if (!allocation)
    return {};
  return {allocation->buffer.buffer,
          static_cast<VkDeviceSize>(static_cast<char *>(address) -
                                    allocation->address)};
}

/// True when the host can read and write \p address itself.
bool isHostMemory(Device &device, void *address) {
  Allocation *allocation = device.find(address);
  return !allocation || allocation->buffer.mapped;
}

void copy(void *dst, void *src, size_t bytes, void *streamHandle) {
  if (!bytes)
    return;
  Device &device = Device::get();
  Lock lock(device.mutex);
  Stream &stream = device.getStream(streamHandle);
  if (isHostMemory(device, dst) && isHostMemory(device, src)) {
    device.wait(stream);
    std::memmove(dst, src, bytes);
    return;
  }
  CopyEnd to = getCopyEnd(device, dst);
  CopyEnd from = getCopyEnd(device, src);
  Recording &recording = device.beginRecording(0, 0);
  if (!from.buffer) {
    Buffer staging = device.createBuffer(bytes, MemoryKind::Host);
    std::memcpy(staging.mapped, src, bytes);
    recording.temporaries.push_back(staging);
    from.buffer = staging.buffer;
  }
  Buffer readBack;
  if (!to.buffer) {
    readBack = device.createBuffer(bytes, MemoryKind::Host);
    to.buffer = readBack.buffer;
  }
  VkBufferCopy region{from.offset, to.offset, bytes};
  device.vk.vkCmdCopyBuffer(recording.commands, from.buffer, to.buffer, 1,
                            &region);
  device.submit(recording, stream, nullptr);
  if (!streamHandle || readBack.buffer)
    device.wait(stream);
  if (readBack.buffer) {
    std::memcpy(dst, readBack.mapped, bytes);
    device.destroyBuffer(readBack);
  }
}

/// Fills \p count elements of \p elementBytes at \p dst with \p value.
void fill(void *dst, uint32_t value, unsigned elementBytes, size_t count,
          void *streamHandle) {
  if (!count)
    return;
  Device &device = Device::get();
  Lock lock(device.mutex);
  Stream &stream = device.getStream(streamHandle);
  size_t bytes = count * elementBytes;
  auto fillHost = [&](char *at) {
    for (size_t i = 0; i < count; ++i)
      std::memcpy(at + i * elementBytes, &value, elementBytes);
  };
  if (isHostMemory(device, dst)) {
    device.wait(stream);
    fillHost(static_cast<char *>(dst));
    return;
  }
  CopyEnd to = getCopyEnd(device, dst);
  Recording &recording = device.beginRecording(0, 0);
  if (to.offset % 4 == 0 && bytes % 4 == 0) {
    uint32_t word =
        elementBytes == 2 ? (value & 0xffff) | (value << 16) : value;
    device.vk.vkCmdFillBuffer(recording.commands, to.buffer, to.offset, bytes,
                              word);
  } else {
    Buffer staging = device.createBuffer(bytes, MemoryKind::Host);
    fillHost(staging.mapped);
    recording.temporaries.push_back(staging);
    VkBufferCopy region{0, to.offset, bytes};
    device.vk.vkCmdCopyBuffer(recording.commands, staging.buffer, to.buffer, 1,
                              &region);
  }
  device.submit(recording, stream, nullptr);
  if (!streamHandle)
    device.wait(stream);
}

} // namespace

extern "C" {

/// What the combined runtime asks to choose a backend: 2 when a Vulkan GPU
/// can run the kernels, 1 for a CPU implementation only, 0 for none.
int mlircVulkanDeviceRank() { return Device::probe(); }

void *MLIRC_EXPORT(mgpuStreamCreate)() {
  Device &device = Device::get();
  Lock lock(device.mutex);
  return device.createStream();
}

void MLIRC_EXPORT(mgpuStreamDestroy)(void *stream) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.destroyStream(static_cast<Stream *>(stream));
}

void MLIRC_EXPORT(mgpuStreamSynchronize)(void *stream) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.wait(device.getStream(stream));
}

void MLIRC_EXPORT(mgpuStreamWaitEvent)(void *stream, void *event) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.submitEmpty(device.getStream(stream), static_cast<Event *>(event),
                     nullptr);
}

void *MLIRC_EXPORT(mgpuEventCreate)() {
  Device &device = Device::get();
  Lock lock(device.mutex);
  return device.createEvent();
}

void MLIRC_EXPORT(mgpuEventDestroy)(void *event) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.destroyEvent(static_cast<Event *>(event));
}

void MLIRC_EXPORT(mgpuEventSynchronize)(void *event) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.waitEvent(*static_cast<Event *>(event));
}

void MLIRC_EXPORT(mgpuEventRecord)(void *event, void *stream) {
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.submitEmpty(device.getStream(stream), nullptr,
                     static_cast<Event *>(event));
}

void *MLIRC_EXPORT(mgpuMemAlloc)(uint64_t sizeBytes, void *,
                                 bool isHostShared) {
  if (sizeBytes == 0)
    return nullptr;
  Device &device = Device::get();
  Lock lock(device.mutex);
  return device.allocate(sizeBytes, isHostShared);
}

void MLIRC_EXPORT(mgpuMemFree)(void *ptr, void *) {
  if (!ptr)
    return;
  Device &device = Device::get();
  Lock lock(device.mutex);
  device.free(ptr);
}

void MLIRC_EXPORT(mgpuMemcpy)(void *dst, void *src, size_t sizeBytes,
                              void *stream) {
  copy(dst, src, sizeBytes, stream);
}

void MLIRC_EXPORT(mgpuMemset32)(void *dst, unsigned int value, size_t count,
                                void *stream) {
  fill(dst, value, 4, count, stream);
}

void MLIRC_EXPORT(mgpuMemset16)(void *dst, unsigned short value, size_t count,
                                void *stream) {
  fill(dst, value, 2, count, stream);
}

// Host memory needs no registration: each launch copies what it uses.
void MLIRC_EXPORT(mgpuMemHostRegisterMemRef)(int64_t, void *, int64_t) {}
void MLIRC_EXPORT(mgpuMemHostUnregisterMemRef)(int64_t, void *, int64_t) {}

void *MLIRC_EXPORT(mgpuTensorMapEncodeTiledMemref)(int64_t, void *, int64_t,
                                                   int64_t, int64_t, int64_t,
                                                   int64_t, int64_t *) {
  fail("nvgpu.tma.create.descriptor needs an NVIDIA GPU (sm_90 or later); "
       "this program runs on a Vulkan device");
}

void MLIRC_EXPORT(mgpuSetDefaultDevice)(int32_t device) {
  if (device != 0)
    fail("gpu.set_default_device %d: mlirc's Vulkan runtime uses one device; "
         "choose it with MLIRC_VULKAN_DEVICE=<index>",
         device);
}

void MLIRC_EXPORT(mlircLaunchKernel)(const void *handle, const void *,
                                     const char *name, int64_t gridX,
                                     int64_t gridY, int64_t gridZ,
                                     int64_t blockX, int64_t blockY,
                                     int64_t blockZ, int32_t sharedBytes,
                                     void *stream, void **params) {
  const int64_t grid[] = {gridX, gridY, gridZ};
  const int64_t block[] = {blockX, blockY, blockZ};
  launch(handle, name, grid, block, sharedBytes, stream, params);
}

void MLIRC_EXPORT(mlircLaunchClusterKernel)(const void *, const void *,
                                            const char *name, int64_t, int64_t,
                                            int64_t, int64_t, int64_t, int64_t,
                                            int64_t, int64_t, int64_t, int32_t,
                                            void *, void **) {
  fail("kernel '%s' is launched in thread block clusters, which Vulkan does "
       "not have",
       name);
}

#include "runtime/DeviceMemRefs.h"
#include "runtime/HostMemoryReadable.h"
#include "runtime/LaunchBounds.h"

} // extern "C"
