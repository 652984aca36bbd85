// What the C references of the benchmarks share: allocation the way mlirc's
// host runtime allocates device memory, and a monotonic clock.
#ifndef MLIRC_BENCH_REFERENCE_H
#define MLIRC_BENCH_REFERENCE_H

#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

// Large arrays on huge pages, as mlirc's host runtime allocates them.
static void *alloc_huge(size_t bytes) {
  size_t huge = 2u << 20;
  void *p = aligned_alloc(huge, (bytes + huge - 1) / huge * huge);
  if (!p) {
    fprintf(stderr, "out of memory\n");
    exit(1);
  }
  madvise(p, bytes, MADV_HUGEPAGE);
  return p;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

#endif // MLIRC_BENCH_REFERENCE_H
