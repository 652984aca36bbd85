//===- VulkanDevice.cpp - The Vulkan device kernels run on ----------------===//

#include "runtime/VulkanDevice.h"
#include "runtime/RuntimeError.h"
#include "runtime/VulkanPrintf.h"
#include "runtime/VulkanSelection.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

using namespace mlirc::vulkan;
using mlirc::runtime::fail;

namespace {

const char *describeType(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return "a discrete GPU";
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return "an integrated GPU";
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return "a virtual GPU";
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return "a CPU";
  default:
    return "a device";
  }
}

} // namespace

int Device::probe() {
  Selection &selection = Selection::get();
  if (!selection.physical)
    return 0;
  return selection.properties.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU ? 1 : 2;
}

/// Destroys the device when the program ends, so that the validation
/// layer sees nothing left; reports the layer's messages in the status.
struct mlirc::vulkan::DeviceTeardown {
  static void run() {
    Device &device = Device::get();
    std::unique_lock<std::recursive_mutex> lock(device.mutex, std::try_to_lock);
    // Another thread is inside the runtime: leave the device to the OS.
    if (!lock.owns_lock())
      return;
    device.destroy();
    if (Selection::getValidationMessages()) {
      std::fflush(nullptr);
      _exit(1);
    }
  }
};

Device &Device::get() {
  static Device *device = [] {
    auto *result = new Device();
    result->create();
    std::atexit(DeviceTeardown::run);
    return result;
  }();
  return *device;
}

void Device::check(VkResult result, const char *call,
                   const char *kernel) const {
  if (result == VK_SUCCESS)
    return;
  const char *lost =
      result == VK_ERROR_DEVICE_LOST
          ? " (the device stopped: a kernel faulted or ran too long)"
          : "";
  if (kernel)
    fail("%s failed (kernel '%s'): %s%s", call, kernel, getResultName(result),
         lost);
  fail("%s failed: %s%s", call, getResultName(result), lost);
}

