// The reference for matmul.mlir: the same 1024x1024 f32 multiply in C with
// OpenMP (rows over the cores, i-k-j order so the inner loop vectorizes).
// Prints the seconds one multiply takes (best of several) and C[1][2].
#include "reference.h"

#include <string.h>

#define N 1024

int main(void) {
  float *a = alloc_huge(sizeof(float) * N * N);
  float *b = alloc_huge(sizeof(float) * N * N);
  float *c = alloc_huge(sizeof(float) * N * N);
#pragma omp parallel for
  for (long i = 0; i < N; ++i)
    for (long j = 0; j < N; ++j) {
      a[i * N + j] = (float)((i + j) % 7);
      b[i * N + j] = (float)((i * j) % 5);
    }
  double best = 1e30;
  for (int r = 0; r < 3; ++r) {
    double t0 = now();
#pragma omp parallel for
    for (long i = 0; i < N; ++i) {
      float *ci = c + i * N;
      memset(ci, 0, sizeof(float) * N);
      for (long k = 0; k < N; ++k) {
        float aik = a[i * N + k];
        const float *bk = b + k * N;
        for (long j = 0; j < N; ++j)
          ci[j] += aik * bk[j];
      }
    }
    double t = now() - t0;
    if (t < best)
      best = t;
  }
  printf("%g\n%g\n", best, c[1 * N + 2]);
  return 0;
}
