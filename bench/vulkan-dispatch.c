/* The least a C program spends per Vulkan dispatch: the shader given as
 * argv[1] (bench/vulkan-fill.spvasm, assembled) dispatched COUNT times from
 * one command buffer recorded once, each submission waited for with a
 * fence. Uses the device MLIRC_VULKAN_DEVICE names, else the first.
 * Prints microseconds per dispatch. */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>
#include <vulkan/vulkan.h>

enum { COUNT = 5000 };

static void check(VkResult result, const char *call) {
  if (result != VK_SUCCESS) {
    fprintf(stderr, "vulkan-dispatch: %s failed (%d)\n", call, result);
    exit(1);
  }
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: vulkan-dispatch <shader.spv>\n");
    return 1;
  }
  FILE *file = fopen(argv[1], "rb");
  if (!file) {
    perror(argv[1]);
    return 1;
  }
  static unsigned code[65536];
  size_t size = fread(code, 1, sizeof(code), file);
  fclose(file);

  VkApplicationInfo app = {VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.apiVersion = VK_API_VERSION_1_1;
  VkInstanceCreateInfo instanceInfo = {VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  instanceInfo.pApplicationInfo = &app;
  VkInstance instance;
  check(vkCreateInstance(&instanceInfo, NULL, &instance), "vkCreateInstance");
  uint32_t count = 16;
  VkPhysicalDevice devices[16];
  check(vkEnumeratePhysicalDevices(instance, &count, devices),
        "vkEnumeratePhysicalDevices");
  const char *chosen = getenv("MLIRC_VULKAN_DEVICE");
  uint32_t index = chosen ? (uint32_t)atoi(chosen) : 0;
  if (index >= count) {
    fprintf(stderr, "vulkan-dispatch: no Vulkan device %u\n", index);
    return 1;
  }
  VkPhysicalDevice physical = devices[index];
  uint32_t families = 16, family = 0;
  VkQueueFamilyProperties familyProperties[16];
  vkGetPhysicalDeviceQueueFamilyProperties(physical, &families,
                                           familyProperties);
  while (!(familyProperties[family].queueFlags & VK_QUEUE_COMPUTE_BIT))
    ++family;
  float priority = 1;
  VkDeviceQueueCreateInfo queueInfo = {
      VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  queueInfo.queueFamilyIndex = family;
  queueInfo.queueCount = 1;
  queueInfo.pQueuePriorities = &priority;
  VkDeviceCreateInfo deviceInfo = {VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  deviceInfo.queueCreateInfoCount = 1;
  deviceInfo.pQueueCreateInfos = &queueInfo;
  VkDevice device;
  check(vkCreateDevice(physical, &deviceInfo, NULL, &device), "vkCreateDevice");
  VkQueue queue;
  vkGetDeviceQueue(device, family, 0, &queue);

  VkBufferCreateInfo bufferInfo = {VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bufferInfo.size = 64 * 4;
  bufferInfo.usage = VK_BUFFER_USAGE_STORAGE_BUFFER_BIT;
  VkBuffer buffer;
  check(vkCreateBuffer(device, &bufferInfo, NULL, &buffer), "vkCreateBuffer");
  VkMemoryRequirements requirements;
  vkGetBufferMemoryRequirements(device, buffer, &requirements);
  VkPhysicalDeviceMemoryProperties memory;
  vkGetPhysicalDeviceMemoryProperties(physical, &memory);
  uint32_t type = 0;
  while (!(requirements.memoryTypeBits & (1u << type)))
    ++type;
  VkMemoryAllocateInfo allocation = {VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  allocation.allocationSize = requirements.size;
  allocation.memoryTypeIndex = type;
  VkDeviceMemory deviceMemory;
  check(vkAllocateMemory(device, &allocation, NULL, &deviceMemory),
        "vkAllocateMemory");
  check(vkBindBufferMemory(device, buffer, deviceMemory, 0),
        "vkBindBufferMemory");

  VkShaderModuleCreateInfo moduleInfo = {
      VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  moduleInfo.codeSize = size;
  moduleInfo.pCode = code;
  VkShaderModule module;
  check(vkCreateShaderModule(device, &moduleInfo, NULL, &module),
        "vkCreateShaderModule");
  VkDescriptorSetLayoutBinding binding = {
      0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT,
      NULL};
  VkDescriptorSetLayoutCreateInfo setInfo = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
  setInfo.bindingCount = 1;
  setInfo.pBindings = &binding;
  VkDescriptorSetLayout setLayout;
  check(vkCreateDescriptorSetLayout(device, &setInfo, NULL, &setLayout),
        "vkCreateDescriptorSetLayout");
  VkPipelineLayoutCreateInfo layoutInfo = {
      VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  layoutInfo.setLayoutCount = 1;
  layoutInfo.pSetLayouts = &setLayout;
  VkPipelineLayout layout;
  check(vkCreatePipelineLayout(device, &layoutInfo, NULL, &layout),
        "vkCreatePipelineLayout");
  VkComputePipelineCreateInfo pipelineInfo = {
      VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  pipelineInfo.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  pipelineInfo.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  pipelineInfo.stage.module = module;
  pipelineInfo.stage.pName = "main";
  pipelineInfo.layout = layout;
  VkPipeline pipeline;
  check(vkCreateComputePipelines(device, VK_NULL_HANDLE, 1, &pipelineInfo,
                                 NULL, &pipeline),
        "vkCreateComputePipelines");

  VkDescriptorPoolSize poolSize = {VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1};
  VkDescriptorPoolCreateInfo poolInfo = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  poolInfo.maxSets = 1;
  poolInfo.poolSizeCount = 1;
  poolInfo.pPoolSizes = &poolSize;
  VkDescriptorPool pool;
  check(vkCreateDescriptorPool(device, &poolInfo, NULL, &pool),
        "vkCreateDescriptorPool");
  VkDescriptorSetAllocateInfo setAllocation = {
      VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  setAllocation.descriptorPool = pool;
  setAllocation.descriptorSetCount = 1;
  setAllocation.pSetLayouts = &setLayout;
  VkDescriptorSet set;
  check(vkAllocateDescriptorSets(device, &setAllocation, &set),
        "vkAllocateDescriptorSets");
  VkDescriptorBufferInfo bufferDescriptor = {buffer, 0, VK_WHOLE_SIZE};
  VkWriteDescriptorSet write = {VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
  write.dstSet = set;
  write.descriptorCount = 1;
  write.descriptorType = VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
  write.pBufferInfo = &bufferDescriptor;
  vkUpdateDescriptorSets(device, 1, &write, 0, NULL);

  VkCommandPoolCreateInfo commandPoolInfo = {
      VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  commandPoolInfo.queueFamilyIndex = family;
  VkCommandPool commandPool;
  check(vkCreateCommandPool(device, &commandPoolInfo, NULL, &commandPool),
        "vkCreateCommandPool");
  VkCommandBufferAllocateInfo commandInfo = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  commandInfo.commandPool = commandPool;
  commandInfo.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  commandInfo.commandBufferCount = 1;
  VkCommandBuffer commands;
  check(vkAllocateCommandBuffers(device, &commandInfo, &commands),
        "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo begin = {
      VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  check(vkBeginCommandBuffer(commands, &begin), "vkBeginCommandBuffer");
  vkCmdBindPipeline(commands, VK_PIPELINE_BIND_POINT_COMPUTE, pipeline);
  vkCmdBindDescriptorSets(commands, VK_PIPELINE_BIND_POINT_COMPUTE, layout, 0,
                          1, &set, 0, NULL);
  vkCmdDispatch(commands, 1, 1, 1);
  check(vkEndCommandBuffer(commands), "vkEndCommandBuffer");

  VkFenceCreateInfo fenceInfo = {VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  VkFence fence;
  check(vkCreateFence(device, &fenceInfo, NULL, &fence), "vkCreateFence");
  VkSubmitInfo submit = {VK_STRUCTURE_TYPE_SUBMIT_INFO};
  submit.commandBufferCount = 1;
  submit.pCommandBuffers = &commands;
  double start = 0;
  for (int i = -1; i < COUNT; ++i) {
    if (i == 0)
      start = now();
    check(vkQueueSubmit(queue, 1, &submit, fence), "vkQueueSubmit");
    check(vkWaitForFences(device, 1, &fence, VK_TRUE, UINT64_MAX),
          "vkWaitForFences");
    check(vkResetFences(device, 1, &fence), "vkResetFences");
  }
  printf("%f\n", (now() - start) / COUNT * 1e6);

  vkDestroyFence(device, fence, NULL);
  vkDestroyCommandPool(device, commandPool, NULL);
  vkDestroyDescriptorPool(device, pool, NULL);
  vkDestroyPipeline(device, pipeline, NULL);
  vkDestroyPipelineLayout(device, layout, NULL);
  vkDestroyDescriptorSetLayout(device, setLayout, NULL);
  vkDestroyShaderModule(device, module, NULL);
  vkDestroyBuffer(device, buffer, NULL);
  vkFreeMemory(device, deviceMemory, NULL);
  vkDestroyDevice(device, NULL);
  vkDestroyInstance(instance, NULL);
  return 0;
}
