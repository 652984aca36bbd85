//===- VulkanKernels.cpp - Kernels' pipelines, made at the first launch ---===//
//
// One pipeline per kernel, or, for an image that takes its workgroup size
// as specialization constants, one per block size it is launched with.

#include "runtime/RuntimeError.h"
#include "runtime/VulkanDevice.h"

#include <cstring>

using namespace mlirc::vulkan;
using mlirc::runtime::fail;

namespace {

/// What a SPIR-V capability needs of the device, by name.
struct CapabilityNeed {
  const char *capability;
  bool DeviceFeatures::*feature;
  /// VkSubgroupFeatureFlagBits, for subgroup capabilities.
  uint32_t subgroupOperation;
  const char *description;
};

const CapabilityNeed needs[] = {
    {"Float64", &DeviceFeatures::float64, 0, "shaderFloat64"},
    {"Int64", &DeviceFeatures::int64, 0, "shaderInt64"},
    {"Int16", &DeviceFeatures::int16, 0, "shaderInt16"},
    {"Float16", &DeviceFeatures::float16, 0, "shaderFloat16"},
    {"Int8", &DeviceFeatures::int8, 0, "shaderInt8"},
    {"StorageBuffer8BitAccess", &DeviceFeatures::storage8, 0,
     "storageBuffer8BitAccess"},
    {"StorageBuffer16BitAccess", &DeviceFeatures::storage16, 0,
     "storageBuffer16BitAccess"},
    {"Int64Atomics", &DeviceFeatures::int64Atomics, 0,
     "64-bit integer atomics (shaderBufferInt64Atomics, "
     "shaderSharedInt64Atomics)"},
    {"AtomicFloat32AddEXT", &DeviceFeatures::atomicFloat32Add, 0,
     "float atomic add (VK_EXT_shader_atomic_float)"},
    {"SubgroupExtendedTypes", &DeviceFeatures::subgroupExtendedTypes, 0,
     "subgroup operations on 8-, 16- and 64-bit values "
     "(shaderSubgroupExtendedTypes)"},
    {"GroupNonUniform", nullptr, VK_SUBGROUP_FEATURE_BASIC_BIT,
     "subgroup operations (basic)"},
    {"GroupNonUniformVote", nullptr, VK_SUBGROUP_FEATURE_VOTE_BIT,
     "subgroup vote operations"},
    {"GroupNonUniformArithmetic", nullptr, VK_SUBGROUP_FEATURE_ARITHMETIC_BIT,
     "subgroup arithmetic"},
    {"GroupNonUniformBallot", nullptr, VK_SUBGROUP_FEATURE_BALLOT_BIT,
     "subgroup ballots"},
    {"GroupNonUniformShuffle", nullptr, VK_SUBGROUP_FEATURE_SHUFFLE_BIT,
     "subgroup shuffles"},
    {"GroupNonUniformShuffleRelative", nullptr,
     VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, "relative subgroup shuffles"},
    {"GroupNonUniformClustered", nullptr, VK_SUBGROUP_FEATURE_CLUSTERED_BIT,
     "clustered subgroup operations"},
    {"GroupNonUniformQuad", nullptr, VK_SUBGROUP_FEATURE_QUAD_BIT,
     "subgroup quad operations"},
};

} // namespace

void Device::checkFeatures(const KernelImage &image) {
  const std::string &list = image.capabilities;
  for (size_t start = 0; start < list.size();) {
    size_t comma = list.find(',', start);
    std::string capability = list.substr(
        start, comma == std::string::npos ? std::string::npos : comma - start);
    start = comma == std::string::npos ? list.size() : comma + 1;
    for (const CapabilityNeed &need : needs) {
      if (capability != need.capability)
        continue;
      bool has = need.feature
                     ? features.*need.feature
                     : (features.subgroupOperations & need.subgroupOperation);
      if (!has)
        fail("kernel '%s' needs %s (SPIR-V capability %s), which the Vulkan "
             "device '%s' lacks",
             image.name, need.description, need.capability,
             properties.deviceName);
    }
  }
}

Kernel &Device::getKernel(const void *handle, const char *name) {
  std::unique_ptr<Kernel> &cached = kernels[handle];
  if (cached)
    return *cached;
  // Cached before it is complete, so that what a failure leaves is
  // destroyed with the rest.
  cached = std::make_unique<Kernel>();
  Kernel *kernel = cached.get();
  unsigned lowest = 0;
  if (!findKernel(name, version, kernel->image, lowest)) {
    if (lowest)
      fail("kernel '%s' is built for Vulkan %u.%u and later, but the Vulkan "
           "device '%s' has Vulkan %u.%u; build it for an older version "
           "(--offload-arch=vulkan1.1)",
           name, lowest / 10, lowest % 10, properties.deviceName, version / 10,
           version % 10);
    fail("kernel '%s' has no Vulkan image in this program (was it compiled "
         "with --offload-arch=vulkan?)",
         name);
  }
  checkFeatures(kernel->image);
  makePipelineLayout(*kernel);
  return *kernel;
}

