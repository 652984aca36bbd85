//===- RuntimeError.h - How the runtime ends a failing program --*- C++ -*-===//
//
// Every backend reports a failure the same way: one line on stderr that
// starts with "mlirc runtime: error: ", then exit status 1.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_RUNTIMEERROR_H
#define MLIRC_RUNTIME_RUNTIMEERROR_H

#include <cstdarg>
#include <cstdio>
#include <cstdlib>

namespace mlirc::runtime {

/// Ends the program with a printf-style message.
[[noreturn]] __attribute__((format(printf, 1, 2))) inline void
fail(const char *format, ...) {
  std::fprintf(stderr, "mlirc runtime: error: ");
  va_list args;
  va_start(args, format);
  std::vfprintf(stderr, format, args);
  va_end(args);
  std::fprintf(stderr, "\n");
  std::exit(1);
}

/// Ends the program when a launch of kernel \p name breaks the block size
/// it was compiled for: exactly \p knownX x \p knownY x \p knownZ (when
/// known, else 0) and at most \p maxThreads (when bounded, else 0).
inline void checkLaunchBounds(const char *name, int64_t blockX, int64_t blockY,
                              int64_t blockZ, int64_t knownX, int64_t knownY,
                              int64_t knownZ, int64_t maxThreads) {
  if (knownX && (blockX != knownX || blockY != knownY || blockZ != knownZ))
    fail("launch of kernel '%s' with %lldx%lldx%lld threads per block; it is "
         "compiled for exactly %lldx%lldx%lld (known_block_size)",
         name, static_cast<long long>(blockX), static_cast<long long>(blockY),
         static_cast<long long>(blockZ), static_cast<long long>(knownX),
         static_cast<long long>(knownY), static_cast<long long>(knownZ));
  // Each size is checked first, so the product cannot overflow.
  if (maxThreads &&
      (blockX > maxThreads || blockY > maxThreads || blockZ > maxThreads ||
       blockX * blockY * blockZ > maxThreads))
    fail("launch of kernel '%s' with %lldx%lldx%lld threads per block; it is "
         "compiled for at most %lld (--gpu-max-threads-per-block)",
         name, static_cast<long long>(blockX), static_cast<long long>(blockY),
         static_cast<long long>(blockZ), static_cast<long long>(maxThreads));
}

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_RUNTIMEERROR_H
