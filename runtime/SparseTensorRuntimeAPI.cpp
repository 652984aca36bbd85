//===- SparseTensorRuntimeAPI.cpp - MLIR's sparse runtime library API -----===//
//
// mlirc's own sparsification generates the sparse storage code in the
// program. A program MLIR's sparsifier lowered elsewhere with its default
// enable-runtime-library=true instead calls MLIR's sparse runtime library:
// newSparseTensor, sparseValues*, sparsePositions*, sparseCoordinates*,
// lexInsert*, expInsert*, endLexInsert, ... (SparseTensorRuntime.h). They
// are defined here over MLIR's SparseTensorStorage templates (its headers
// and LLVM's static libMLIRSparseTensorRuntime.a, which need only the C++
// library), so that such LLVM dialect programs link and run as with
// mlir-runner.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/SparseTensor/File.h"
#include "mlir/ExecutionEngine/SparseTensor/Storage.h"
#include "mlir/ExecutionEngine/SparseTensorRuntime.h"
#include "runtime/RuntimeError.h"
#include "runtime/SparseTensorBuffers.h"

#include <cstdint>

using namespace mlir::sparse_tensor;
using mlirc::runtime::fail;
using mlirc::runtime::getSparseBufferData;

namespace {

/// Points \p out at the whole of \p vector (no copy, as MLIR's runtime
/// does: the storage keeps the memory).
template <typename T>
void viewVector(StridedMemRefType<T, 1> *out, std::vector<T> *vector) {
  out->basePtr = out->data = vector->data();
  out->offset = 0;
  out->sizes[0] = static_cast<int64_t>(vector->size());
  out->strides[0] = 1;
}

/// The arguments newSparseTensor passes on to a storage factory.
struct Shape {
  uint64_t dimRank, lvlRank;
  const uint64_t *dimSizes, *lvlSizes, *dim2lvl, *lvl2dim;
  const LevelType *lvlTypes;
};

template <typename P, typename C, typename V>
void *newStorage(const Shape &shape, Action action, void *ptr) {
  switch (action) {
  case Action::kEmpty:
    return SparseTensorStorage<P, C, V>::newEmpty(
        shape.dimRank, shape.dimSizes, shape.lvlRank, shape.lvlSizes,
        shape.lvlTypes, shape.dim2lvl, shape.lvl2dim);
  case Action::kFromReader:
    return static_cast<SparseTensorReader *>(ptr)
        ->template readSparseTensor<P, C, V>(shape.lvlRank, shape.lvlSizes,
                                             shape.lvlTypes, shape.dim2lvl,
                                             shape.lvl2dim);
  case Action::kPack:
    return SparseTensorStorage<P, C, V>::newFromBuffers(
        shape.dimRank, shape.dimSizes, shape.lvlRank, shape.lvlSizes,
        shape.lvlTypes, shape.dim2lvl, shape.lvl2dim, shape.dimRank,
        static_cast<const intptr_t *>(ptr));
  case Action::kSortCOOInPlace:
    static_cast<SparseTensorStorage<P, C, V> *>(ptr)->sortInPlace();
    return ptr;
  }
  fail("newSparseTensor: unknown action %u", static_cast<unsigned>(action));
}

template <typename P, typename C>
void *newStorageOf(const Shape &shape, PrimaryType valTp, Action action,
                   void *ptr) {
  switch (valTp) {
#define CASE(VNAME, V)                                                         \
  case PrimaryType::k##VNAME:                                                  \
    return newStorage<P, C, V>(shape, action, ptr);
    MLIR_SPARSETENSOR_FOREVERY_V(CASE)
#undef CASE
  }
  fail("newSparseTensor: unknown value type %u", static_cast<unsigned>(valTp));
}

/// Index and u64 overheads are both uint64_t.
template <typename P>
void *newStorageWithPositions(const Shape &shape, OverheadType crdTp,
                              PrimaryType valTp, Action action, void *ptr) {
  switch (crdTp) {
  case OverheadType::kIndex:
  case OverheadType::kU64:
    return newStorageOf<P, uint64_t>(shape, valTp, action, ptr);
  case OverheadType::kU32:
    return newStorageOf<P, uint32_t>(shape, valTp, action, ptr);
  case OverheadType::kU16:
    return newStorageOf<P, uint16_t>(shape, valTp, action, ptr);
  case OverheadType::kU8:
    return newStorageOf<P, uint8_t>(shape, valTp, action, ptr);
  }
  fail("newSparseTensor: unknown coordinate type %u",
       static_cast<unsigned>(crdTp));
}

SparseTensorStorageBase *asStorage(void *tensor) {
  return static_cast<SparseTensorStorageBase *>(tensor);
}

} // namespace

