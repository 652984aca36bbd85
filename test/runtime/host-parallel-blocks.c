// The host runtime runs the blocks of one launch in parallel, on all cores:
// each block below waits until another block is running at the
// same time (up to half a second, so that a runtime running them one after
// another ends in time and says no). With one core there is nothing to show.
// RUN: %clang -x c %s -L%mlirc_lib -lmlirc_host_runtime -lstdc++ -lpthread -o %t
// RUN: timeout 60 %t | FileCheck %s
// CHECK: blocks run: 64
// CHECK-NEXT: in parallel: yes
#include "host-runtime-api.h"

#include <stdatomic.h>
#include <stdio.h>
#include <time.h>
#include <unistd.h>

static char handle;
static atomic_int running, ran, mostAtOnce;

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void block(void **params, const void *ctx, void *shared, int64_t n) {
  (void)params, (void)ctx, (void)shared, (void)n;
  int now_running = atomic_fetch_add(&running, 1) + 1;
  double start = now();
  while (atomic_load(&mostAtOnce) < 2 && now() - start < 0.5) {
    int most = atomic_load(&mostAtOnce);
    now_running = atomic_load(&running);
    if (now_running > most)
      atomic_compare_exchange_weak(&mostAtOnce, &most, now_running);
  }
  atomic_fetch_add(&ran, 1);
  atomic_fetch_sub(&running, 1);
}

int main(void) {
  mlircRegisterHostKernel(&handle, block, "block", 0, 0, 0);
  mlircLaunchKernel(&handle, 0, "block", 64, 1, 1, 32, 1, 1, 0, 0, 0);
  printf("blocks run: %d\n", atomic_load(&ran));
  bool oneCore = sysconf(_SC_NPROCESSORS_ONLN) < 2;
  printf("in parallel: %s\n",
         oneCore || atomic_load(&mostAtOnce) >= 2 ? "yes" : "no");
  return 0;
}
