//===- MemRefSpan.h - The host memory a memref descriptor covers -*- C++ -*-===//
//
// mgpuMemHostRegisterMemRef pins the memory of a strided memref; the GPU
// backends share how its extent is computed.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_MEMREFSPAN_H
#define MLIRC_RUNTIME_MEMREFSPAN_H

#include <cstddef>
#include <cstdint>

namespace mlirc::runtime {

/// The part of a strided memref descriptor mgpuMemHostRegisterMemRef reads.
struct MemRefDescriptor {
  char *allocated;
  char *aligned;
  int64_t offset;
  int64_t sizesAndStrides[]; // sizes[rank], then strides[rank]
};

/// The bytes a memref of \p rank spans from its first element.
/// A rank-1 memref descriptor returned by value, as MLIR's calling
/// convention returns memref<?xT> from a function without the C interface.
struct MemRef1d {
  void *allocated;
  void *aligned;
  int64_t offset;
  int64_t size;
  int64_t stride;
};

inline size_t getMemRefSpan(int64_t rank, const MemRefDescriptor *desc,
                            int64_t elementSize) {
  const int64_t *sizes = desc->sizesAndStrides;
  const int64_t *strides = desc->sizesAndStrides + rank;
  int64_t last = 0;
  for (int64_t i = 0; i < rank; ++i) {
    if (sizes[i] == 0)
      return 0;
    last += (sizes[i] - 1) * strides[i];
  }
  return static_cast<size_t>(last + 1) * elementSize;
}

/// The first byte of \p desc's memref.
inline char *getMemRefStart(const MemRefDescriptor *desc,
                            int64_t elementSize) {
  return desc->aligned + desc->offset * elementSize;
}

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_MEMREFSPAN_H
