//===- SparseTensorBuffers.h - The sparse runtime API's arrays --*- C++ -*-===//
//
// The rank-1 memrefs the sparse runtime API (SparseTensorIO.cpp,
// SparseTensorRuntimeAPI.cpp) reads as plain arrays.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_RUNTIME_SPARSETENSORBUFFERS_H
#define MLIRC_RUNTIME_SPARSETENSORBUFFERS_H

#include "mlir/ExecutionEngine/CRunnerUtils.h"
#include "runtime/RuntimeError.h"

namespace mlirc::runtime {

/// The elements of a rank-1 memref, checked to be contiguous.
template <typename T> T *getSparseBufferData(StridedMemRefType<T, 1> *ref) {
  if (ref->strides[0] != 1)
    fail("a buffer passed to the sparse tensor runtime must be contiguous");
  return ref->data + ref->offset;
}

} // namespace mlirc::runtime

#endif // MLIRC_RUNTIME_SPARSETENSORBUFFERS_H
