//===- RocmToolkit.h - Finding AMD's device libraries -----------*- C++ -*-===//

#ifndef MLIRC_TARGETS_AMDGPU_ROCMTOOLKIT_H
#define MLIRC_TARGETS_AMDGPU_ROCMTOOLKIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mlirc {

/// The ROCm device libraries mlirc links into AMD device code.
struct RocmToolkit {
  /// The directory holding amdgcn/bitcode (what MLIR's ROCDL serialization
  /// takes as its toolkit path).
  std::string root;
  /// How it was found, for -v ("--rocm-path", "ROCM_PATH", ...).
  std::string foundBy;
  /// The HIP version of the installation (include/hip/hip_version.h), which
  /// decides the code-object versions its runtime loads; 0 when unknown.
  unsigned hipMajor = 0, hipMinor = 0;

  std::string getVersionString() const;
  /// The newest code-object version this installation's HIP runtime loads:
  /// 6 from ROCm 6.3 on, else 5.
  unsigned getNewestCodeObjectVersion() const;
};

/// Finds the device libraries: \p rocmPathFlag (--rocm-path=), else
/// ROCM_PATH, /opt/rocm, then Debian's layout (rocm-device-libs in
/// /usr/lib/<multiarch>/amdgcn/bitcode).
llvm::Expected<RocmToolkit> findRocmToolkit(llvm::StringRef rocmPathFlag);

} // namespace mlirc

#endif // MLIRC_TARGETS_AMDGPU_ROCMTOOLKIT_H
