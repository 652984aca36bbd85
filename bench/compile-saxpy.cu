// y = a * x + y on 2^20 floats, for compile-time benchmarks (bench/compile.sh):
// the kernel and host code of compile-saxpy.mlir in CUDA C++.
#include <cuda_runtime.h>

__global__ void saxpy(float a, const float *x, float *y, long n) {
  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;
  if (i < n)
    y[i] = a * x[i] + y[i];
}

int main() {
  const long n = 1 << 20;
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  saxpy<<<4096, 256>>>(2.0f, x, y, n);
  cudaFree(x);
  cudaFree(y);
  return cudaDeviceSynchronize() != cudaSuccess;
}
