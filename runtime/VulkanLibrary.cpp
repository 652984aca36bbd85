//===- VulkanLibrary.cpp - Loading the Vulkan loader ----------------------===//

#include "runtime/VulkanLibrary.h"

#include <dlfcn.h>
#include <initializer_list>

using namespace mlirc::vulkan;

bool VulkanLibrary::loadLoader() {
  void *handle = nullptr;
  for (const char *name : {"libvulkan.so.1", "libvulkan.so"})
    if ((handle = dlopen(name, RTLD_NOW | RTLD_LOCAL)))
      break;
  if (!handle)
    return false;
  vkGetInstanceProcAddr = reinterpret_cast<PFN_vkGetInstanceProcAddr>(
      dlsym(handle, "vkGetInstanceProcAddr"));
  if (!vkGetInstanceProcAddr)
    return false;
#define MLIRC_VULKAN_LOAD(name)                                                \
  name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(nullptr, #name));
  MLIRC_VULKAN_GLOBAL_FUNCTIONS(MLIRC_VULKAN_LOAD)
#undef MLIRC_VULKAN_LOAD
  // vkEnumerateInstanceVersion is Vulkan 1.1's; a 1.0 loader lacks it.
  return vkCreateInstance && vkEnumerateInstanceLayerProperties;
}

bool VulkanLibrary::loadInstance(VkInstance instance, bool debugUtils) {
  bool complete = true;
#define MLIRC_VULKAN_LOAD(name)                                                \
  name = reinterpret_cast<PFN_##name>(vkGetInstanceProcAddr(instance, #name)); \
  complete &= name != nullptr;
  MLIRC_VULKAN_INSTANCE_FUNCTIONS(MLIRC_VULKAN_LOAD)
  if (debugUtils) {
    MLIRC_VULKAN_DEBUG_FUNCTIONS(MLIRC_VULKAN_LOAD)
  }
#undef MLIRC_VULKAN_LOAD
  return complete;
}

bool VulkanLibrary::loadDevice(VkDevice device) {
  bool complete = true;
#define MLIRC_VULKAN_LOAD(name)                                                \
  name = reinterpret_cast<PFN_##name>(vkGetDeviceProcAddr(device, #name));     \
  complete &= name != nullptr;
  MLIRC_VULKAN_DEVICE_FUNCTIONS(MLIRC_VULKAN_LOAD)
#undef MLIRC_VULKAN_LOAD
  return complete;
}

const char *mlirc::vulkan::getResultName(VkResult result) {
  switch (result) {
#define MLIRC_VULKAN_RESULT(name)                                              \
  case name:                                                                   \
    return #name;
    MLIRC_VULKAN_RESULT(VK_SUCCESS)
    MLIRC_VULKAN_RESULT(VK_NOT_READY)
    MLIRC_VULKAN_RESULT(VK_TIMEOUT)
    MLIRC_VULKAN_RESULT(VK_INCOMPLETE)
    MLIRC_VULKAN_RESULT(VK_ERROR_OUT_OF_HOST_MEMORY)
    MLIRC_VULKAN_RESULT(VK_ERROR_OUT_OF_DEVICE_MEMORY)
    MLIRC_VULKAN_RESULT(VK_ERROR_INITIALIZATION_FAILED)
    MLIRC_VULKAN_RESULT(VK_ERROR_DEVICE_LOST)
    MLIRC_VULKAN_RESULT(VK_ERROR_MEMORY_MAP_FAILED)
    MLIRC_VULKAN_RESULT(VK_ERROR_LAYER_NOT_PRESENT)
    MLIRC_VULKAN_RESULT(VK_ERROR_EXTENSION_NOT_PRESENT)
    MLIRC_VULKAN_RESULT(VK_ERROR_FEATURE_NOT_PRESENT)
    MLIRC_VULKAN_RESULT(VK_ERROR_INCOMPATIBLE_DRIVER)
    MLIRC_VULKAN_RESULT(VK_ERROR_TOO_MANY_OBJECTS)
    MLIRC_VULKAN_RESULT(VK_ERROR_FORMAT_NOT_SUPPORTED)
    MLIRC_VULKAN_RESULT(VK_ERROR_FRAGMENTED_POOL)
    MLIRC_VULKAN_RESULT(VK_ERROR_UNKNOWN)
    MLIRC_VULKAN_RESULT(VK_ERROR_OUT_OF_POOL_MEMORY)
    MLIRC_VULKAN_RESULT(VK_ERROR_INVALID_EXTERNAL_HANDLE)
    MLIRC_VULKAN_RESULT(VK_ERROR_FRAGMENTATION)
    MLIRC_VULKAN_RESULT(VK_ERROR_INVALID_SHADER_NV)
#undef MLIRC_VULKAN_RESULT
  default:
    return "an unknown VkResult";
  }
}
