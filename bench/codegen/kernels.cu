// The code-quality suite in CUDA, also compiled as HIP (clang -x hip): the
// kernels of kernels.mlir, with 64-bit indices as MLIR's index. A
// memref<?x?xf32> argument carries its own row length, so its twin here is
// a pointer and that row length (lda, ...): a twin that indexed every array
// by n would hold less than the MLIR kernel does (the 2-D stencil: one
// stride fewer, 16 registers on sm_90 against 18).
#ifdef __HIP__
// ROCm 5.2's headers read __AMDGCN_WAVEFRONT_SIZE, which clang 22 no longer
// defines (gfx90a: 64).
#ifndef __AMDGCN_WAVEFRONT_SIZE
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#include <hip/hip_runtime.h>
#define SHFL_XOR(v, o) __shfl_xor(v, o, 32)
#else
#define SHFL_XOR(v, o) __shfl_xor_sync(0xffffffffu, v, o, 32)
#endif
#include <stdint.h>

typedef int64_t idx;

__device__ idx globalX() { return (idx)blockIdx.x * blockDim.x + threadIdx.x; }
__device__ idx globalY() { return (idx)blockIdx.y * blockDim.y + threadIdx.y; }

extern "C" __global__ void saxpy(idx n, float a, const float *x, float *y) {
  idx i = globalX();
  if (i < n)
    y[i] = a * x[i] + y[i];
}

extern "C" __global__ void matmul(idx n, const float *a, idx lda,
                                  const float *b, idx ldb, float *c, idx ldc) {
  __shared__ float ta[16][16], tb[16][16];
  idx tx = threadIdx.x, ty = threadIdx.y;
  idx row = (idx)blockIdx.y * 16 + ty, col = (idx)blockIdx.x * 16 + tx;
  float sum = 0;
  for (idx t = 0; t < n; t += 16) {
    ta[ty][tx] = a[row * lda + t + tx];
    tb[ty][tx] = b[(t + ty) * ldb + col];
    __syncthreads();
    for (idx k = 0; k < 16; ++k)
      sum += ta[ty][k] * tb[k][tx];
    __syncthreads();
  }
  c[row * ldc + col] = sum;
}

extern "C" __global__ void reduce(idx n, const float *x, float *out) {
  idx i = globalX();
  float v = i < n ? x[i] : 0.0f;
  for (int o = 16; o > 0; o /= 2)
    v += SHFL_XOR(v, o);
  if (threadIdx.x % 32 == 0)
    atomicAdd(out, v);
}

extern "C" __global__ void stencil(idx n, const float *in, idx ldin,
                                   float *out, idx ldout) {
  idx j = globalX(), i = globalY();
  if (i >= 1 && i < n - 1 && j >= 1 && j < n - 1)
    out[i * ldout + j] = (in[(i - 1) * ldin + j] + in[(i + 1) * ldin + j]) +
                         (in[i * ldin + j - 1] + in[i * ldin + j + 1]) +
                         -4.0f * in[i * ldin + j];
}

extern "C" __global__ void dot(idx n, const float *x, const float *y,
                               float *out) {
  float sum = 0;
  for (idx k = globalX(); k < n; k += (idx)blockDim.x * gridDim.x)
    sum += x[k] * y[k];
  atomicAdd(out, sum);
}

extern "C" __global__ void transpose(idx n, const float *in, idx ldin,
                                     float *out, idx ldout) {
  __shared__ float tile[32][33];
  idx tx = threadIdx.x, ty = threadIdx.y;
  idx x0 = (idx)blockIdx.x * 32, y0 = (idx)blockIdx.y * 32;
  tile[ty][tx] = in[(y0 + ty) * ldin + x0 + tx];
  __syncthreads();
  out[(x0 + ty) * ldout + y0 + tx] = tile[tx][ty];
}

extern "C" __global__ void histogram(idx n, const int *data, int *bins) {
  idx i = globalX();
  if (i < n)
    atomicAdd(&bins[data[i] & 255], 1);
}

extern "C" __global__ void math(idx n, const float *x, float *y) {
  idx i = globalX();
  if (i < n)
    y[i] = expf(x[i]) * sinf(x[i]);
}

extern "C" __global__ void rowmax(idx n, const float *x, idx ldx, float *out) {
  __shared__ float s[256];
  idx row = blockIdx.x, t = threadIdx.x;
  float m = -INFINITY;
  for (idx j = t; j < n; j += 256)
    m = fmaxf(m, expf(x[row * ldx + j]));
  s[t] = m;
  __syncthreads();
  for (idx st = 128; st > 0; st /= 2) {
    if (t < st)
      s[t] = fmaxf(s[t], s[t + st]);
    __syncthreads();
  }
  if (t == 0)
    out[row] = s[0];
}

extern "C" __global__ void gemv(idx m, idx n, const float *a, idx lda,
                                const float *x, float *y) {
  idx i = globalX();
  if (i < m) {
    float s = 0;
    for (idx k = 0; k < n; ++k)
      s += a[i * lda + k] * x[k];
    y[i] = s;
  }
}

extern "C" __global__ void i8dot(idx n, const int8_t *a, const int8_t *b,
                                 int *out) {
  idx i = globalX();
  if (i < n) {
    int s = 0;
    for (idx k = 0; k < 4; ++k)
      s += (int)a[i * 4 + k] * (int)b[i * 4 + k];
    out[i] = s;
  }
}

extern "C" __global__ void tile2(idx n, const float *a, idx lda, const float *b,
                                 idx ldb, float *c, idx ldc) {
  idx j = globalX() * 2, i = globalY() * 2;
  float s00 = 0, s01 = 0, s10 = 0, s11 = 0;
  for (idx k = 0; k < n; ++k) {
    float a0 = a[i * lda + k], a1 = a[(i + 1) * lda + k];
    float b0 = b[k * ldb + j], b1 = b[k * ldb + j + 1];
    s00 += a0 * b0;
    s01 += a0 * b1;
    s10 += a1 * b0;
    s11 += a1 * b1;
  }
  c[i * ldc + j] = s00;
  c[i * ldc + j + 1] = s01;
  c[(i + 1) * ldc + j] = s10;
  c[(i + 1) * ldc + j + 1] = s11;
}
