//===- VulkanSelection.cpp - The instance and the device chosen on it -----===//

#include "runtime/VulkanSelection.h"
#include "runtime/RuntimeError.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

using namespace mlirc::vulkan;
using mlirc::runtime::fail;

namespace {

/// Messages of the validation layer seen so far.
int validationMessages = 0;

/// Higher is preferred; CPU implementations last.
int getRank(VkPhysicalDeviceType type) {
  switch (type) {
  case VK_PHYSICAL_DEVICE_TYPE_DISCRETE_GPU:
    return 5;
  case VK_PHYSICAL_DEVICE_TYPE_INTEGRATED_GPU:
    return 4;
  case VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU:
    return 3;
  case VK_PHYSICAL_DEVICE_TYPE_CPU:
    return 1;
  default:
    return 2;
  }
}

VKAPI_ATTR VkBool32 VKAPI_CALL reportValidation(
    VkDebugUtilsMessageSeverityFlagBitsEXT, VkDebugUtilsMessageTypeFlagsEXT,
    const VkDebugUtilsMessengerCallbackDataEXT *data, void *) {
  ++validationMessages;
  std::fprintf(stderr, "mlirc runtime: error: Vulkan validation: %s\n",
               data && data->pMessage ? data->pMessage : "(no message)");
  return VK_FALSE;
}

} // namespace

bool mlirc::vulkan::isEnabled(const char *variable) {
  const char *value = std::getenv(variable);
  return value && *value && std::strcmp(value, "0") != 0;
}

int Selection::getValidationMessages() { return validationMessages; }

Selection &Selection::get() {
  static Selection *selection = [] {
    auto *result = new Selection();
    result->select();
    return result;
  }();
  return *selection;
}

