//===- Fatbinary.cpp - NVIDIA fatbinary containers ------------------------===//
//
// A fatbinary (what `fatbinary --create` and MLIR's format=fatbin write) is
// a 16-byte header -- magic 0xBA55ED50, version 1, header size, size of
// what follows -- and then its images, each with a header of its own that
// gives its kind, SM and size. The CUDA runtime walks the images to the
// end, so the images of several fatbinaries, one after the other under one
// header, are one fatbinary. The images are copied as they are; compressed
// ones stay compressed.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Fatbinary.h"

#include "llvm/Support/Endian.h"

using namespace llvm;
using namespace mlirc;

namespace {
constexpr uint32_t fatbinMagic = 0xBA55ED50;
constexpr uint16_t fatbinVersion = 1;
constexpr size_t fatbinHeaderSize = 16;
} // namespace

Expected<std::string> mlirc::mergeFatbinaries(ArrayRef<std::string> fatbinaries,
                                              ArrayRef<std::string> names) {
  std::string images;
  for (size_t i = 0; i < fatbinaries.size(); ++i) {
    StringRef bytes(fatbinaries[i]);
    const std::string &name = names[i];
    auto invalid = [&](const char *why) {
      return createStringError("%s is not an NVIDIA fatbinary (%s)",
                               name.c_str(), why);
    };
    if (bytes.size() < fatbinHeaderSize)
      return invalid("too short");
    const char *p = bytes.data();
    if (support::endian::read32le(p) != fatbinMagic)
      return invalid("no 0xBA55ED50 magic");
    if (support::endian::read16le(p + 4) != fatbinVersion)
      return invalid("a version other than 1");
    uint16_t headerSize = support::endian::read16le(p + 6);
    uint64_t size = support::endian::read64le(p + 8);
    if (headerSize < fatbinHeaderSize || headerSize > bytes.size() ||
        size > bytes.size() - headerSize)
      return invalid("its sizes exceed its data");
    images += bytes.substr(headerSize, size);
  }
  std::string merged(fatbinHeaderSize, '\0');
  support::endian::write32le(merged.data(), fatbinMagic);
  support::endian::write16le(merged.data() + 4, fatbinVersion);
  support::endian::write16le(merged.data() + 6, fatbinHeaderSize);
  support::endian::write64le(merged.data() + 8, images.size());
  return merged + images;
}
