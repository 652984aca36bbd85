// A stand-in for libamdhip64.so with one pretend AMD GPU, for testing
// mlirc's HIP runtime backend on machines without one. It records the
// kernels the registration code registers and prints each launch instead
// of running it; memory is host memory. FAKE_HIP_FAIL_LAUNCH=1 makes
// launches fail as an invalid configuration does.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef int hipError_t;
enum { hipSuccess = 0, hipErrorInvalidConfiguration = 9 };
typedef struct {
  unsigned x, y, z;
} dim3;

static struct {
  const void *host;
  const char *name;
} kernels[64];
static int kernelCount;
static int fatBinary;

hipError_t hipGetDeviceCount(int *count) {
  *count = 1;
  return hipSuccess;
}
hipError_t hipGetLastError(void) { return hipSuccess; }
const char *hipGetErrorName(hipError_t error) {
  return error == hipErrorInvalidConfiguration ? "hipErrorInvalidConfiguration"
                                               : "hipErrorUnknown";
}
const char *hipGetErrorString(hipError_t error) {
  return error == hipErrorInvalidConfiguration ? "invalid configuration"
                                               : "unknown error";
}
hipError_t hipSetDevice(int device) { return hipSuccess; }
hipError_t hipStreamCreateWithFlags(void **stream, unsigned flags) {
  *stream = malloc(1);
  return hipSuccess;
}
hipError_t hipStreamDestroy(void *stream) {
  free(stream);
  return hipSuccess;
}
hipError_t hipStreamSynchronize(void *stream) { return hipSuccess; }
hipError_t hipStreamWaitEvent(void *stream, void *event, unsigned flags) {
  return hipSuccess;
}
hipError_t hipEventCreateWithFlags(void **event, unsigned flags) {
  *event = malloc(1);
  return hipSuccess;
}
hipError_t hipEventDestroy(void *event) {
  free(event);
  return hipSuccess;
}
hipError_t hipEventRecord(void *event, void *stream) { return hipSuccess; }
hipError_t hipEventSynchronize(void *event) { return hipSuccess; }
hipError_t hipMalloc(void **ptr, size_t size) {
  *ptr = calloc(1, size);
  return hipSuccess;
}
hipError_t hipFree(void *ptr) {
  free(ptr);
  return hipSuccess;
}
hipError_t hipMemcpyAsync(void *dst, const void *src, size_t size, int kind,
                          void *stream) {
  memcpy(dst, src, size);
  return hipSuccess;
}
hipError_t hipLaunchKernel(const void *host, dim3 grid, dim3 block,
                           void **args, size_t shared, void *stream) {
  if (getenv("FAKE_HIP_FAIL_LAUNCH"))
    return hipErrorInvalidConfiguration;
  for (int i = 0; i < kernelCount; ++i)
    if (kernels[i].host == host) {
      printf("fake-hip: launch %s grid %u,%u,%u block %u,%u,%u\n",
             kernels[i].name, grid.x, grid.y, grid.z, block.x, block.y,
             block.z);
      return hipSuccess;
    }
  printf("fake-hip: launch of an unregistered kernel\n");
  return hipErrorInvalidConfiguration;
}
void **__hipRegisterFatBinary(const void *wrapper) {
  printf("fake-hip: fat binary registered\n");
  return (void **)&fatBinary;
}
void __hipUnregisterFatBinary(void **handle) {}
void __hipRegisterFunction(void **handle, const void *host, char *device,
                           const char *name, unsigned threadLimit, void *tid,
                           void *bid, void *blockDim, void *gridDim,
                           int *wSize) {
  if (kernelCount < 64) {
    kernels[kernelCount].host = host;
    kernels[kernelCount].name = name;
    ++kernelCount;
  }
}
