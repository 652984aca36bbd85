//===- VulkanDevice.h - The Vulkan device kernels run on --------*- C++ -*-===//
//
// One device per program, created at the first call that needs it on the
// physical device VulkanSelection chose, and destroyed when the program
// ends. Its memory, streams and the recordings submitted to its queue live
// here; every call holds `mutex`.
//
// Streams are timeline semaphores: each submission waits for the stream's
// previous one and signals the next value, so work on different streams
// may overlap; an event is a semaphore of its own that a submission
// without commands signals or waits for. A recording (command buffer and
// descriptor pool) is reused once the semaphore shows its work done.
//
// With MLIRC_VULKAN_VALIDATION=1, a program whose run made the validation
// layer report anything exits with status 1.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_VULKANDEVICE_H
#define MLIRC_RUNTIME_VULKANDEVICE_H

#include "runtime/VulkanImages.h"
#include "runtime/VulkanLibrary.h"

#include <array>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace mlirc::vulkan {

/// A buffer and its own memory.
struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  /// The host's address of host-visible memory, else null.
  char *mapped = nullptr;
};

/// What memory a buffer needs.
enum class MemoryKind {
  /// gpu.alloc: device-local where the device has such memory.
  Device,
  /// gpu.alloc host_shared, staging: host-visible and coherent.
  Host,
};

/// gpu.alloc's memory under the address the program sees: the mapped
/// memory for host_shared, else a reserved range of addresses nothing
/// else uses (so host code reading it faults, as on other GPUs).
struct Allocation {
  Buffer buffer;
  char *address = nullptr;
  size_t reservedBytes = 0;
};

struct Stream {
  VkSemaphore timeline = VK_NULL_HANDLE;
  uint64_t submitted = 0;
};

struct Event {
  VkSemaphore timeline = VK_NULL_HANDLE;
  /// The value the last record signals.
  uint64_t value = 0;
  bool recorded = false;
};

/// A command buffer being recorded or in flight, with what it uses.
struct Recording {
  VkCommandBuffer commands = VK_NULL_HANDLE;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  unsigned poolSets = 0;
  unsigned poolBuffers = 0;
  /// Freed when the work is done.
  std::vector<Buffer> temporaries;
  /// The buffer a kernel's gpu.printf ops and asserts wrote (printWords
  /// words, none when 0), printed with its formats when the work is done.
  Buffer printBuffer;
  uint32_t printWords = 0;
  const std::vector<std::string> *printFormats = nullptr;
  const char *printKernel = nullptr;
  VkSemaphore semaphore = VK_NULL_HANDLE;
  uint64_t value = 0;
};

/// A kernel's pipeline, made at its first launch.
struct Kernel {
  KernelImage image;
  VkShaderModule module = VK_NULL_HANDLE;
  std::vector<VkDescriptorSetLayout> setLayouts;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  /// The pipelines by block size and elements of dynamic shared memory:
  /// one, unless the image takes its workgroup size or the kernel's
  /// dynamic shared memory at launch.
  std::map<std::array<uint32_t, 4>, VkPipeline> pipelines;
  /// The entry point, and whether pipelines ask for the subgroup size its
  /// shuffles need.
  const char *entry = nullptr;
  bool chooseSubgroupSize = false;
  /// The workgroup memory that entry point takes besides the dynamic.
  uint64_t workgroupBytes = 0;
  /// Storage buffers bound per launch, over all sets.
  unsigned bufferCount = 0;
};

/// What the device can do, as the kernels' capabilities need it.
struct DeviceFeatures {
  bool float64 = false, int64 = false, int16 = false, float16 = false,
       int8 = false, storage8 = false, storage16 = false,
       atomicFloat32Add = false, int64Atomics = false,
       subgroupExtendedTypes = false;
  uint32_t subgroupOperations = 0;
  uint32_t subgroupSize = 0;
  /// Pipelines may ask for a subgroup size in [min, max]
  /// (VK_EXT_subgroup_size_control, core in Vulkan 1.3).
  bool subgroupSizeControl = false;
  uint32_t minSubgroupSize = 0, maxSubgroupSize = 0;
};

