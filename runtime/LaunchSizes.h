//===- LaunchSizes.h - Launch sizes within the device's limits --*- C++ -*-===//
//
// The GPU backends take 64-bit launch sizes and hand them to launch APIs
// with 32-bit sizes (dim3); each checks them here first.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_LAUNCHSIZES_H
#define MLIRC_RUNTIME_LAUNCHSIZES_H

#include "runtime/DeviceLimits.h"
#include "runtime/RuntimeError.h"
#include <cstdint>

namespace mlirc::runtime {

/// Ends the program when a launch of kernel \p name is empty or larger than
/// the device runs (at most \p maxGrid blocks and \p maxBlock threads per
/// block in each dimension, \p maxThreads in all): kernels are
/// compiled assuming ids within those limits (pipeline/BoundGpuIds.cpp), and
/// the launch APIs' 32-bit sizes would wrap larger values silently.
inline void checkLaunchSizes(const char *name, int64_t gridX, int64_t gridY,
                             int64_t gridZ, int64_t blockX, int64_t blockY,
                             int64_t blockZ, const int64_t (&maxGrid)[3],
                             const int64_t (&maxBlock)[3],
                             int64_t maxThreads = limits::maxThreadsPerBlock) {
  static const char dims[] = "xyz";
  const int64_t grid[] = {gridX, gridY, gridZ};
  const int64_t block[] = {blockX, blockY, blockZ};
  for (int i = 0; i < 3; ++i) {
    if (grid[i] <= 0 || block[i] <= 0)
      fail("launch of kernel '%s' with %lld %s in %c; a launch needs at least "
           "one block and one thread in each dimension",
           name, static_cast<long long>(grid[i] <= 0 ? grid[i] : block[i]),
           grid[i] <= 0 ? "blocks" : "threads per block", dims[i]);
    if (grid[i] > maxGrid[i])
      fail("launch of kernel '%s' with %lld blocks in %c; "
           "the device runs at most %lld",
           name, static_cast<long long>(grid[i]), dims[i],
           static_cast<long long>(maxGrid[i]));
    if (block[i] > maxBlock[i])
      fail("launch of kernel '%s' with %lld threads per "
           "block in %c; the device runs at most %lld",
           name, static_cast<long long>(block[i]), dims[i],
           static_cast<long long>(maxBlock[i]));
  }
  // Each size is at most its limit now, so the product cannot overflow.
  if (blockX * blockY * blockZ > maxThreads)
    fail("launch of kernel '%s' with %lldx%lldx%lld threads "
         "per block; the device runs at most %lld",
         name, static_cast<long long>(blockX), static_cast<long long>(blockY),
         static_cast<long long>(blockZ), static_cast<long long>(maxThreads));
}

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_LAUNCHSIZES_H
