//===- HostStreams.h - Work on the host backend's streams -------*- C++ -*-===//
//
// What other parts of the host backend (its sparse library) enqueue on the
// streams HostRuntime.cpp keeps, so that their work runs in program order
// with the launches and copies around it.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_HOSTSTREAMS_H
#define MLIRC_RUNTIME_HOSTSTREAMS_H

#include "runtime/RuntimeExport.h"
#include <functional>

namespace mlirc::runtime {

/// Runs \p work on \p stream: enqueued when there is one, else on this
/// thread after everything enqueued so far. (Prefixed like the backend's C
/// functions, so that two builds of it never share a name.)
void MLIRC_EXPORT(runOnHostStream)(void *stream, std::function<void()> work);

/// Returns once everything enqueued on \p stream so far has run.
void MLIRC_EXPORT(waitForHostStream)(void *stream);

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_HOSTSTREAMS_H
