//===- AMDGPUTarget.h - AMD targets: archs, features, wave size -*- C++ -*-===//

#ifndef MLIRC_TARGETS_AMDGPU_AMDGPUTARGET_H
#define MLIRC_TARGETS_AMDGPU_AMDGPUTARGET_H

#include "targets/OffloadTarget.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

namespace mlirc {

/// The triple of AMD device code and of its offload images.
inline constexpr llvm::StringLiteral amdgcnTriple = "amdgcn-amd-amdhsa";

/// Parses gfxNNN with clang's feature suffixes (`gfx90a:xnack-`,
/// `gfx90a:sramecc+:xnack-`); an unknown chip is an error listing the
/// known ones, a feature the chip lacks an error naming it.
llvm::Expected<OffloadTarget> parseAMDGPUArch(llvm::StringRef arch);

/// Threads per wavefront \p chip runs kernels with: 64 on GCN and CDNA
/// (gfx9 and older), 32 on RDNA (gfx10 and newer), as LLVM defaults.
unsigned getWavefrontSize(llvm::StringRef chip);

/// The chip whose instructions MLIR's ROCDL lowering may use for \p chip:
/// \p chip itself, or for a generic target (gfx11-generic) its oldest
/// member, which its instruction set is.
llvm::StringRef getLoweringChipset(llvm::StringRef chip);

/// True for generic targets (gfx9-generic, ...), which code object
/// version 6 introduced.
inline bool isGenericTarget(llvm::StringRef chip) {
  return chip.ends_with("-generic");
}

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_AMDGPUTARGET_H
