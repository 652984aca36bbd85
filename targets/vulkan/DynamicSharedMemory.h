//===- DynamicSharedMemory.h - Workgroup memory sized at launch -*- C++ -*-===//
//
// A Vulkan shader's workgroup memory has a size when the pipeline is made,
// but that size may be a specialization constant, which the pipeline sets.
// gpu.dynamic_shared_memory becomes a workgroup array of the element type
// its views take (MemoryViews.h) and of a marker length no real array has;
// after serialization, the array's length becomes the spec constant
// dynamicSharedSpecId, which the runtime sets per launch to the bytes
// the launch asks for, in elements.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_DYNAMICSHAREDMEMORY_H
#define MLIRC_TARGETS_VULKAN_DYNAMICSHAREDMEMORY_H

#include <cstdint>
#include <string>

namespace mlirc {

/// The spec id of the dynamic shared memory's length in elements.
constexpr uint32_t dynamicSharedSpecId = 1003;

/// The length the array of dynamic shared memory has until the patch:
/// more elements than any device's workgroup memory holds.
constexpr int64_t dynamicSharedMarker = 0x0ABCDEF1;

/// Gives each workgroup array of \p spirv (a serialized module) whose
/// length is the marker a length of spec constant dynamicSharedSpecId
/// (default 1). False when it has none, or is malformed.
bool specializeDynamicSharedMemory(std::string &spirv);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_DYNAMICSHAREDMEMORY_H
