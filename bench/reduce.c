// The reference for reduce.mlir: the same reductions in C with OpenMP.
// Prints the seconds one run takes (best of several) and the results.
#include "reference.h"

int main(void) {
  const long n = 1L << 24, p = 1000003;
  double best = 1e30;
  long sum = 0, max = 0;
  for (int r = 0; r < 10; ++r) {
    double t0 = now();
    sum = 0;
    max = -1;
#pragma omp parallel for reduction(+ : sum) reduction(max : max)
    for (long i = 0; i < n; ++i) {
      long v = i * i % p;
      sum += v;
      max = v > max ? v : max;
    }
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("%g\n%ld, %ld\n", best, sum, max);
  return 0;
}
