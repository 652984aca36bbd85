// Calls saxpy.mlir's saxpy_on_device from C++ and prints a few results.
#include <cstdint>
#include <cstdio>
#include <vector>

// MLIR's descriptor of a memref<?xf32>.
struct MemRef1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

extern "C" void _mlir_ciface_saxpy_on_device(float a, MemRef1D *x,
                                             MemRef1D *y);

int main() {
  const int64_t n = 1000;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i) {
    x[i] = float(i);
    y[i] = 1.0f;
  }
  MemRef1D xs = {x.data(), x.data(), 0, n, 1};
  MemRef1D ys = {y.data(), y.data(), 0, n, 1};
  _mlir_ciface_saxpy_on_device(2.0f, &xs, &ys);
  std::printf("y[0] = %g, y[1] = %g, y[999] = %g\n", y[0], y[1], y[999]);
  return 0;
}