class Device {
public:
  /// The device, created on first use; ends the program saying what is
  /// missing when there is none.
  static Device &get();
  /// What the machine has, without creating the device: 2 for a GPU, 1
  /// for a CPU implementation only (lavapipe, SwiftShader), 0 for none.
  static int probe();

  VulkanLibrary vk;
  VkDevice device = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  DeviceFeatures features;
  /// The device's Vulkan version, as 1.3 = 13.
  unsigned version = 0;
  std::recursive_mutex mutex;

  /// Ends the program when \p result is an error, naming \p call and, for
  /// a launch, \p kernel.
  void check(VkResult result, const char *call,
             const char *kernel = nullptr) const;

  Buffer createBuffer(VkDeviceSize size, MemoryKind kind);
  void destroyBuffer(Buffer &buffer);

  void *allocate(size_t bytes, bool hostShared);
  void free(void *address);
  /// The allocation \p address lies in, or null for host memory.
  Allocation *find(const void *address);
  /// A small buffer bound where a kernel gets an empty memref.
  const Buffer &getEmptyBuffer();

  Stream *createStream();
  void destroyStream(Stream *stream);
  /// \p stream, or the stream synchronous calls use for null.
  Stream &getStream(void *stream);
  Event *createEvent();
  void destroyEvent(Event *event);
  /// Has \p stream's later work wait for \p waitFor, and \p signal (both
  /// optional) mark where the stream is now.
  void submitEmpty(Stream &stream, const Event *waitFor, Event *signal);
  void waitEvent(Event &event);

  /// A recording to fill, begun; \p sets descriptor sets of \p buffers
  /// storage buffers in all can be allocated from its pool.
  Recording &beginRecording(unsigned sets, unsigned buffers);
  /// Ends and submits \p recording on \p stream.
  void submit(Recording &recording, Stream &stream, const char *kernel);
  /// Waits for what was submitted to \p stream.
  void wait(Stream &stream, const char *kernel = nullptr);
  /// Reuses the recordings whose work is done.
  void retire();
  /// Waits until \p semaphore reaches \p value.
  void waitFor(VkSemaphore semaphore, uint64_t value, const char *kernel);

  /// Kernel \p name, its layouts made on first use.
  Kernel &getKernel(const void *handle, const char *name);
  /// \p kernel's pipeline for blocks of \p block threads, made on first
  /// use.
  VkPipeline getPipeline(Kernel &kernel, const int64_t block[3],
                         uint32_t sharedElements);

private:
  Device() = default;
  void create();
  void destroy();
  void makePipelineLayout(Kernel &kernel);
  void checkFeatures(const KernelImage &image);
  uint32_t findMemoryType(uint32_t bits, MemoryKind kind) const;
  /// A timeline semaphore and the value it has reached: a spare one (of a
  /// destroyed stream or event, which submissions may still use) or new.
  VkSemaphore takeSemaphore(uint64_t &value);
  friend struct DeviceTeardown;

  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceMemoryProperties memory{};
  uint32_t queueFamily = 0;
  VkQueue queue = VK_NULL_HANDLE;
  VkCommandPool commandPool = VK_NULL_HANDLE;
  std::map<uintptr_t, Allocation> allocations;
  Buffer emptyBuffer;
  Stream defaultStream;
  std::set<Stream *> streams;
  std::set<Event *> events;
  std::vector<std::pair<VkSemaphore, uint64_t>> spareSemaphores;
  std::vector<std::unique_ptr<Recording>> inFlight;
  std::vector<std::unique_ptr<Recording>> idle;
  std::unordered_map<const void *, std::unique_ptr<Kernel>> kernels;
};

} // namespace mlirc::vulkan

#endif // MLIRC_RUNTIME_VULKANDEVICE_H
