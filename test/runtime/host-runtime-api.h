// The part of the host runtime's C API the runtime tests call directly
// (runtime/RuntimeAPI.def lists all of it).
#ifndef MLIRC_TEST_RUNTIME_HOST_RUNTIME_API_H
#define MLIRC_TEST_RUNTIME_HOST_RUNTIME_API_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef void (*HostEntry)(void **, const void *, void *, int64_t);
void mlircRegisterHostKernel(const void *, HostEntry, const char *, int32_t,
                             const int64_t *, int32_t);
void mlircLaunchKernel(const void *, const void *, const char *, int64_t,
                       int64_t, int64_t, int64_t, int64_t, int64_t, int32_t,
                       void *, void **);
void *mgpuStreamCreate(void);
void mgpuStreamSynchronize(void *);
void mgpuStreamDestroy(void *);
void *mgpuMemAlloc(uint64_t, void *, bool);
void mgpuMemcpy(void *, void *, size_t, void *);

#endif // MLIRC_TEST_RUNTIME_HOST_RUNTIME_API_H
