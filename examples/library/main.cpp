// Scales 0, 1, ..., 7 by 3 and blurs the result with the kernels of the
// library (scale.mlir, blur.mlir), then prints it.
#include "kernels.h"

#include <cstdio>
#include <vector>

int main() {
  const int64_t n = 8;
  std::vector<float> x(n), y(n);
  for (int64_t i = 0; i < n; ++i)
    x[i] = float(i);
  MemRef1D xs = {x.data(), x.data(), 0, n, 1};
  MemRef1D ys = {y.data(), y.data(), 0, n, 1};
  _mlir_ciface_scale(3.0f, &xs);
  _mlir_ciface_blur(&xs, &ys);
  for (int64_t i = 0; i < n; ++i)
    std::printf("%g%s", y[i], i + 1 < n ? " " : "\n");
  return 0;
}
