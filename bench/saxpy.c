// The reference for saxpy.mlir: the same computation in C with OpenMP.
// Prints the seconds one run takes (best of several) and y[1].
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <time.h>

// Large arrays on huge pages, as mlirc's host runtime allocates them.
static void *alloc_huge(size_t bytes) {
  size_t huge = 2u << 20;
  void *p = aligned_alloc(huge, (bytes + huge - 1) / huge * huge);
  madvise(p, bytes, MADV_HUGEPAGE);
  return p;
}

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  const long n = 1L << 24;
  const float a = 2.0f;
  float *x = alloc_huge(n * sizeof(float));
  float *y = alloc_huge(n * sizeof(float));
#pragma omp parallel for
  for (long i = 0; i < n; ++i) {
    x[i] = (float)i;
    y[i] = 1.0f;
  }
  double best = 1e30;
  for (int r = 0; r < 10; ++r) {
    double t0 = now();
#pragma omp parallel for
    for (long i = 0; i < n; ++i)
      y[i] = a * x[i] + y[i];
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("%g\n%g\n", best, y[1]);
  free(x);
  free(y);
  return 0;
}
