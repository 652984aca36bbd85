//===- VulkanImages.cpp - The SPIR-V images a program carries -------------===//

#include "runtime/VulkanImages.h"
#include "runtime/RuntimeError.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

// The section's bounds; null when no object of the program has an image.
extern "C" {
extern const char __start_mlirc_vulkan_images[]
    __attribute__((weak, visibility("hidden")));
extern const char __stop_mlirc_vulkan_images[]
    __attribute__((weak, visibility("hidden")));
}

using namespace mlirc::vulkan;

namespace {

// LLVM's OffloadBinary, version 1 (llvm/Object/OffloadBinary.h).
struct Header {
  uint8_t magic[4];
  uint32_t version;
  uint64_t size;
  uint64_t entryOffset;
  uint64_t entrySize;
};
struct Entry {
  uint16_t imageKind;
  uint16_t offloadKind;
  uint32_t flags;
  uint64_t stringOffset;
  uint64_t numStrings;
  uint64_t imageOffset;
  uint64_t imageSize;
};
struct StringEntry {
  uint64_t keyOffset;
  uint64_t valueOffset;
};
constexpr uint8_t magic[4] = {0x10, 0xFF, 0x10, 0xAD};
constexpr uint16_t imageKindSPIRV = 6;

/// One OffloadBinary of the section.
struct Binary {
  const char *data;
  uint64_t size;
  const Entry *entry;

  /// The value of string \p key, or null.
  const char *get(const char *key) const {
    const auto *strings =
        reinterpret_cast<const StringEntry *>(data + entry->stringOffset);
    for (uint64_t i = 0; i < entry->numStrings; ++i) {
      if (strings[i].keyOffset >= size || strings[i].valueOffset >= size)
        return nullptr;
      if (std::strcmp(data + strings[i].keyOffset, key) == 0)
        return data + strings[i].valueOffset;
    }
    return nullptr;
  }
};

/// Calls \p visit with each SPIR-V binary of the section.
template <typename Visit> void forEachBinary(Visit visit) {
  const char *at = __start_mlirc_vulkan_images;
  const char *end = __stop_mlirc_vulkan_images;
  if (!at || !end)
    return;
  while (at + sizeof(Header) <= end) {
    Header header;
    std::memcpy(&header, at, sizeof(header));
    // Objects' sections are padded to 8 bytes.
    if (std::memcmp(header.magic, magic, sizeof(magic)) != 0) {
      at += 8;
      continue;
    }
    if (header.version != 1 || header.size > uint64_t(end - at) ||
        header.entryOffset + sizeof(Entry) > header.size)
      mlirc::runtime::fail("the program's Vulkan images are malformed");
    Binary binary{at, header.size,
                  reinterpret_cast<const Entry *>(at + header.entryOffset)};
    const Entry &entry = *binary.entry;
    if (entry.imageKind == imageKindSPIRV &&
        entry.stringOffset + entry.numStrings * sizeof(StringEntry) <=
            header.size &&
        entry.imageOffset + entry.imageSize <= header.size)
      visit(binary);
    at += (header.size + 7) & ~uint64_t(7);
  }
}

/// True when the comma-separated \p list holds \p name.
bool listHas(const char *list, const char *name) {
  size_t length = std::strlen(name);
  for (const char *at = list; at && *at;) {
    const char *comma = std::strchr(at, ',');
    size_t itemLength = comma ? size_t(comma - at) : std::strlen(at);
    if (itemLength == length && std::strncmp(at, name, length) == 0)
      return true;
    at = comma ? comma + 1 : nullptr;
  }
  return false;
}

/// "vulkan1.2" as 12; 0 for anything else.
unsigned parseVersion(const char *arch) {
  unsigned major = 0, minor = 0;
  if (!arch || std::sscanf(arch, "vulkan%u.%u", &major, &minor) != 2)
    return 0;
  return major * 10 + minor;
}

[[noreturn]] void malformed(const char *name, const char *what) {
  mlirc::runtime::fail("the Vulkan image of kernel '%s' has a malformed %s "
                       "(was it built by this version of mlirc?)",
                       name, what);
}

/// Parses RecordKernelABI's argument list.
std::vector<KernelArgument> parseArguments(const char *name, const char *abi) {
  std::vector<KernelArgument> arguments;
  for (const char *at = abi; *at;) {
    KernelArgument arg;
    int used = 0;
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (std::sscanf(at, "m%u,%u,%u,%u%n", &a, &b, &c, &d, &used) == 4) {
      arg.kind = KernelArgument::MemRef;
      arg.rank = a;
      arg.hostBytes = b;
      arg.set = c;
      arg.binding = d;
    } else if (std::sscanf(at, "p%u,%u,%u%n", &a, &b, &c, &used) == 3) {
      arg.kind = KernelArgument::PushConstant;
      arg.hostBytes = a;
      arg.deviceBytes = b;
      arg.offset = c;
    } else if (std::sscanf(at, "s%u,%u,%u,%u%n", &a, &b, &c, &d, &used) == 4) {
      arg.kind = KernelArgument::ScalarBuffer;
      arg.hostBytes = a;
      arg.deviceBytes = b;
      arg.set = c;
      arg.binding = d;
    } else if (std::sscanf(at, "f%u,%u,%u%n", &a, &b, &c, &used) == 3) {
      arg.kind = KernelArgument::PrintBuffer;
      arg.words = a;
      arg.set = b;
      arg.binding = c;
      // Not the host's: sizes as a word's, to pass the checks below.
      arg.hostBytes = arg.deviceBytes = 4;
      if (a < 2)
        malformed(name, "argument list");
    } else if (std::sscanf(at, "q%u,%u,%u%n", &a, &b, &c, &used) == 3) {
      arg.kind = KernelArgument::MemRefField;
      arg.memref = a;
      arg.field = b;
      arg.offset = c;
      // The memref comes first; the field is one of its descriptor's.
      if (a >= arguments.size() ||
          arguments[a].kind != KernelArgument::MemRef || b < 2 ||
          b >= 3 + 2 * arguments[a].rank || c + 4 > 128)
        malformed(name, "argument list");
      arg.hostBytes = 8;
      arg.deviceBytes = 4;
    } else {
      malformed(name, "argument list");
    }
    if (arg.hostBytes == 0 || arg.hostBytes > 64 || arg.deviceBytes > 64 ||
        arg.rank > 64)
      malformed(name, "argument list");
    arguments.push_back(arg);
    at += used;
    if (*at == ';')
      ++at;
    else if (*at)
      malformed(name, "argument list");
  }
  return arguments;
}

std::string concat(const char *key, const char *name) {
  return std::string(key) + "." + name;
}

} // namespace

