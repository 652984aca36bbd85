//===- SparseTensorIO.cpp - Sparse tensors read from and written to files -===//
//
// What the code MLIR's sparsifier generates calls for sparse_tensor.new
// from a file (Matrix Market or extended FROSTT) and sparse_tensor.out,
// and the runner utility getTensorFilename that names the files through
// TENSOR0, TENSOR1, ... in the environment: the declarations of MLIR's
// SparseTensorRuntime.h, defined here with MLIR's SparseTensorReader
// (its header and LLVM's static libMLIRSparseTensorRuntime.a, which need
// only the C++ library). mlirc generates sparse code without MLIR's
// runtime library otherwise, so nothing else of it is needed.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/SparseTensor/File.h"
#include "mlir/ExecutionEngine/SparseTensorRuntime.h"
#include "runtime/RuntimeError.h"
#include "runtime/SparseTensorBuffers.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

using namespace mlir::sparse_tensor;
using mlirc::runtime::fail;
using mlirc::runtime::getSparseBufferData;

namespace {

/// A sparse tensor written in the extended FROSTT format: a header with the
/// rank, the number of entries and the sizes, then one entry a line, its
/// coordinates counted from 1.
struct SparseTensorWriter {
  FILE *file;
};

/// The value of bf16 or f16 bits (MLIR's f16 and bf16 convert only in
/// libmlir_float16_utils, which needs LLVM).
double toDouble(bf16 value) {
  uint32_t bits = static_cast<uint32_t>(value.bits) << 16;
  float result;
  std::memcpy(&result, &bits, sizeof(result));
  return result;
}

double toDouble(f16 value) {
  int exponent = (value.bits >> 10) & 0x1f;
  int mantissa = value.bits & 0x3ff;
  double magnitude = exponent == 0 ? std::ldexp(mantissa, -24)
                     : exponent == 31
                         ? (mantissa ? NAN : INFINITY)
                         : std::ldexp(mantissa | 0x400, exponent - 25);
  return (value.bits & 0x8000) ? -magnitude : magnitude;
}

template <typename V> void printValue(FILE *file, V value) {
  if constexpr (std::is_floating_point_v<V>)
    std::fprintf(file, "%.17g", static_cast<double>(value));
  else if constexpr (std::is_same_v<V, f16> || std::is_same_v<V, bf16>)
    std::fprintf(file, "%.17g", toDouble(value));
  else if constexpr (std::is_same_v<V, complex64> ||
                     std::is_same_v<V, complex32>)
    std::fprintf(file, "%.17g %.17g", static_cast<double>(value.real()),
                 static_cast<double>(value.imag()));
  else
    std::fprintf(file, "%" PRId64, static_cast<int64_t>(value));
}

} // namespace

extern "C" {

char *getTensorFilename(index_type id) {
  char variable[32];
  std::snprintf(variable, sizeof(variable), "TENSOR%" PRIu64,
                static_cast<uint64_t>(id));
  char *name = std::getenv(variable);
  if (!name)
    fail("the program reads a sparse tensor from the file named by %s, "
         "which is not set",
         variable);
  return name;
}

void *_mlir_ciface_createCheckedSparseTensorReader(
    char *filename, StridedMemRefType<index_type, 1> *dimShapeRef,
    PrimaryType valTp) {
  return SparseTensorReader::create(filename, dimShapeRef->sizes[0],
                                    getSparseBufferData(dimShapeRef), valTp);
}

void _mlir_ciface_getSparseTensorReaderDimSizes(
    StridedMemRefType<index_type, 1> *out, void *p) {
  auto *reader = static_cast<SparseTensorReader *>(p);
  // The sizes live in the reader, which outlives the memref.
  auto *sizes = const_cast<index_type *>(reader->getDimSizes());
  out->basePtr = out->data = sizes;
  out->offset = 0;
  out->sizes[0] = reader->getRank();
  out->strides[0] = 1;
}

#define MLIRC_READ_TO_BUFFERS(VNAME, V, CNAME, C)                              \
  bool _mlir_ciface_getSparseTensorReaderReadToBuffers##CNAME##VNAME(          \
      void *p, StridedMemRefType<index_type, 1> *dim2lvlRef,                   \
      StridedMemRefType<index_type, 1> *lvl2dimRef,                            \
      StridedMemRefType<C, 1> *cref, StridedMemRefType<V, 1> *vref) {          \
    auto *reader = static_cast<SparseTensorReader *>(p);                       \
    /* dim2lvl holds one expression per level, lvl2dim one per dimension:  */ \
    /* a block-sparse tensor has more levels than dimensions.              */ \
    return reader->readToBuffers<C, V>(                                        \
        dim2lvlRef->sizes[0], getSparseBufferData(dim2lvlRef),                 \
        getSparseBufferData(lvl2dimRef), getSparseBufferData(cref),            \
        getSparseBufferData(vref));                                            \
  }
MLIR_SPARSETENSOR_FOREVERY_V_O(MLIRC_READ_TO_BUFFERS)
#undef MLIRC_READ_TO_BUFFERS

index_type getSparseTensorReaderNSE(void *p) {
  return static_cast<SparseTensorReader *>(p)->getNSE();
}

void delSparseTensorReader(void *p) {
  delete static_cast<SparseTensorReader *>(p);
}

void *createSparseTensorWriter(char *filename) {
  FILE *file = stdout;
  if (filename && *filename) {
    file = std::fopen(filename, "w");
    if (!file)
      fail("cannot open '%s' to write a sparse tensor", filename);
  }
  std::fprintf(file, "# extended FROSTT format\n");
  return new SparseTensorWriter{file};
}

void _mlir_ciface_outSparseTensorWriterMetaData(
    void *p, index_type dimRank, index_type nse,
    StridedMemRefType<index_type, 1> *dimSizesRef) {
  FILE *file = static_cast<SparseTensorWriter *>(p)->file;
  std::fprintf(file, "%" PRIu64 " %" PRIu64 "\n",
               static_cast<uint64_t>(dimRank), static_cast<uint64_t>(nse));
  index_type *sizes = getSparseBufferData(dimSizesRef);
  for (index_type d = 0; d < dimRank; ++d)
    std::fprintf(file, d ? " %" PRIu64 : "%" PRIu64,
                 static_cast<uint64_t>(sizes[d]));
  std::fprintf(file, "\n");
}

#define MLIRC_OUT_NEXT(VNAME, V)                                               \
  void _mlir_ciface_outSparseTensorWriterNext##VNAME(                          \
      void *p, index_type dimRank,                                             \
      StridedMemRefType<index_type, 1> *dimCoordsRef,                          \
      StridedMemRefType<V, 0> *vref) {                                         \
    FILE *file = static_cast<SparseTensorWriter *>(p)->file;                   \
    index_type *coords = getSparseBufferData(dimCoordsRef);                    \
    for (index_type d = 0; d < dimRank; ++d)                                   \
      std::fprintf(file, "%" PRIu64 " ",                                       \
                   static_cast<uint64_t>(coords[d] + 1));                      \
    printValue(file, vref->data[vref->offset]);                                \
    std::fprintf(file, "\n");                                                  \
  }
MLIR_SPARSETENSOR_FOREVERY_V(MLIRC_OUT_NEXT)
#undef MLIRC_OUT_NEXT

void delSparseTensorWriter(void *p) {
  auto *writer = static_cast<SparseTensorWriter *>(p);
  if (writer->file == stdout)
    std::fflush(stdout);
  else
    std::fclose(writer->file);
  delete writer;
}

} // extern "C"