void Device::create() {
  Selection &selection = Selection::get();
  if (!selection.physical)
    fail("no Vulkan device: %s", selection.problem.c_str());
  vk = selection.vk;
  instance = selection.instance;
  messenger = selection.messenger;
  physical = selection.physical;
  properties = selection.properties;
  queueFamily = selection.queueFamily;
  version = VK_API_VERSION_MAJOR(properties.apiVersion) * 10 +
            VK_API_VERSION_MINOR(properties.apiVersion);
  vk.vkGetPhysicalDeviceMemoryProperties(physical, &memory);

  // Float atomics (SPV_EXT_shader_atomic_float_add) come from an
  // extension.
  uint32_t extensionCount = 0;
  vk.vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount,
                                          nullptr);
  std::vector<VkExtensionProperties> extensions(extensionCount);
  vk.vkEnumerateDeviceExtensionProperties(physical, nullptr, &extensionCount,
                                          extensions.data());
  bool hasAtomicFloat = false;
  for (const VkExtensionProperties &extension : extensions)
    hasAtomicFloat |=
        std::strcmp(extension.extensionName,
                    VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME) == 0;
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT supportedAtomics{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  VkPhysicalDeviceVulkan13Features supported13{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      hasAtomicFloat ? &supportedAtomics : nullptr};
  bool is13 = properties.apiVersion >= VK_API_VERSION_1_3;
  VkPhysicalDeviceVulkan12Features supported12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      is13             ? static_cast<void *>(&supported13)
      : hasAtomicFloat ? static_cast<void *>(&supportedAtomics)
                       : nullptr};
  VkPhysicalDeviceVulkan11Features supported11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, &supported12};
  VkPhysicalDeviceFeatures2 supported{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &supported11};
  vk.vkGetPhysicalDeviceFeatures2(physical, &supported);
  VkPhysicalDeviceSubgroupSizeControlProperties sizeControl{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES};
  VkPhysicalDeviceSubgroupProperties subgroups{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES,
      is13 ? &sizeControl : nullptr};
  VkPhysicalDeviceProperties2 props{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2, &subgroups};
  vk.vkGetPhysicalDeviceProperties2(physical, &props);

  // Only what kernels may use: robust buffer access and the like cost
  // time and change nothing for a correct program.
  VkPhysicalDeviceShaderAtomicFloatFeaturesEXT enabledAtomics{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_ATOMIC_FLOAT_FEATURES_EXT};
  enabledAtomics.shaderBufferFloat32AtomicAdd =
      supportedAtomics.shaderBufferFloat32AtomicAdd;
  enabledAtomics.shaderSharedFloat32AtomicAdd =
      supportedAtomics.shaderSharedFloat32AtomicAdd;
  VkPhysicalDeviceVulkan13Features enabled13{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES,
      hasAtomicFloat ? &enabledAtomics : nullptr};
  enabled13.subgroupSizeControl = supported13.subgroupSizeControl;
  VkPhysicalDeviceVulkan12Features enabled12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES,
      is13             ? static_cast<void *>(&enabled13)
      : hasAtomicFloat ? static_cast<void *>(&enabledAtomics)
                       : nullptr};
  enabled12.timelineSemaphore = VK_TRUE;
  enabled12.shaderFloat16 = supported12.shaderFloat16;
  enabled12.shaderInt8 = supported12.shaderInt8;
  enabled12.storageBuffer8BitAccess = supported12.storageBuffer8BitAccess;
  enabled12.shaderBufferInt64Atomics = supported12.shaderBufferInt64Atomics;
  enabled12.shaderSharedInt64Atomics = supported12.shaderSharedInt64Atomics;
  enabled12.shaderSubgroupExtendedTypes =
      supported12.shaderSubgroupExtendedTypes;
  VkPhysicalDeviceVulkan11Features enabled11{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_1_FEATURES, &enabled12};
  enabled11.storageBuffer16BitAccess = supported11.storageBuffer16BitAccess;
  VkPhysicalDeviceFeatures2 enabled{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &enabled11};
  enabled.features.shaderFloat64 = supported.features.shaderFloat64;
  enabled.features.shaderInt64 = supported.features.shaderInt64;
  enabled.features.shaderInt16 = supported.features.shaderInt16;

  features.float64 = enabled.features.shaderFloat64;
  features.int64 = enabled.features.shaderInt64;
  features.int16 = enabled.features.shaderInt16;
  features.float16 = enabled12.shaderFloat16;
  features.int8 = enabled12.shaderInt8;
  features.storage8 = enabled12.storageBuffer8BitAccess;
  features.storage16 = enabled11.storageBuffer16BitAccess;
  features.subgroupExtendedTypes = enabled12.shaderSubgroupExtendedTypes;
  features.int64Atomics = enabled12.shaderBufferInt64Atomics &&
                          enabled12.shaderSharedInt64Atomics;
  features.atomicFloat32Add = enabledAtomics.shaderBufferFloat32AtomicAdd &&
                              enabledAtomics.shaderSharedFloat32AtomicAdd;
  if (subgroups.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT)
    features.subgroupOperations = subgroups.supportedOperations;
  features.subgroupSize = subgroups.subgroupSize;
  features.subgroupSizeControl =
      is13 && enabled13.subgroupSizeControl &&
      (sizeControl.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
  features.minSubgroupSize = sizeControl.minSubgroupSize;
  features.maxSubgroupSize = sizeControl.maxSubgroupSize;

  float priority = 1.0f;
  VkDeviceQueueCreateInfo queueInfo{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = queueFamily;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo info{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, &enabled};
  info.queueCreateInfoCount = 1;
  info.pQueueCreateInfos = &queueInfo;
  const char *atomicFloat = VK_EXT_SHADER_ATOMIC_FLOAT_EXTENSION_NAME;
  if (hasAtomicFloat) {
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = &atomicFloat;
  }
  check(vk.vkCreateDevice(physical, &info, nullptr, &device), "vkCreateDevice");
  if (!vk.loadDevice(device))
    fail("the Vulkan device '%s' lacks functions of Vulkan 1.2",
         properties.deviceName);
  vk.vkGetDeviceQueue(device, queueFamily, 0, &queue);

  VkCommandPoolCreateInfo poolInfo{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  poolInfo.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT;
  poolInfo.queueFamilyIndex = queueFamily;
  check(vk.vkCreateCommandPool(device, &poolInfo, nullptr, &commandPool),
        "vkCreateCommandPool");
  defaultStream.timeline = takeSemaphore(defaultStream.submitted);

  if (isEnabled("MLIRC_VERBOSE"))
    std::fprintf(
        stderr, "mlirc runtime: Vulkan device %u: %s (%s, Vulkan %u.%u)\n",
        Selection::get().index, properties.deviceName,
        describeType(properties.deviceType), version / 10, version % 10);
}

void Device::destroy() {
  if (!device)
    return;
  vk.vkDeviceWaitIdle(device);
  retire();
  for (auto &[address, allocation] : allocations) {
    destroyBuffer(allocation.buffer);
    if (allocation.reservedBytes)
      munmap(allocation.address, allocation.reservedBytes);
  }
  allocations.clear();
  destroyBuffer(emptyBuffer);
  for (auto &[handle, kernel] : kernels) {
    // Handles a failed creation left are null, which destroys nothing.
    for (auto &[size, pipeline] : kernel->pipelines)
      vk.vkDestroyPipeline(device, pipeline, nullptr);
    vk.vkDestroyPipelineLayout(device, kernel->layout, nullptr);
    for (VkDescriptorSetLayout layout : kernel->setLayouts)
      vk.vkDestroyDescriptorSetLayout(device, layout, nullptr);
    vk.vkDestroyShaderModule(device, kernel->module, nullptr);
  }
  kernels.clear();
  for (Stream *stream : streams) {
    vk.vkDestroySemaphore(device, stream->timeline, nullptr);
    delete stream;
  }
  streams.clear();
  for (Event *event : events) {
    vk.vkDestroySemaphore(device, event->timeline, nullptr);
    delete event;
  }
  events.clear();
  for (auto &[semaphore, value] : spareSemaphores)
    vk.vkDestroySemaphore(device, semaphore, nullptr);
  spareSemaphores.clear();
  vk.vkDestroySemaphore(device, defaultStream.timeline, nullptr);
  for (auto *list : {&idle, &inFlight})
    for (std::unique_ptr<Recording> &recording : *list) {
      for (Buffer &buffer : recording->temporaries)
        destroyBuffer(buffer);
      if (recording->printWords)
        destroyBuffer(recording->printBuffer);
      vk.vkDestroyDescriptorPool(device, recording->pool, nullptr);
    }
  idle.clear();
  inFlight.clear();
  vk.vkDestroyCommandPool(device, commandPool, nullptr);
  vk.vkDestroyDevice(device, nullptr);
  device = VK_NULL_HANDLE;
  if (messenger)
    vk.vkDestroyDebugUtilsMessengerEXT(instance, messenger, nullptr);
  vk.vkDestroyInstance(instance, nullptr);
}

uint32_t Device::findMemoryType(uint32_t bits, MemoryKind kind) const {
  VkMemoryPropertyFlags required =
      kind == MemoryKind::Host ? VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
                                     VK_MEMORY_PROPERTY_HOST_COHERENT_BIT
                               : 0;
  VkMemoryPropertyFlags preferred = kind == MemoryKind::Host
                                        ? VK_MEMORY_PROPERTY_HOST_CACHED_BIT
                                        : VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
  int found = -1;
  for (uint32_t i = 0; i < memory.memoryTypeCount; ++i) {
    VkMemoryPropertyFlags flags = memory.memoryTypes[i].propertyFlags;
    if (!(bits & (1u << i)) || (flags & required) != required)
      continue;
    if ((flags & preferred) == preferred)
      return i;
    if (found < 0)
      found = static_cast<int>(i);
  }
  if (found < 0)
    fail("the Vulkan device '%s' has no %s memory for buffers",
         properties.deviceName, kind == MemoryKind::Host ? "host-visible" : "");
  return static_cast<uint32_t>(found);
}

Buffer Device::createBuffer(VkDeviceSize size, MemoryKind kind) {
  Buffer result;
  // Fills and bindings work in 4-byte words.
  result.size = (std::max<VkDeviceSize>(size, 4) + 3) & ~VkDeviceSize(3);
  VkBufferCreateInfo info{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  info.size = result.size;
  info.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT |
               VK_BUFFER_USAGE_TRANSFER_SRC_BIT |
               VK_BUFFER_USAGE_TRANSFER_DST_BIT;
  info.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
  check(vk.vkCreateBuffer(device, &info, nullptr, &result.buffer),
        "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vk.vkGetBufferMemoryRequirements(device, result.buffer, &requirements);
  VkMemoryAllocateInfo allocation{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocation.allocationSize = requirements.size;
  allocation.memoryTypeIndex =
      findMemoryType(requirements.memoryTypeBits, kind);
  VkResult allocated =
      vk.vkAllocateMemory(device, &allocation, nullptr, &result.memory);
  if (allocated != VK_SUCCESS) {
    vk.vkDestroyBuffer(device, result.buffer, nullptr);
    fail("vkAllocateMemory of %llu bytes failed: %s",
         static_cast<unsigned long long>(size), getResultName(allocated));
  }
  check(vk.vkBindBufferMemory(device, result.buffer, result.memory, 0),
        "vkBindBufferMemory");
  if (kind == MemoryKind::Host) {
    void *mapped = nullptr;
    check(vk.vkMapMemory(device, result.memory, 0, VK_WHOLE_SIZE, 0, &mapped),
          "vkMapMemory");
    result.mapped = static_cast<char *>(mapped);
  }
  return result;
}

void Device::destroyBuffer(Buffer &buffer) {
  if (buffer.buffer)
    vk.vkDestroyBuffer(device, buffer.buffer, nullptr);
  if (buffer.memory)
    vk.vkFreeMemory(device, buffer.memory, nullptr);
  buffer = Buffer();
}

void *Device::allocate(size_t bytes, bool hostShared) {
  Allocation allocation;
  allocation.buffer =
      createBuffer(bytes, hostShared ? MemoryKind::Host : MemoryKind::Device);
  if (hostShared) {
    allocation.address = allocation.buffer.mapped;
  } else {
    size_t page = static_cast<size_t>(sysconf(_SC_PAGESIZE));
    allocation.reservedBytes = (bytes + page - 1) / page * page;
    void *range = mmap(nullptr, allocation.reservedBytes, PROT_NONE,
                       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (range == MAP_FAILED)
      fail("gpu.alloc of %zu bytes: no address range is left for it", bytes);
    allocation.address = static_cast<char *>(range);
  }
  char *address = allocation.address;
  allocations[reinterpret_cast<uintptr_t>(address)] = allocation;
  return address;
}

void Device::free(void *address) {
  auto found = allocations.find(reinterpret_cast<uintptr_t>(address));
  if (found == allocations.end())
    fail("gpu.dealloc of %p, which gpu.alloc did not return", address);
  // Work still running may use it.
  check(vk.vkDeviceWaitIdle(device), "vkDeviceWaitIdle");
  retire();
  Allocation &allocation = found->second;
  destroyBuffer(allocation.buffer);
  if (allocation.reservedBytes)
    munmap(allocation.address, allocation.reservedBytes);
  allocations.erase(found);
}

Allocation *Device::find(const void *address) {
  auto at = reinterpret_cast<uintptr_t>(address);
  auto next = allocations.upper_bound(at);
  if (next == allocations.begin())
    return nullptr;
  Allocation &candidate = std::prev(next)->second;
  if (at >=
      reinterpret_cast<uintptr_t>(candidate.address) + candidate.buffer.size)
    return nullptr;
  return &candidate;
}

const Buffer &Device::getEmptyBuffer() {
  if (!emptyBuffer.buffer)
    emptyBuffer = createBuffer(16, MemoryKind::Device);
  return emptyBuffer;
}

VkSemaphore Device::takeSemaphore(uint64_t &value) {
  if (!spareSemaphores.empty()) {
    auto [semaphore, last] = spareSemaphores.back();
    spareSemaphores.pop_back();
    value = last;
    return semaphore;
  }
  VkSemaphoreTypeCreateInfo timeline{
      VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO};
  timeline.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE;
  VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO,
                             &timeline};
  VkSemaphore semaphore = VK_NULL_HANDLE;
  check(vk.vkCreateSemaphore(device, &info, nullptr, &semaphore),
        "vkCreateSemaphore");
  value = 0;
  return semaphore;
}

Stream *Device::createStream() {
  auto *stream = new Stream();
  stream->timeline = takeSemaphore(stream->submitted);
  streams.insert(stream);
  return stream;
}

void Device::destroyStream(Stream *stream) {
  if (!streams.erase(stream))
    return;
  wait(*stream);
  spareSemaphores.push_back({stream->timeline, stream->submitted});
  delete stream;
}

Stream &Device::getStream(void *stream) {
  if (!stream)
    return defaultStream;
  return *static_cast<Stream *>(stream);
}

Event *Device::createEvent() {
  auto *event = new Event();
  event->timeline = takeSemaphore(event->value);
  event->recorded = false;
  events.insert(event);
  return event;
}

void Device::destroyEvent(Event *event) {
  if (!events.erase(event))
    return;
  // Submissions may still wait for it or signal it: the semaphore lives
  // on for a later event, whose values are higher.
  spareSemaphores.push_back({event->timeline, event->value});
  delete event;
}

void Device::submitEmpty(Stream &stream, const Event *waitFor, Event *signal) {
  // A submission without commands: done when the stream's work before it
  // (and the event waited for) is; it may signal an event too.
  VkSemaphore waits[2];
  uint64_t waitValues[2];
  uint32_t waitCount = 0;
  if (stream.submitted) {
    waits[waitCount] = stream.timeline;
    waitValues[waitCount++] = stream.submitted;
  }
  if (waitFor && waitFor->recorded) {
    waits[waitCount] = waitFor->timeline;
    waitValues[waitCount++] = waitFor->value;
  }
  VkPipelineStageFlags stages[2] = {VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
                                    VK_PIPELINE_STAGE_ALL_COMMANDS_BIT};
  VkSemaphore signals[2] = {stream.timeline};
  uint64_t signalValues[2] = {++stream.submitted};
  uint32_t signalCount = 1;
  if (signal) {
    signals[signalCount] = signal->timeline;
    signalValues[signalCount++] = ++signal->value;
    signal->recorded = true;
  }
  VkTimelineSemaphoreSubmitInfo values{
      VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  values.waitSemaphoreValueCount = waitCount;
  values.pWaitSemaphoreValues = waitValues;
  values.signalSemaphoreValueCount = signalCount;
  values.pSignalSemaphoreValues = signalValues;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO, &values};
  submit.waitSemaphoreCount = waitCount;
  submit.pWaitSemaphores = waits;
  submit.pWaitDstStageMask = stages;
  submit.signalSemaphoreCount = signalCount;
  submit.pSignalSemaphores = signals;
  check(vk.vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit");
}

void Device::waitEvent(Event &event) {
  if (event.recorded)
    waitFor(event.timeline, event.value, nullptr);
}

void Device::waitFor(VkSemaphore semaphore, uint64_t value,
                     const char *kernel) {
  VkSemaphoreWaitInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO};
  info.semaphoreCount = 1;
  info.pSemaphores = &semaphore;
  info.pValues = &value;
  check(vk.vkWaitSemaphores(device, &info, UINT64_MAX), "vkWaitSemaphores",
        kernel);
  retire();
}

Recording &Device::beginRecording(unsigned sets, unsigned buffers) {
  retire();
  std::unique_ptr<Recording> recording;
  if (!idle.empty()) {
    recording = std::move(idle.back());
    idle.pop_back();
  } else {
    recording = std::make_unique<Recording>();
    VkCommandBufferAllocateInfo info{
        VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
    info.commandPool = commandPool;
    info.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
    info.commandBufferCount = 1;
    check(vk.vkAllocateCommandBuffers(device, &info, &recording->commands),
          "vkAllocateCommandBuffers");
  }
  if (sets &&
      (sets > recording->poolSets || buffers > recording->poolBuffers)) {
    vk.vkDestroyDescriptorPool(device, recording->pool, nullptr);
    recording->poolSets = std::max(sets, 4u);
    recording->poolBuffers = std::max(buffers, 16u);
    VkDescriptorPoolSize size{VK_DESCRIPTOR_TYPE_STORAGE_BUFFER,
                              recording->poolBuffers};
    VkDescriptorPoolCreateInfo info{
        VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
    info.maxSets = recording->poolSets;
    info.poolSizeCount = 1;
    info.pPoolSizes = &size;
    check(vk.vkCreateDescriptorPool(device, &info, nullptr, &recording->pool),
          "vkCreateDescriptorPool");
  }
  VkCommandBufferBeginInfo begin{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  begin.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vk.vkBeginCommandBuffer(recording->commands, &begin),
        "vkBeginCommandBuffer");
  inFlight.push_back(std::move(recording));
  return *inFlight.back();
}

void Device::submit(Recording &recording, Stream &stream, const char *kernel) {
  // What the commands wrote, visible to the host once the stream is
  // waited for (host_shared memory, staging buffers).
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask =
      VK_ACCESS_SHADER_WRITE_BIT | VK_ACCESS_TRANSFER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT | VK_ACCESS_HOST_WRITE_BIT;
  vk.vkCmdPipelineBarrier(
      recording.commands, VK_PIPELINE_STAGE_ALL_COMMANDS_BIT,
      VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0, nullptr, 0, nullptr);
  check(vk.vkEndCommandBuffer(recording.commands), "vkEndCommandBuffer",
        kernel);
  uint64_t waitValue = stream.submitted;
  VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
  uint64_t signalValue = ++stream.submitted;
  VkTimelineSemaphoreSubmitInfo values{
      VK_STRUCTURE_TYPE_TIMELINE_SEMAPHORE_SUBMIT_INFO};
  values.waitSemaphoreValueCount = waitValue ? 1 : 0;
  values.pWaitSemaphoreValues = &waitValue;
  values.signalSemaphoreValueCount = 1;
  values.pSignalSemaphoreValues = &signalValue;
  VkSubmitInfo submit{VK_STRUCTURE_TYPE_SUBMIT_INFO, &values};
  submit.waitSemaphoreCount = waitValue ? 1 : 0;
  submit.pWaitSemaphores = &stream.timeline;
  submit.pWaitDstStageMask = &stage;
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &recording.commands;
  submit.signalSemaphoreCount = 1;
  submit.pSignalSemaphores = &stream.timeline;
  recording.semaphore = stream.timeline;
  recording.value = signalValue;
  check(vk.vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE), "vkQueueSubmit",
        kernel);
}

void Device::wait(Stream &stream, const char *kernel) {
  if (stream.submitted)
    waitFor(stream.timeline, stream.submitted, kernel);
}

void Device::retire() {
  for (size_t i = 0; i < inFlight.size();) {
    Recording &recording = *inFlight[i];
    uint64_t reached = 0;
    // Not yet submitted (being recorded), or not yet done.
    if (!recording.semaphore ||
        vk.vkGetSemaphoreCounterValue(device, recording.semaphore, &reached) !=
            VK_SUCCESS ||
        reached < recording.value) {
      ++i;
      continue;
    }
    for (Buffer &buffer : recording.temporaries)
      destroyBuffer(buffer);
    recording.temporaries.clear();
    if (recording.printWords) {
      // What the kernel printed, once it has run: on a stream, when the
      // program next waits or launches, as CUDA prints at synchronization.
      const auto *words =
          reinterpret_cast<const uint32_t *>(recording.printBuffer.mapped);
      printRecords(words, recording.printWords, *recording.printFormats,
                   recording.printKernel);
      if (words[1])
        fail("launch of kernel '%s' failed: a device-side assertion failed "
             "(cf.assert; its message is above)",
             recording.printKernel);
      destroyBuffer(recording.printBuffer);
      recording.printWords = 0;
    }
    vk.vkResetCommandBuffer(recording.commands, 0);
    if (recording.pool)
      vk.vkResetDescriptorPool(device, recording.pool, 0);
    recording.semaphore = VK_NULL_HANDLE;
    recording.value = 0;
    idle.push_back(std::move(inFlight[i]));
    inFlight.erase(inFlight.begin() + static_cast<std::ptrdiff_t>(i));
  }
}
