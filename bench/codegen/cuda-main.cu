// The timed run of the code-quality suite in CUDA: kernels.cu's kernels on
// the inputs, launches and timing of host-main.mlir (device memory, best of
// five runs of each launch, each ended by a synchronization), printing
// "<kernel> <best seconds>" as it does. scripts/gpu-check.sh builds it
// with nvcc beside mlirc's build of host-main.mlir and compares the two.
#include "kernels.cu"

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

static double now() {
  return std::chrono::duration<double>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

static void check(cudaError_t error, const char *what) {
  if (error != cudaSuccess) {
    std::fprintf(stderr, "cuda-main: %s: %s\n", what,
                 cudaGetErrorString(error));
    std::exit(1);
  }
}

template <typename T> static T *device(const std::vector<T> &host) {
  T *d;
  check(cudaMalloc(&d, host.size() * sizeof(T)), "cudaMalloc");
  check(cudaMemcpy(d, host.data(), host.size() * sizeof(T),
                   cudaMemcpyHostToDevice),
        "cudaMemcpy");
  return d;
}

static std::vector<float> filled(idx n) {
  std::vector<float> m(n);
  for (idx i = 0; i < n; ++i)
    m[i] = (float)(i % 7) * 0.125f;
  return m;
}

int main() {
  const idx n1 = 16777216, nm = 512, n2 = 2048;
  const idx blocks1 = n1 / 256;
  std::vector<int> hdata(n1);
  for (idx i = 0; i < n1; ++i)
    hdata[i] = (int)((unsigned)i * 2654435761u);
  float *x = device(filled(n1)), *y = device(filled(n1));
  int *data = device(hdata);
  std::vector<int8_t> hbytes(n1);
  for (idx i = 0; i < n1; ++i)
    hbytes[i] = (int8_t)(i * 7 + 3);
  int8_t *bytes = device(hbytes);
  int *dots;
  check(cudaMalloc(&dots, n1 / 4 * sizeof(int)), "cudaMalloc");
  float *out, *b2, *cm;
  int *bins;
  check(cudaMalloc(&out, sizeof(float)), "cudaMalloc");
  check(cudaMalloc(&bins, 256 * sizeof(int)), "cudaMalloc");
  check(cudaMemset(bins, 0, 256 * sizeof(int)), "cudaMemset");
  float *a2 = device(filled(n2 * n2));
  check(cudaMalloc(&b2, n2 * n2 * sizeof(float)), "cudaMalloc");
  float *am = device(filled(nm * nm)), *bm = device(filled(nm * nm));
  check(cudaMalloc(&cm, nm * nm * sizeof(float)), "cudaMalloc");

  // 0 saxpy, 1 matmul, 2 reduce, 3 stencil, 4 dot, 5 transpose,
  // 6 histogram, 7 math, 8 rowmax, 9 gemv, 10 i8dot
  for (int kernel = 0; kernel < 11; ++kernel) {
    double best = 1e30;
    for (int r = 0; r < 5; ++r) {
      double t0 = now();
      switch (kernel) {
      case 0:
        saxpy<<<blocks1, 256>>>(n1, 2.0f, x, y);
        break;
      case 1:
        matmul<<<dim3(nm / 16, nm / 16), dim3(16, 16)>>>(nm, am, nm, bm, nm,
                                                         cm, nm);
        break;
      case 2:
        cudaMemset(out, 0, sizeof(float));
        reduce<<<blocks1, 256>>>(n1, x, out);
        break;
      case 3:
        stencil<<<dim3(n2 / 32, n2 / 8), dim3(32, 8)>>>(n2, a2, n2, b2, n2);
        break;
      case 4:
        cudaMemset(out, 0, sizeof(float));
        dot<<<1024, 256>>>(n1, x, y, out);
        break;
      case 5:
        transpose<<<dim3(n2 / 32, n2 / 32), dim3(32, 32)>>>(n2, a2, n2, b2,
                                                            n2);
        break;
      case 6:
        histogram<<<blocks1, 256>>>(n1, data, bins);
        break;
      case 7:
        math<<<blocks1, 256>>>(n1, x, y);
        break;
      case 8:
        rowmax<<<n2, 256>>>(n2, a2, n2, y);
        break;
      case 9:
        gemv<<<n2 / 256, 256>>>(n2, n2, a2, n2, x, y);
        break;
      default:
        i8dot<<<blocks1 / 4, 256>>>(n1 / 4, bytes, bytes, dots);
        break;
      }
      check(cudaDeviceSynchronize(), "a kernel");
      double t = now() - t0;
      if (t < best)
        best = t;
    }
    std::printf("%d\n%g\n", kernel, best);
  }
  return 0;
}