extern "C" {

void *
_mlir_ciface_newSparseTensor(StridedMemRefType<index_type, 1> *dimSizesRef,
                             StridedMemRefType<index_type, 1> *lvlSizesRef,
                             StridedMemRefType<LevelType, 1> *lvlTypesRef,
                             StridedMemRefType<index_type, 1> *dim2lvlRef,
                             StridedMemRefType<index_type, 1> *lvl2dimRef,
                             OverheadType posTp, OverheadType crdTp,
                             PrimaryType valTp, Action action, void *ptr) {
  Shape shape{static_cast<uint64_t>(dimSizesRef->sizes[0]),
              static_cast<uint64_t>(lvlSizesRef->sizes[0]),
              getSparseBufferData(dimSizesRef),
              getSparseBufferData(lvlSizesRef),
              getSparseBufferData(dim2lvlRef),
              getSparseBufferData(lvl2dimRef),
              getSparseBufferData(lvlTypesRef)};
  switch (posTp) {
  case OverheadType::kIndex:
  case OverheadType::kU64:
    return newStorageWithPositions<uint64_t>(shape, crdTp, valTp, action, ptr);
  case OverheadType::kU32:
    return newStorageWithPositions<uint32_t>(shape, crdTp, valTp, action, ptr);
  case OverheadType::kU16:
    return newStorageWithPositions<uint16_t>(shape, crdTp, valTp, action, ptr);
  case OverheadType::kU8:
    return newStorageWithPositions<uint8_t>(shape, crdTp, valTp, action, ptr);
  }
  fail("newSparseTensor: unknown position type %u",
       static_cast<unsigned>(posTp));
}

#define VALUES(VNAME, V)                                                       \
  void _mlir_ciface_sparseValues##VNAME(StridedMemRefType<V, 1> *out,          \
                                        void *tensor) {                        \
    std::vector<V> *values;                                                    \
    asStorage(tensor)->getValues(&values);                                     \
    viewVector(out, values);                                                   \
  }                                                                            \
  void _mlir_ciface_lexInsert##VNAME(void *tensor,                             \
                                     StridedMemRefType<index_type, 1> *coords, \
                                     StridedMemRefType<V, 0> *value) {         \
    asStorage(tensor)->lexInsert(getSparseBufferData(coords),                  \
                                 value->data[value->offset]);                  \
  }                                                                            \
  void _mlir_ciface_expInsert##VNAME(                                          \
      void *tensor, StridedMemRefType<index_type, 1> *coords,                  \
      StridedMemRefType<V, 1> *values, StridedMemRefType<bool, 1> *filled,     \
      StridedMemRefType<index_type, 1> *added, index_type count) {             \
    asStorage(tensor)->expInsert(                                              \
        getSparseBufferData(coords), getSparseBufferData(values),              \
        getSparseBufferData(filled), getSparseBufferData(added), count,        \
        static_cast<uint64_t>(values->sizes[0]));                              \
  }
MLIR_SPARSETENSOR_FOREVERY_V(VALUES)
#undef VALUES

#define OVERHEAD(NAME, T)                                                      \
  void _mlir_ciface_sparsePositions##NAME(StridedMemRefType<T, 1> *out,        \
                                          void *tensor, index_type lvl) {      \
    std::vector<T> *positions;                                                 \
    asStorage(tensor)->getPositions(&positions, lvl);                          \
    viewVector(out, positions);                                                \
  }                                                                            \
  void _mlir_ciface_sparseCoordinates##NAME(StridedMemRefType<T, 1> *out,      \
                                            void *tensor, index_type lvl) {    \
    std::vector<T> *coordinates;                                               \
    asStorage(tensor)->getCoordinates(&coordinates, lvl);                      \
    viewVector(out, coordinates);                                              \
  }                                                                            \
  void _mlir_ciface_sparseCoordinatesBuffer##NAME(                             \
      StridedMemRefType<T, 1> *out, void *tensor, index_type lvl) {            \
    std::vector<T> *coordinates;                                               \
    asStorage(tensor)->getCoordinatesBuffer(&coordinates, lvl);                \
    viewVector(out, coordinates);                                              \
  }
MLIR_SPARSETENSOR_FOREVERY_O(OVERHEAD)
#undef OVERHEAD

index_type sparseLvlSize(void *tensor, index_type l) {
  return asStorage(tensor)->getLvlSize(l);
}

index_type sparseDimSize(void *tensor, index_type d) {
  return asStorage(tensor)->getDimSize(d);
}

void endLexInsert(void *tensor) { asStorage(tensor)->endLexInsert(); }

void delSparseTensor(void *tensor) { delete asStorage(tensor); }

} // extern "C"
