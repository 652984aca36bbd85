//===- HostCpuFeatures.h - x86 instructions host code names -----*- C++ -*-===//
//
// The x86vector and amx dialects name instructions of particular x86
// extensions (AVX, AVX-512, AMX). Host code is compiled for the baseline
// x86-64 unless -march says otherwise, and LLVM cannot select such an
// instruction for a CPU without it: an op that needs one is an error at
// the op that names the -march to use. Scalable vectors (AArch64 SVE,
// RISC-V V) no target of mlirc's has: an op of them is an error at it.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_COMPILER_HOSTCPUFEATURES_H
#define MLIRC_COMPILER_HOSTCPUFEATURES_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/StringRef.h"
#include <string>

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlirc {

/// Errors at the first op of \p module of scalable vectors, or x86vector
/// or amx op of host code whose instructions the CPU that host code is
/// compiled for lacks; \p cpu is -march's value ("native" for this
/// machine's, empty for the baseline x86-64), \p features -m<feature>'s
/// (LLVM's names with + or -).
mlir::LogicalResult checkHostCpuFeatures(mlir::ModuleOp module,
                                         llvm::StringRef cpu,
                                         llvm::ArrayRef<std::string> features);

/// Which 16-bit float conversions the CPU host code is compiled for (\p cpu
/// and \p features as above) makes in hardware; none for a CPU LLVM does
/// not know.
struct HalfFloatConversions {
  /// F16C: f16 to and from f32.
  bool f16 = false;
  /// AVX512-BF16 or AVX-NE-CONVERT: f32 rounded to bf16.
  bool bf16 = false;
};
HalfFloatConversions
getHalfFloatConversions(llvm::StringRef cpu,
                        llvm::ArrayRef<std::string> features);

} // namespace mlirc

#endif // MLIRC_COMPILER_HOSTCPUFEATURES_H
