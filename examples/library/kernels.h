// The C interface of scale.mlir and blur.mlir (llvm.emit_c_interface):
// each memref<?xf32> argument is a pointer to MLIR's descriptor.
#ifndef KERNELS_H
#define KERNELS_H

#include <stdint.h>

struct MemRef1D {
  float *allocated;
  float *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

extern "C" void _mlir_ciface_scale(float a, MemRef1D *x);
extern "C" void _mlir_ciface_blur(MemRef1D *x, MemRef1D *y);

#endif // KERNELS_H
