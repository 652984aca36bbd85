//===- OffloadPacker.h - Device images into the host module -----*- C++ -*-===//
//
// Device images travel the way clang's new offloading driver carries them:
// each as an LLVM OffloadBinary (offload kind, image kind, triple, arch) in
// the `.llvm.offloading` section, plus one offload entry per kernel that
// names the kernel and the address of its host handle. clang-linker-wrapper
// then device-links, bundles and registers them at the final link.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_OFFLOAD_OFFLOADPACKER_H
#define MLIRC_TARGETS_OFFLOAD_OFFLOADPACKER_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Object/OffloadBinary.h"
#include "llvm/Support/MemoryBuffer.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mlirc {

/// One device image of one gpu.module for one target.
struct DeviceImage {
  llvm::object::OffloadKind offloadKind = llvm::object::OFK_Cuda;
  llvm::object::ImageKind imageKind = llvm::object::IMG_None;
  std::string triple;
  std::string arch;
  std::unique_ptr<llvm::MemoryBuffer> data;
  /// Further string entries (what a runtime checks before it loads it).
  std::map<std::string, std::string> strings;
};

/// Serializes \p image as an OffloadBinary.
llvm::SmallString<0> packOffloadBinary(const DeviceImage &image);

/// Embeds the packed \p binaries in \p section of \p module:
/// `.llvm.offloading`, where the offload linker takes them, or a section
/// the program loads, where its runtime finds them.
void embedOffloadBinaries(llvm::Module &module,
                          llvm::ArrayRef<llvm::SmallString<0>> binaries,
                          llvm::StringRef section = ".llvm.offloading");

/// Emits one \p kind offload entry per name in \p kernels, creating the
/// kernel handles that no launch has created yet. Entries of several kinds
/// may name the same handle: each vendor's registration code takes its own.
void emitOffloadEntries(llvm::Module &module,
                        llvm::ArrayRef<std::string> kernels,
                        llvm::object::OffloadKind kind);

/// The start of the names of the sections that hold the entries of
/// kernels an object registers itself with the \p kind runtime.
std::string getOwnEntriesSectionPrefix(llvm::object::OffloadKind kind);

/// Embeds \p fatbinary (an NVIDIA fatbin, or for OFK_HIP a clang offload
/// bundle of AMD code objects) in \p module with the code that registers it
/// and \p kernels with the \p kind runtime when the program starts. This is
/// how what the final link cannot take ships: PTX for compute_NN (nvlink
/// takes none), executable cubins (whole-program code and prebuilt ones),
/// prebuilt fatbinaries and linked AMD code objects. The kernels are
/// registered under their own handles, or under the handles launches try
/// first when \p withoutLinkedImages (the final link registers no \p kind image
/// of theirs). \p suffix makes the emitted symbols unique in the program.
/// Without kernels, nothing is embedded.
llvm::Error registerOwnFatbinary(llvm::Module &module,
                                 llvm::object::OffloadKind kind,
                                 llvm::ArrayRef<char> fatbinary,
                                 llvm::ArrayRef<std::string> kernels,
                                 llvm::StringRef suffix,
                                 bool withoutLinkedImages = false);

} // namespace mlirc

#endif // MLIRC_TARGETS_OFFLOAD_OFFLOADPACKER_H
