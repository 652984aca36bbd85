//===- VulkanPrintf.h - Printing what Vulkan kernels' gpu.printf wrote ----===//
//
// A Vulkan kernel that prints writes records into a buffer the runtime
// binds (targets/vulkan/DevicePrintf.h): word 0 the words taken, word 1
// whether an assert failed, then per record its format's number (from 1)
// and its arguments' words. After the launch, the runtime prints each
// record as C's printf prints its format with those arguments, in the
// order the threads took their words, then fails the launch if an assert
// failed.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_VULKANPRINTF_H
#define MLIRC_RUNTIME_VULKANPRINTF_H

#include <cstdint>
#include <string>
#include <vector>

namespace mlirc::vulkan {

/// Prints to stdout the records of \p buffer (\p words words) with
/// \p formats ("<argument letters>:<format>"); says on stderr when some
/// did not fit, naming \p kernel.
void printRecords(const uint32_t *buffer, uint32_t words,
                  const std::vector<std::string> &formats, const char *kernel);

} // namespace mlirc::vulkan

#endif // MLIRC_RUNTIME_VULKANPRINTF_H
