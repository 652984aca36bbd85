//===- RuntimeError.h - How the runtime ends a failing program --*- C++ -*-===//
//
// Every backend reports a failure the same way: one line on stderr that
// starts with "mlirc runtime: error: ", then exit status 1 at once.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_RUNTIMEERROR_H
#define MLIRC_RUNTIME_RUNTIMEERROR_H

#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <string>

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
  // Without the program's destructors: a failure on a stream's or an async
  // task's thread would otherwise wait for (join) that very thread. What
  // the program printed so far is kept.
  std::fflush(nullptr);
  std::_Exit(1);
}

/// What a GPU backend's failing call adds on a machine without \p device
/// ("NVIDIA GPU with its CUDA driver"): the first call then fails with a
/// message about drivers or devices, which says neither what is missing
/// nor how to run the program anyway.
inline std::string getMissingDeviceNote(const char *device) {
  return std::string("; this machine has no usable ") + device +
         ", which this program runs its kernels on (compile with host among "
         "the --offload-arch targets to run them on the CPU where there is "
         "none)";
}

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_RUNTIMEERROR_H