/// Why \p device cannot run mlirc's kernels, or null.
const char *Selection::getUnfitness(VkPhysicalDevice device, uint32_t &family) {
  VkPhysicalDeviceVulkan12Features features12{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES};
  VkPhysicalDeviceFeatures2 features{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2, &features12};
  VkPhysicalDeviceProperties2 props{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  vk.vkGetPhysicalDeviceProperties2(device, &props);
  if (props.properties.apiVersion < VK_API_VERSION_1_2)
    return "it has Vulkan 1.0 or 1.1 only; mlirc's runtime needs 1.2";
  vk.vkGetPhysicalDeviceFeatures2(device, &features);
  if (!features12.timelineSemaphore)
    return "it lacks timeline semaphores";
  uint32_t count = 0;
  vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &count, nullptr);
  std::vector<VkQueueFamilyProperties> families(count);
  vk.vkGetPhysicalDeviceQueueFamilyProperties(device, &count, families.data());
  for (uint32_t i = 0; i < count; ++i)
    if (families[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      family = i;
      return nullptr;
    }
  return "it has no compute queue";
}

void Selection::select() {
  if (!vk.loadLoader()) {
    problem = "the Vulkan loader (libvulkan.so.1) is not installed "
              "(Debian: apt-get install libvulkan1 mesa-vulkan-drivers)";
    return;
  }
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  if (vk.vkEnumerateInstanceVersion)
    vk.vkEnumerateInstanceVersion(&loaderVersion);
  if (loaderVersion < VK_API_VERSION_1_2) {
    problem = "the Vulkan loader supports Vulkan 1.1 at most; mlirc's "
              "runtime needs 1.2";
    return;
  }
  bool validate = isEnabled("MLIRC_VULKAN_VALIDATION");
  const char *layer = "VK_LAYER_KHRONOS_validation";
  const char *extension = VK_EXT_DEBUG_UTILS_EXTENSION_NAME;
  if (validate) {
    uint32_t count = 0;
    vk.vkEnumerateInstanceLayerProperties(&count, nullptr);
    std::vector<VkLayerProperties> layers(count);
    vk.vkEnumerateInstanceLayerProperties(&count, layers.data());
    bool found = false;
    for (const VkLayerProperties &properties : layers)
      found |= std::strcmp(properties.layerName, layer) == 0;
    if (!found)
      fail("MLIRC_VULKAN_VALIDATION is set, but the Khronos validation "
           "layer is not installed (Debian: apt-get install "
           "vulkan-validationlayers)");
  }
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "mlirc program";
  app.apiVersion = loaderVersion < VK_API_VERSION_1_3 ? VK_API_VERSION_1_2
                                                      : VK_API_VERSION_1_3;
  VkInstanceCreateInfo info{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  info.pApplicationInfo = &app;
  if (validate) {
    info.enabledLayerCount = 1;
    info.ppEnabledLayerNames = &layer;
    info.enabledExtensionCount = 1;
    info.ppEnabledExtensionNames = &extension;
  }
  VkResult result = vk.vkCreateInstance(&info, nullptr, &instance);
  if (result != VK_SUCCESS) {
    problem = std::string("vkCreateInstance failed: ") + getResultName(result) +
              (result == VK_ERROR_INCOMPATIBLE_DRIVER
                   ? " (no Vulkan driver is installed; Debian: apt-get "
                     "install mesa-vulkan-drivers)"
                   : "");
    instance = VK_NULL_HANDLE;
    return;
  }
  if (!vk.loadInstance(instance, validate)) {
    problem = "the Vulkan loader lacks functions of Vulkan 1.2";
    return;
  }
  if (validate) {
    VkDebugUtilsMessengerCreateInfoEXT debug{
        VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
    debug.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT |
                            VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    debug.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT |
                        VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
    debug.pfnUserCallback = reportValidation;
    if (!vk.vkCreateDebugUtilsMessengerEXT ||
        vk.vkCreateDebugUtilsMessengerEXT(instance, &debug, nullptr,
                                          &messenger) != VK_SUCCESS)
      fail("MLIRC_VULKAN_VALIDATION is set, but the validation layer's "
           "messages cannot be received (VK_EXT_debug_utils)");
  }
  uint32_t count = 0;
  vk.vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vk.vkEnumeratePhysicalDevices(instance, &count, devices.data());
  devices.resize(count);
  if (devices.empty()) {
    problem = "there is no Vulkan device (is a Vulkan driver installed? "
              "Debian: apt-get install mesa-vulkan-drivers)";
    return;
  }
  if (const char *forced = std::getenv("MLIRC_VULKAN_DEVICE");
      forced && *forced) {
    char *end = nullptr;
    unsigned long wanted = std::strtoul(forced, &end, 10);
    if (*end || wanted >= devices.size())
      fail("MLIRC_VULKAN_DEVICE=%s, but the Vulkan devices are numbered 0 "
           "to %zu",
           forced, devices.size() - 1);
    const char *unfit = getUnfitness(devices[wanted], queueFamily);
    VkPhysicalDeviceProperties2 props{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    vk.vkGetPhysicalDeviceProperties2(devices[wanted], &props);
    if (unfit)
      fail("MLIRC_VULKAN_DEVICE=%s names '%s', which cannot run mlirc's "
           "kernels: %s",
           forced, props.properties.deviceName, unfit);
    physical = devices[wanted];
    properties = props.properties;
    index = static_cast<unsigned>(wanted);
    return;
  }
  int bestRank = 0;
  std::string reasons;
  for (unsigned i = 0; i < devices.size(); ++i) {
    VkPhysicalDeviceProperties2 props{
        VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
    vk.vkGetPhysicalDeviceProperties2(devices[i], &props);
    uint32_t family = 0;
    if (const char *unfit = getUnfitness(devices[i], family)) {
      reasons += std::string(reasons.empty() ? "" : "; ") + "'" +
                 props.properties.deviceName + "': " + unfit;
      continue;
    }
    int rank = getRank(props.properties.deviceType);
    if (rank <= bestRank)
      continue;
    bestRank = rank;
    physical = devices[i];
    properties = props.properties;
    queueFamily = family;
    index = i;
  }
  if (!physical)
    problem = "no Vulkan device can run mlirc's kernels: " + reasons;
}
