//===- VulkanSelection.h - The instance and the device chosen on it -*- C++
//-*-===//
//
// Found once per program, without creating a device, so that the combined
// runtime can ask whether there is one: the loader, an instance (with the
// Khronos validation layer and a messenger for its messages when
// MLIRC_VULKAN_VALIDATION is set), and the physical device
// MLIRC_VULKAN_DEVICE names, else the first of the highest kind (discrete,
// integrated, virtual, other, CPU) that has Vulkan 1.2, timeline
// semaphores and a compute queue.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_VULKANSELECTION_H
#define MLIRC_RUNTIME_VULKANSELECTION_H

#include "runtime/VulkanLibrary.h"

#include <string>

namespace mlirc::vulkan {

struct Selection {
  VulkanLibrary vk;
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  /// Null when there is none; `problem` says why.
  VkPhysicalDevice physical = VK_NULL_HANDLE;
  VkPhysicalDeviceProperties properties{};
  uint32_t queueFamily = 0;
  unsigned index = 0;
  std::string problem;

  static Selection &get();
  /// How many messages the validation layer has reported.
  static int getValidationMessages();

private:
  /// Why \p device cannot run mlirc's kernels, or null.
  const char *getUnfitness(VkPhysicalDevice device, uint32_t &family);
  void select();
};

/// True when environment variable \p variable is set and not 0.
bool isEnabled(const char *variable);

} // namespace mlirc::vulkan

#endif // MLIRC_RUNTIME_VULKANSELECTION_H