bool mlirc::vulkan::hasImages() {
  bool found = false;
  forEachBinary([&](const Binary &) { found = true; });
  return found;
}

bool mlirc::vulkan::findKernel(const char *name, unsigned maxVersion,
                               KernelImage &kernel, unsigned &lowest) {
  Binary best{};
  unsigned bestVersion = 0;
  lowest = 0;
  forEachBinary([&](const Binary &binary) {
    if (!listHas(binary.get("kernels"), name))
      return;
    unsigned version = parseVersion(binary.get("arch"));
    if (version && (!lowest || version < lowest))
      lowest = version;
    if (!version || version > maxVersion || version <= bestVersion)
      return;
    bestVersion = version;
    best = binary;
  });
  if (!bestVersion)
    return false;
  const char *abi = best.get(concat("abi", name).c_str());
  const char *push = best.get(concat("push", name).c_str());
  const char *block = best.get(concat("block", name).c_str());
  if (!abi || !push || !block)
    malformed(name, "description");
  kernel.name = name;
  kernel.version = bestVersion;
  const char *capabilities = best.get("capabilities");
  kernel.capabilities = capabilities ? capabilities : "";
  // A device feature no capability names, checked as if one did.
  if (best.get("subgroup_extended_types"))
    kernel.capabilities += ",SubgroupExtendedTypes";
  kernel.arguments = parseArguments(name, abi);
  kernel.pushConstantBytes = static_cast<unsigned>(std::atoi(push));
  for (unsigned number = 1;; ++number) {
    const char *format = best.get(
        concat(("printf." + std::to_string(number)).c_str(), name).c_str());
    if (!format)
      break;
    kernel.printFormats.push_back(format);
  }
  if (const char *lanes = best.get(concat("subgroup", name).c_str()))
    kernel.subgroupLanes = static_cast<unsigned>(std::atoi(lanes));
  if (const char *wide = best.get(concat("wide", name).c_str())) {
    kernel.wideEntry = wide;
    if (const char *bytes = best.get(concat("workgroup", wide).c_str()))
      kernel.wideWorkgroupBytes = std::strtoull(bytes, nullptr, 10);
  }
  if (const char *bytes = best.get(concat("workgroup", name).c_str()))
    kernel.workgroupBytes = std::strtoull(bytes, nullptr, 10);
  if (const char *shared = best.get(concat("shared", name).c_str())) {
    const char *spec = best.get("dynamic_shared_spec");
    kernel.sharedElementBytes = static_cast<unsigned>(std::atoi(shared));
    if (!spec || !kernel.sharedElementBytes)
      malformed(name, "dynamic shared memory");
    kernel.sharedSpecId = static_cast<unsigned>(std::strtoul(spec, nullptr, 10));
  }
  if (std::sscanf(block, "%u,%u,%u", &kernel.block[0], &kernel.block[1],
                  &kernel.block[2]) != 3)
    malformed(name, "workgroup size");
  if (const char *spec = best.get("workgroup_size_spec")) {
    kernel.sizeAtLaunch = true;
    kernel.sizeSpecId = static_cast<unsigned>(std::strtoul(spec, nullptr, 10));
  } else if (!kernel.block[0]) {
    malformed(name, "workgroup size");
  }
  const Entry &entry = *best.entry;
  if (entry.imageSize % 4 != 0 || entry.imageSize == 0)
    malformed(name, "SPIR-V module");
  kernel.spirv.resize(entry.imageSize / 4);
  std::memcpy(kernel.spirv.data(), best.data + entry.imageOffset,
              entry.imageSize);
  return true;
}
