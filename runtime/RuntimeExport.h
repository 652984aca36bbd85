//===- RuntimeExport.h - Names of a backend's runtime functions -*- C++ -*-===//
//
// A backend built on its own defines the runtime functions under their own
// names; built into the combined runtime it prefixes them (cuda_, host_)
// and Dispatch.cpp defines the real names.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_RUNTIMEEXPORT_H
#define MLIRC_RUNTIME_RUNTIMEEXPORT_H

#define MLIRC_CONCAT_IMPL(a, b) a##b
#define MLIRC_CONCAT(a, b) MLIRC_CONCAT_IMPL(a, b)

#ifdef MLIRC_RUNTIME_PREFIX
#define MLIRC_EXPORT(name) MLIRC_CONCAT(MLIRC_RUNTIME_PREFIX, name)
#else
#define MLIRC_EXPORT(name) name
#endif

#endif // MLIRC_RUNTIME_RUNTIMEEXPORT_H
