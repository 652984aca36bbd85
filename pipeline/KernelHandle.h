//===- KernelHandle.h - Names of per-kernel host symbols --------*- C++ -*-===//
//
// A launch names its kernel by the address of a host-side handle; the offload
// entry of the same kernel registers that address with the vendor runtime.
// Both sides derive the symbol names here.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_KERNELHANDLE_H
#define MLIRC_PIPELINE_KERNELHANDLE_H

#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlirc {

/// The host global whose address identifies \p kernel at launch.
inline std::string getKernelHandleName(llvm::StringRef kernel) {
  return "__mlirc_kernel." + kernel.str();
}

/// The host global whose address identifies \p kernel in the device code an
/// object registers itself, not through the final link: PTX for
/// compute_NN, prebuilt cubins, fatbinaries and AMD code objects. Launches
/// use it when the linked images have no code for the device.
inline std::string getKernelOwnHandleName(llvm::StringRef kernel) {
  return "__mlirc_kernel_own." + kernel.str();
}

/// The runtime function through which an object registers its host-target
/// kernels at start-up; a link whose objects call it needs the host runtime.
inline constexpr llvm::StringLiteral hostKernelRegistrationFunction =
    "mlircRegisterHostKernel";

/// The attribute of a host-target block function that runs several
/// consecutive blocks in x per call (their count is field 12 of the
/// runtime's block context), which its registration tells the runtime.
inline constexpr llvm::StringLiteral mergesBlocksInXAttr =
    "mlirc.merges_blocks_in_x";
/// The attribute of a host-target block function whose grid is best run
/// row by row (a kernel that streams through memory), which its
/// registration tells the runtime.
inline constexpr llvm::StringLiteral streamsAttr = "mlirc.streams";

/// The host global holding \p kernel's name for runtime error messages.
inline std::string getKernelNameGlobal(llvm::StringRef kernel) {
  return "__mlirc_kernel_name." + kernel.str();
}

} // namespace mlirc

#endif // MLIRC_PIPELINE_KERNELHANDLE_H
