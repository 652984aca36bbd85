//===- DeviceLimits.h - The largest launch of each device -------*- C++ -*-===//
//
// One definition for the compiler, which bounds thread and block ids by
// these limits and rejects constant launches beyond them, and for the
// runtime backends, which reject the others before the launch.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_DEVICELIMITS_H
#define MLIRC_RUNTIME_DEVICELIMITS_H

#include <cstdint>

namespace mlirc::limits {

/// Threads in one block, on every device (the host target's too).
constexpr int64_t maxThreadsPerBlock = 1024;

/// CUDA's limits on every architecture from sm_50 on.
constexpr int64_t cudaMaxBlock[3] = {1024, 1024, 64};
constexpr int64_t cudaMaxGrid[3] = {2147483647, 65535, 65535};

/// What mlirc's AMD targets are compiled for: HIP's limit in x, in every
/// dimension.
constexpr int64_t amdMaxBlock[3] = {1024, 1024, 1024};
constexpr int64_t amdMaxGrid[3] = {2147483647, 2147483647, 2147483647};

} // namespace mlirc::limits

#endif // MLIRC_RUNTIME_DEVICELIMITS_H
