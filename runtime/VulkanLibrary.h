//===- VulkanLibrary.h - The Vulkan functions the runtime calls -*- C++ -*-===//
//
// The Vulkan loader (libvulkan.so.1) is opened with dlopen when a program
// first needs it, so executables name no Vulkan library and start on
// machines without one. Every function the runtime calls is a member of
// VulkanLibrary, loaded through vkGetInstanceProcAddr and
// vkGetDeviceProcAddr.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_VULKANLIBRARY_H
#define MLIRC_RUNTIME_VULKANLIBRARY_H

#define VK_NO_PROTOTYPES
#include <vulkan/vulkan.h>

namespace mlirc::vulkan {

// Functions of the loader itself, before any instance exists.
#define MLIRC_VULKAN_GLOBAL_FUNCTIONS(X)                                       \
  X(vkCreateInstance)                                                          \
  X(vkEnumerateInstanceVersion)                                                \
  X(vkEnumerateInstanceLayerProperties)

#define MLIRC_VULKAN_INSTANCE_FUNCTIONS(X)                                     \
  X(vkDestroyInstance)                                                         \
  X(vkEnumeratePhysicalDevices)                                                \
  X(vkGetPhysicalDeviceProperties2)                                            \
  X(vkGetPhysicalDeviceFeatures2)                                              \
  X(vkGetPhysicalDeviceQueueFamilyProperties)                                  \
  X(vkGetPhysicalDeviceMemoryProperties)                                       \
  X(vkEnumerateDeviceExtensionProperties)                                      \
  X(vkCreateDevice)                                                            \
  X(vkGetDeviceProcAddr)

// VK_EXT_debug_utils, present when the validation layer is asked for.
#define MLIRC_VULKAN_DEBUG_FUNCTIONS(X)                                        \
  X(vkCreateDebugUtilsMessengerEXT)                                            \
  X(vkDestroyDebugUtilsMessengerEXT)

#define MLIRC_VULKAN_DEVICE_FUNCTIONS(X)                                       \
  X(vkDestroyDevice)                                                           \
  X(vkGetDeviceQueue)                                                          \
  X(vkDeviceWaitIdle)                                                          \
  X(vkQueueSubmit)                                                             \
  X(vkCreateBuffer)                                                            \
  X(vkDestroyBuffer)                                                           \
  X(vkGetBufferMemoryRequirements)                                             \
  X(vkAllocateMemory)                                                          \
  X(vkFreeMemory)                                                              \
  X(vkBindBufferMemory)                                                        \
  X(vkMapMemory)                                                               \
  X(vkCreateShaderModule)                                                      \
  X(vkDestroyShaderModule)                                                     \
  X(vkCreateDescriptorSetLayout)                                               \
  X(vkDestroyDescriptorSetLayout)                                              \
  X(vkCreatePipelineLayout)                                                    \
  X(vkDestroyPipelineLayout)                                                   \
  X(vkCreateComputePipelines)                                                  \
  X(vkDestroyPipeline)                                                         \
  X(vkCreateDescriptorPool)                                                    \
  X(vkDestroyDescriptorPool)                                                   \
  X(vkResetDescriptorPool)                                                     \
  X(vkAllocateDescriptorSets)                                                  \
  X(vkUpdateDescriptorSets)                                                    \
  X(vkCreateCommandPool)                                                       \
  X(vkDestroyCommandPool)                                                      \
  X(vkAllocateCommandBuffers)                                                  \
  X(vkResetCommandBuffer)                                                      \
  X(vkBeginCommandBuffer)                                                      \
  X(vkEndCommandBuffer)                                                        \
  X(vkCmdBindPipeline)                                                         \
  X(vkCmdBindDescriptorSets)                                                   \
  X(vkCmdPushConstants)                                                        \
  X(vkCmdDispatch)                                                             \
  X(vkCmdCopyBuffer)                                                           \
  X(vkCmdFillBuffer)                                                           \
  X(vkCmdPipelineBarrier)                                                      \
  X(vkCreateSemaphore)                                                         \
  X(vkDestroySemaphore)                                                        \
  X(vkWaitSemaphores)                                                          \
  X(vkGetSemaphoreCounterValue)

/// The loaded functions; null where not (yet) loaded.
struct VulkanLibrary {
  PFN_vkGetInstanceProcAddr vkGetInstanceProcAddr = nullptr;
#define MLIRC_VULKAN_MEMBER(name) PFN_##name name = nullptr;
  MLIRC_VULKAN_GLOBAL_FUNCTIONS(MLIRC_VULKAN_MEMBER)
  MLIRC_VULKAN_INSTANCE_FUNCTIONS(MLIRC_VULKAN_MEMBER)
  MLIRC_VULKAN_DEBUG_FUNCTIONS(MLIRC_VULKAN_MEMBER)
  MLIRC_VULKAN_DEVICE_FUNCTIONS(MLIRC_VULKAN_MEMBER)
#undef MLIRC_VULKAN_MEMBER

  /// Opens the loader and loads its global functions; false when there is
  /// no loader.
  bool loadLoader();
  /// Loads the functions of \p instance; false when one is missing.
  bool loadInstance(VkInstance instance, bool debugUtils);
  /// Loads the functions of \p device; false when one is missing.
  bool loadDevice(VkDevice device);
};

/// The name of \p result, such as VK_ERROR_OUT_OF_DEVICE_MEMORY.
const char *getResultName(VkResult result);

} // namespace mlirc::vulkan

#endif // MLIRC_RUNTIME_VULKANLIBRARY_H
