// saxpy in HIP, the reference bench/compile-amd.sh builds with hipcc and
// clang to compare compile times with mlirc's build of saxpy.mlir.
// ROCm 5.2's headers read __AMDGCN_WAVEFRONT_SIZE, which clang 22 no longer
// defines: give it the value older clangs did.
#ifndef __AMDGCN_WAVEFRONT_SIZE
#if defined(__GFX10__) || defined(__GFX11__) || defined(__GFX12__)
#define __AMDGCN_WAVEFRONT_SIZE 32
#else
#define __AMDGCN_WAVEFRONT_SIZE 64
#endif
#endif
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void saxpy(float a, const float *x, float *y, size_t n) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

__global__ void init(float *x, float *y) {
  size_t i = blockIdx.x * blockDim.x + threadIdx.x;
  x[i] = i;
  y[i] = 1;
}

int main() {
  const size_t n = 1 << 24;
  float *x, *y;
  if (hipMalloc(&x, n * sizeof(float)) != hipSuccess ||
      hipMalloc(&y, n * sizeof(float)) != hipSuccess) {
    std::fprintf(stderr, "no AMD GPU\n");
    return 1;
  }
  hipLaunchKernelGGL(init, dim3(n / 256), dim3(256), 0, 0, x, y);
  hipLaunchKernelGGL(saxpy, dim3(n / 256), dim3(256), 0, 0, 2.0f, x, y, n);
  float y1;
  if (hipMemcpy(&y1, y + 1, sizeof(float), hipMemcpyDeviceToHost) !=
      hipSuccess)
    return 1;
  std::printf("%g\n", y1);
  return 0;
}
