//===- OpenMPRuntime.h - Where the CPU's OpenMP runtime is ------*- C++ -*-===//
//
// The omp dialect in host code and C/C++ sources built with -fopenmp call
// LLVM's OpenMP runtime, libomp. clang looks for it and its omp.h beside
// itself only, where Debian's libomp-dev (another LLVM version) does not
// put them; its entry points (__kmpc_*) are stable across versions.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_OPENMPRUNTIME_H
#define MLIRC_DRIVER_OPENMPRUNTIME_H

#include <optional>
#include <string>

namespace mlirc {

/// The shared libomp to link: LLVM's own beside \p llvmLibraryDir, else the
/// system's libomp.so.5; none when neither is installed.
std::optional<std::string> findOpenMPRuntime(const std::string &llvmLibraryDir);

/// The directory of an omp.h for C/C++ sources, when the headers of the
/// clang beside \p llvmLibraryDir have none: the newest LLVM version's
/// that has one. Empty when clang has its own or none is installed.
std::string findOpenMPHeaderDir(const std::string &llvmLibraryDir);

} // namespace mlirc

#endif // MLIRC_DRIVER_OPENMPRUNTIME_H
