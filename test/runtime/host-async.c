// The host runtime's async launches return before the kernel finishes:
// the kernel below spins until the caller, after the launch returned,
// sets a flag; a synchronous runtime would never get there. Copies and
// frees enqueued behind it run after it, and synchronizing waits for all.
// RUN: %clang -x c %s -L%mlirc_lib -lmlirc_host_runtime -lstdc++ -lpthread -o %t
// RUN: timeout 60 %t | FileCheck %s
// CHECK: launch returned
// CHECK-NEXT: kernel ran, copy saw 42
#include "host-runtime-api.h"

#include <stdatomic.h>
#include <stdio.h>

static char handle;
static atomic_int flag;

static void spin(void **params, const void *ctx, void *shared, int64_t bytes) {
  (void)ctx, (void)shared, (void)bytes;
  int *out = *(int **)params[0];
  while (!atomic_load(&flag))
    ;
  *out = 42;
}

int main(void) {
  const int64_t sizes[] = {sizeof(int *)};
  mlircRegisterHostKernel(&handle, spin, "spin", 1, sizes, 0);
  void *stream = mgpuStreamCreate();
  int *device = mgpuMemAlloc(sizeof(int), stream, false);
  int result = 0;
  void *slot = device;
  void *params[] = {&slot};
  mlircLaunchKernel(&handle, 0, "spin", 1, 1, 1, 1, 1, 1, 0, stream, params);
  slot = 0; // the runtime copied the argument already
  printf("launch returned\n");
  fflush(stdout);
  mgpuMemcpy(&result, device, sizeof(int), stream);
  atomic_store(&flag, 1);
  mgpuStreamSynchronize(stream);
  mgpuStreamDestroy(stream);
  printf("kernel ran, copy saw %d\n", result);
  return 0;
}
