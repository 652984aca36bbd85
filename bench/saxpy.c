// The reference for saxpy.mlir: the same computation in C with OpenMP.
// Prints the seconds one run takes (best of several) and y[1].
#include "reference.h"

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
