// The code-quality suite's kernels in C with OpenMP (all cores), on the
// inputs bench/codegen/host-main.mlir gives mlirc's host target: prints
// "<kernel> <best seconds>" over five runs, kernels numbered as there.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

static void fill(float *m, long n) {
  for (long i = 0; i < n; ++i)
    m[i] = (float)(i % 7) * 0.125f;
}

int main(void) {
  const long n1 = 16777216, nm = 512, n2 = 2048;
  float *x = malloc(n1 * sizeof(float)), *y = malloc(n1 * sizeof(float));
  uint32_t *data = malloc(n1 * sizeof(uint32_t));
  int8_t *bytes = malloc(n1);
  int32_t *dots = malloc(n1 / 4 * sizeof(int32_t));
  int32_t bins[256];
  float *in2 = malloc(n2 * n2 * sizeof(float));
  float *out2 = malloc(n2 * n2 * sizeof(float));
  float *a = malloc(nm * nm * sizeof(float)), *b = malloc(nm * nm * sizeof(float));
  float *c = malloc(nm * nm * sizeof(float));
  fill(x, n1);
  fill(y, n1);
  for (long i = 0; i < n1; ++i)
    data[i] = (uint32_t)i * 2654435761u;
  for (long i = 0; i < n1; ++i)
    bytes[i] = (int8_t)(i * 7 + 3);
  fill(in2, n2 * n2);
  fill(a, nm * nm);
  fill(b, nm * nm);
  memset(bins, 0, sizeof(bins));
  volatile float sink = 0;
  for (int kernel = 0; kernel < 11; ++kernel) {
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
      double t0 = now();
      float sum = 0;
      switch (kernel) {
      case 0:
#pragma omp parallel for
        for (long i = 0; i < n1; ++i)
          y[i] = 2.0f * x[i] + y[i];
        break;
      case 1:
#pragma omp parallel for
        for (long i = 0; i < nm; ++i)
          for (long j = 0; j < nm; ++j) {
            float s = 0;
            for (long k = 0; k < nm; ++k)
              s += a[i * nm + k] * b[k * nm + j];
            c[i * nm + j] = s;
          }
        break;
      case 2:
#pragma omp parallel for reduction(+ : sum)
        for (long i = 0; i < n1; ++i)
          sum += x[i];
        break;
      case 3:
#pragma omp parallel for
        for (long i = 1; i < n2 - 1; ++i)
          for (long j = 1; j < n2 - 1; ++j)
            out2[i * n2 + j] = in2[(i - 1) * n2 + j] + in2[(i + 1) * n2 + j] +
                               in2[i * n2 + j - 1] + in2[i * n2 + j + 1] -
                               4.0f * in2[i * n2 + j];
        break;
      case 4:
#pragma omp parallel for reduction(+ : sum)
        for (long i = 0; i < n1; ++i)
          sum += x[i] * y[i];
        break;
      case 5:
#pragma omp parallel for
        for (long i = 0; i < n2; ++i)
          for (long j = 0; j < n2; ++j)
            out2[j * n2 + i] = in2[i * n2 + j];
        break;
      case 6:
#pragma omp parallel for
        for (long i = 0; i < n1; ++i) {
#pragma omp atomic
          bins[data[i] & 255] += 1;
        }
        break;
      case 7:
#pragma omp parallel for
        for (long i = 0; i < n1; ++i)
          y[i] = expf(x[i]) * sinf(x[i]);
        break;
      case 8:
#pragma omp parallel for
        for (long i = 0; i < n2; ++i) {
          float m = -INFINITY;
          for (long j = 0; j < n2; ++j)
            m = fmaxf(m, expf(in2[i * n2 + j]));
          y[i] = m;
        }
        break;
      case 9:
#pragma omp parallel for
        for (long i = 0; i < n2; ++i) {
          float s = 0;
          for (long k = 0; k < n2; ++k)
            s += in2[i * n2 + k] * x[k];
          y[i] = s;
        }
        break;
      default:
#pragma omp parallel for
        for (long i = 0; i < n1 / 4; ++i) {
          int32_t s = 0;
          for (long k = 0; k < 4; ++k)
            s += (int32_t)bytes[i * 4 + k] * (int32_t)bytes[i * 4 + k];
          dots[i] = s;
        }
        break;
      }
      sink = sum;
      double t = now() - t0;
      if (t < best)
        best = t;
    }
    printf("%d\n%g\n", kernel, best);
  }
  return 0;
}
