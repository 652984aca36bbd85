//===- LaunchBounds.h - The launch check every backend exports -*- C++ -*-===//
//
// mlircCheckLaunchBounds, which the host code calls before a launch whose
// block size is known only at run time (pipeline/LaunchBounds.cpp). It
// does not depend on the device, but every backend exports it under its
// prefix like the rest of RuntimeAPI.def: each includes this once, inside
// its extern "C" block, after RuntimeError.h and RuntimeExport.h.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_LAUNCHBOUNDS_H
#define MLIRC_RUNTIME_LAUNCHBOUNDS_H

/// Ends the program when a launch of kernel \p name breaks the block size
/// it was compiled for: exactly \p knownX x \p knownY x \p knownZ (when
/// known, else 0) and at most \p maxThreads (when bounded, else 0).
void MLIRC_EXPORT(mlircCheckLaunchBounds)(const char *name, int64_t blockX,
                                          int64_t blockY, int64_t blockZ,
                                          int64_t knownX, int64_t knownY,
                                          int64_t knownZ, int64_t maxThreads) {
  if (knownX && (blockX != knownX || blockY != knownY || blockZ != knownZ))
    mlirc::runtime::fail(
        "launch of kernel '%s' with %lldx%lldx%lld threads per block; it is "
        "compiled for exactly %lldx%lldx%lld (known_block_size)",
        name, static_cast<long long>(blockX), static_cast<long long>(blockY),
        static_cast<long long>(blockZ), static_cast<long long>(knownX),
        static_cast<long long>(knownY), static_cast<long long>(knownZ));
  // Each size is checked first, so the product cannot overflow.
  if (maxThreads &&
      (blockX > maxThreads || blockY > maxThreads || blockZ > maxThreads ||
       blockX * blockY * blockZ > maxThreads))
    mlirc::runtime::fail(
        "launch of kernel '%s' with %lldx%lldx%lld threads per block; it is "
        "compiled for at most %lld (--gpu-max-threads-per-block)",
        name, static_cast<long long>(blockX), static_cast<long long>(blockY),
        static_cast<long long>(blockZ), static_cast<long long>(maxThreads));
}

#endif // MLIRC_RUNTIME_LAUNCHBOUNDS_H