void Device::makePipelineLayout(Kernel &kernel) {
  const KernelImage &image = kernel.image;
  VkShaderModuleCreateInfo moduleInfo{
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = image.spirv.size() * sizeof(uint32_t);
  moduleInfo.pCode = image.spirv.data();
  check(vk.vkCreateShaderModule(device, &moduleInfo, nullptr, &kernel.module),
        "vkCreateShaderModule", image.name);

  // One layout per descriptor set up to the highest one used.
  unsigned sets = 0;
  for (const KernelArgument &arg : image.arguments)
    if (arg.isBuffer()) {
      sets = std::max(sets, arg.set + 1);
      ++kernel.bufferCount;
    }
  for (unsigned set = 0; set < sets; ++set) {
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    for (const KernelArgument &arg : image.arguments) {
      if (!arg.isBuffer() || arg.set != set)
        continue;
      VkDescriptorSetLayoutBinding binding{};
      binding.binding = arg.binding;
      binding.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      binding.descriptorCount = 1;
      binding.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
      // Each binding holds one argument.
      bool seen = false;
      for (const VkDescriptorSetLayoutBinding &other : bindings)
        seen |= other.binding == arg.binding;
      if (seen)
        fail("kernel '%s' binds two arguments to binding %u of descriptor "
             "set %u",
             image.name, arg.binding, set);
      bindings.push_back(binding);
    }
    VkDescriptorSetLayoutCreateInfo info{
        VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    info.bindingCount = static_cast<uint32_t>(bindings.size());
    info.pBindings = bindings.data();
    VkDescriptorSetLayout layout = VK_NULL_HANDLE;
    check(vk.vkCreateDescriptorSetLayout(device, &info, nullptr, &layout),
          "vkCreateDescriptorSetLayout", image.name);
    kernel.setLayouts.push_back(layout);
  }

  VkPushConstantRange range{VK_SHADER_STAGE_COMPUTE_BIT, 0,
                            image.pushConstantBytes};
  VkPipelineLayoutCreateInfo layoutInfo{
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = static_cast<uint32_t>(kernel.setLayouts.size());
  layoutInfo.pSetLayouts = kernel.setLayouts.data();
  layoutInfo.pushConstantRangeCount = image.pushConstantBytes ? 1 : 0;
  layoutInfo.pPushConstantRanges = &range;
  check(vk.vkCreatePipelineLayout(device, &layoutInfo, nullptr, &kernel.layout),
        "vkCreatePipelineLayout", image.name);

  // Shuffles of W lanes work within subgroups of at least W lanes: ask
  // for W where the device lets pipelines choose, else check.
  unsigned lanes = image.subgroupLanes;
  bool choose = lanes && features.subgroupSizeControl &&
                lanes >= features.minSubgroupSize &&
                lanes <= features.maxSubgroupSize;
  // Too narrow: the entry point whose subgroups are workgroup memory.
  const char *entry = image.name;
  kernel.workgroupBytes = image.workgroupBytes;
  bool narrow = lanes && !choose && features.subgroupSize < lanes;
  // CUDA's warps, and the host target's subgroups, are runs of linear
  // thread ids. A device packs a block of more than one dimension into
  // subgroups as it likes, and where a row is no whole number of subgroups
  // it splits rows differently (lavapipe gives each row of 25 threads
  // subgroups of its own): there, too, the subgroups of workgroup memory.
  unsigned subgroup = choose ? lanes : features.subgroupSize;
  bool splitRows = lanes && subgroup && image.block[1] * image.block[2] > 1 &&
                   image.block[0] % subgroup != 0;
  if ((narrow || splitRows) && !image.wideEntry.empty()) {
    entry = image.wideEntry.c_str();
    kernel.workgroupBytes = image.wideWorkgroupBytes;
    narrow = false;
  }
  if (narrow)
    fail("kernel '%s' shuffles across %u lanes (gpu.shuffle's width, or a "
         "cluster's size), but the subgroups of the Vulkan device '%s' have "
         "%u lanes%s; subgroups of workgroup memory need the kernel's "
         "subgroup operations where every thread of the block reaches them "
         "and a block size known when it is compiled",
         image.name, lanes, properties.deviceName, features.subgroupSize,
         features.subgroupSizeControl ? ", and it cannot make them that large"
                                      : "");

  kernel.entry = entry;
  kernel.chooseSubgroupSize = choose;
}

VkPipeline Device::getPipeline(Kernel &kernel, const int64_t block[3],
                               uint32_t sharedElements) {
  const KernelImage &image = kernel.image;
  // The constants' values: the workgroup size, then the dynamic shared
  // memory's elements.
  std::array<uint32_t, 4> values = {0, 0, 0, 0};
  if (image.sizeAtLaunch)
    for (int i = 0; i < 3; ++i)
      values[i] = static_cast<uint32_t>(block[i]);
  if (image.sharedElementBytes)
    values[3] = sharedElements;
  VkPipeline &pipeline = kernel.pipelines[values];
  if (pipeline)
    return pipeline;
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfo subgroupSize{
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO};
  subgroupSize.requiredSubgroupSize = image.subgroupLanes;
  // The workgroup size and the dynamic shared memory's length, where the
  // image takes them as specialization constants.
  VkSpecializationMapEntry entries[4];
  uint32_t count = 0;
  if (image.sizeAtLaunch)
    for (uint32_t i = 0; i < 3; ++i)
      entries[count++] = {image.sizeSpecId + i, i * 4u, 4};
  if (image.sharedElementBytes)
    entries[count++] = {image.sharedSpecId, 12, 4};
  VkSpecializationInfo specialization{count, entries, sizeof(values),
                                      values.data()};

  VkComputePipelineCreateInfo info{
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  if (kernel.chooseSubgroupSize)
    info.stage.pNext = &subgroupSize;
  info.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  info.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  info.stage.module = kernel.module;
  info.stage.pName = kernel.entry;
  if (count)
    info.stage.pSpecializationInfo = &specialization;
  info.layout = kernel.layout;
  check(vk.vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &info, nullptr,
                                    &pipeline),
        "vkCreateComputePipelines", image.name);
  return pipeline;
}
