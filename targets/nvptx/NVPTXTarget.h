//===- NVPTXTarget.h - NVIDIA targets: archs, attributes, ptxas -*- C++ -*-===//

#ifndef MLIRC_TARGETS_NVPTX_NVPTXTARGET_H
#define MLIRC_TARGETS_NVPTX_NVPTXTARGET_H

#include "targets/OffloadTarget.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>
#include <vector>

namespace mlir {
class Attribute;
class DialectRegistry;
class MLIRContext;
} // namespace mlir

namespace mlirc {

/// The triple of NVIDIA device code and of its offload images.
inline constexpr llvm::StringLiteral nvptxTriple = "nvptx64-nvidia-cuda";

/// Parses sm_NN[a|f] (cubin) or compute_NN[a|f] (PTX only).
llvm::Expected<OffloadTarget> parseNVPTXArch(llvm::StringRef arch);

/// The SM number of \p chip (80 for sm_80 and sm_80a).
unsigned getSMVersion(llvm::StringRef chip);

/// The oldest SM the ptxas of CUDA \p major.\p minor still assembles.
unsigned getOldestSupportedSM(unsigned major, unsigned minor);

/// The cubin architectures (sm_NN) both \p ptxas (as its --help lists them)
/// and LLVM's NVPTX backend build, oldest first.
std::vector<std::string> listPtxasArchs(llvm::StringRef ptxas);

/// Registers the dialects the NVVM target attribute needs.
void registerNVPTXTargetDialects(mlir::DialectRegistry &registry);

/// `#nvvm.target<chip = ..., O = ...>`.
mlir::Attribute getNVVMTargetAttr(mlir::MLIRContext *context,
                                  llvm::StringRef chip, unsigned optLevel);

/// The chip of \p attr when it is an #nvvm.target, else empty.
std::string getNVVMTargetChip(mlir::Attribute attr);

/// The first libdevice function (__nv_*) \p ptx declares but does not
/// define, else empty.
std::string findUndefinedLibdeviceCall(llvm::StringRef ptx);

/// The first function or variable \p ptx declares `.extern` that another
/// object must define at the device link, else empty. CUDA's system calls
/// (vprintf, malloc, free, __assertfail) and dynamic shared memory are no
/// such symbols: whole-program code has them too.
std::string findExternalDeviceSymbol(llvm::StringRef ptx);

/// Arguments (after the program) that make ptxas assemble \p ptxFile into a
/// cubin for \p chip: relocatable (`-c`, for nvlink) or, as nvcc and clang
/// without -fgpu-rdc, an executable one of the whole program.
std::vector<std::string> getPtxasArguments(llvm::StringRef chip,
                                           unsigned optLevel,
                                           llvm::StringRef ptxFile,
                                           llvm::StringRef cubinFile,
                                           bool relocatable);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_NVPTXTARGET_H
