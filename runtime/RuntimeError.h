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

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_RUNTIMEERROR_H
