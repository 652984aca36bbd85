//===- VulkanImages.h - The SPIR-V images a program carries -----*- C++ -*-===//
//
// mlirc embeds each Vulkan image as an LLVM OffloadBinary in the section
// `mlirc_vulkan_images`; the linker concatenates those of every object and
// bounds them with __start_/__stop_ symbols. A kernel is found there by
// name, with what its image records about it (VulkanUnit and
// RecordKernelABI): the SPIR-V version, the capabilities, how each argument
// is bound, and the workgroup size.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_VULKANIMAGES_H
#define MLIRC_RUNTIME_VULKANIMAGES_H

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace mlirc::vulkan {

/// How one kernel argument reaches the shader.
struct KernelArgument {
  /// MemRefField: a dynamic offset, size or stride of a memref argument,
  /// which the runtime writes into the push constants from its descriptor.
  /// PrintBuffer: the buffer the kernel's gpu.printf ops write, which the
  /// runtime binds and prints from (no argument of the host's).
  enum Kind {
    MemRef,
    PushConstant,
    ScalarBuffer,
    MemRefField,
    PrintBuffer
  } kind;
  /// MemRef: the rank; the host passes 3 + 2 * rank values for it.
  unsigned rank = 0;
  /// MemRef: an element's bytes; scalars: the host value's bytes.
  unsigned hostBytes = 0;
  /// Scalars: the bytes the shader reads (the host value is truncated or
  /// zero-extended to them).
  unsigned deviceBytes = 0;
  /// PushConstant and MemRefField: the offset in the block.
  unsigned offset = 0;
  /// MemRefField: the memref argument and the field of its descriptor (2:
  /// offset, 3 + i: size i, 3 + rank + i: stride i).
  unsigned memref = 0, field = 0;
  /// Whether the argument is a buffer binding.
  bool isBuffer() const {
    return kind == MemRef || kind == ScalarBuffer || kind == PrintBuffer;
  }
  /// PrintBuffer: its size in 32-bit words.
  unsigned words = 0;
  /// MemRef, ScalarBuffer and PrintBuffer: where the buffer is bound.
  unsigned set = 0;
  unsigned binding = 0;
};

/// One kernel of one image.
struct KernelImage {
  const char *name = nullptr;
  /// The SPIR-V module (a copy: the section is not 4-byte aligned per se).
  std::vector<uint32_t> spirv;
  /// The Vulkan version the image is for, as 1.1 = 11.
  unsigned version = 0;
  /// The SPIR-V capabilities it declares, comma-separated.
  std::string capabilities;
  std::vector<KernelArgument> arguments;
  unsigned pushConstantBytes = 0;
  /// The formats of its gpu.printf ops, as "<argument letters>:<format>",
  /// numbered from 1 (VulkanPrintf.h).
  std::vector<std::string> printFormats;
  /// The workgroup size the shader fixes; 0, 0, 0 when the launch
  /// chooses it.
  unsigned block[3] = {0, 0, 0};
  /// Whether the image takes its workgroup size as specialization
  /// constants (ids sizeSpecId + 0, 1, 2), which every pipeline of it sets
  /// to the launch's block size.
  bool sizeAtLaunch = false;
  unsigned sizeSpecId = 0;
  /// The lanes a subgroup must have for its shuffles; 0 for any number.
  unsigned subgroupLanes = 0;
  /// The entry point that makes subgroups of that many lanes out of
  /// workgroup memory, for devices with narrower ones; empty for none.
  std::string wideEntry;
  /// The bytes of an element of the kernel's dynamic shared memory, whose
  /// length in elements is the specialization constant sharedSpecId; 0
  /// when it has none.
  unsigned sharedElementBytes = 0;
  unsigned sharedSpecId = 0;
  /// The bytes of workgroup memory the kernel's entry point and its wide
  /// one take besides the dynamic shared memory.
  uint64_t workgroupBytes = 0;
  uint64_t wideWorkgroupBytes = 0;
};

/// Finds kernel \p name in the program's images, in the image of the
/// highest Vulkan version at most \p maxVersion. False when no image has
/// it; \p lowest then says the lowest version that has it (0 for none).
/// A malformed description ends the program.
bool findKernel(const char *name, unsigned maxVersion, KernelImage &kernel,
                unsigned &lowest);

/// True when the program carries any Vulkan image.
bool hasImages();

} // namespace mlirc::vulkan

#endif // MLIRC_RUNTIME_VULKANIMAGES_H
