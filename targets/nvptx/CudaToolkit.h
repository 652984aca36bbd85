//===- CudaToolkit.h - Finding the CUDA toolkit -----------------*- C++ -*-===//

#ifndef MLIRC_TARGETS_NVPTX_CUDATOOLKIT_H
#define MLIRC_TARGETS_NVPTX_CUDATOOLKIT_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include <string>

namespace mlirc {

/// A CUDA installation mlirc can use.
struct CudaToolkit {
  /// Root directory (holds bin/, nvvm/, include/).
  std::string root;
  /// How it was found, for -v ("--cuda-path", "CUDA_PATH", ...).
  std::string foundBy;
  std::string ptxas;
  std::string fatbinary;
  /// libdevice.10.bc, empty when the toolkit has none.
  std::string libdevice;
  /// From include/cuda.h; 0 when unknown.
  unsigned major = 0, minor = 0;

  std::string getVersionString() const;
};

/// Finds the toolkit: \p cudaPathFlag (--cuda-path=), else CUDA_PATH,
/// CUDA_HOME, /usr/local/cuda, else the directory above ptxas on PATH.
llvm::Expected<CudaToolkit> findCudaToolkit(llvm::StringRef cudaPathFlag);

} // namespace mlirc

#endif // MLIRC_TARGETS_NVPTX_CUDATOOLKIT_H
