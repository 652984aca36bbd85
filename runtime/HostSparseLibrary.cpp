//===- HostSparseLibrary.cpp - The gpu dialect's sparse ops on the CPU ----===//
//
// MLIR's gpu-to-llvm turns the gpu dialect's sparse library ops
// (gpu.create_csr, gpu.spmv, gpu.spmm, gpu.sddmm, the gpu.spgemm_* steps,
// gpu.create_2to4_spmat, ...) into calls of the functions below, the ones
// MLIR's CUDA runtime implements with cuSPARSE and cuSPARSELt. The host
// target computes them here, over the same arguments: handles that record
// where the operands are, element types as CUDA's data type numbers, index
// types as cuSPARSE's, and MLIR's scalars (alpha = beta = 1, so every
// product adds to its output). Work that reads or writes operands runs on
// the stream the op names, in order with the launches and copies there.
//
// Sums are formed in double (or complex double) and rounded once into the
// output's element type.
//
//===----------------------------------------------------------------------===//

#include "runtime/HostStreams.h"
#include "runtime/RuntimeError.h"
#include "runtime/RuntimeExport.h"

#include <algorithm>
#include <cmath>
#include <complex>
#include <cstdint>
#include <cstdlib>
#include <map>
#include <memory>
#include <new>
#include <vector>

using mlirc::runtime::fail;

namespace {

using Scalar = std::complex<double>;

/// CUDA's data type numbers, as MLIR passes them.
enum DataType : int32_t {
  R32F = 0,
  R64F = 1,
  R16F = 2,
  R8I = 3,
  C32F = 4,
  C64F = 5,
  C16F = 6,
  R32I = 10,
  R16BF = 14,
  C16BF = 15,
  R16I = 20,
};

/// cuSPARSE's index type numbers.
enum IndexType : int32_t { U16 = 1, I32 = 2, I64 = 3 };

/// cuSPARSE's operations on an operand.
enum Operation : int32_t { NonTranspose = 0, Transpose = 1, ConjTranspose = 2 };

Scalar loadValue(const void *base, int32_t type, int64_t i) {
  switch (type) {
  case R32F:
    return static_cast<const float *>(base)[i];
  case R64F:
    return static_cast<const double *>(base)[i];
  case R16F:
    return static_cast<double>(static_cast<const _Float16 *>(base)[i]);
  case R16BF:
    return static_cast<double>(static_cast<const __bf16 *>(base)[i]);
  case R8I:
    return static_cast<const int8_t *>(base)[i];
  case R16I:
    return static_cast<const int16_t *>(base)[i];
  case R32I:
    return static_cast<const int32_t *>(base)[i];
  case C32F:
    return static_cast<const std::complex<float> *>(base)[i];
  case C64F:
    return static_cast<const std::complex<double> *>(base)[i];
  case C16F: {
    const _Float16 *parts = static_cast<const _Float16 *>(base) + 2 * i;
    return {static_cast<double>(parts[0]), static_cast<double>(parts[1])};
  }
  case C16BF: {
    const __bf16 *parts = static_cast<const __bf16 *>(base) + 2 * i;
    return {static_cast<double>(parts[0]), static_cast<double>(parts[1])};
  }
  }
  fail("the gpu dialect's sparse ops got an element type mlirc's host "
       "target does not compute on (CUDA data type %d)",
       static_cast<int>(type));
}

void storeValue(void *base, int32_t type, int64_t i, Scalar value) {
  double re = value.real(), im = value.imag();
  switch (type) {
  case R32F:
    static_cast<float *>(base)[i] = static_cast<float>(re);
    return;
  case R64F:
    static_cast<double *>(base)[i] = re;
    return;
  case R16F:
    static_cast<_Float16 *>(base)[i] = static_cast<_Float16>(re);
    return;
  case R16BF:
    static_cast<__bf16 *>(base)[i] = static_cast<__bf16>(re);
    return;
  case R8I:
    static_cast<int8_t *>(base)[i] =
        static_cast<int8_t>(static_cast<int64_t>(re));
    return;
  case R16I:
    static_cast<int16_t *>(base)[i] =
        static_cast<int16_t>(static_cast<int64_t>(re));
    return;
  case R32I:
    static_cast<int32_t *>(base)[i] =
        static_cast<int32_t>(static_cast<int64_t>(re));
    return;
  case C32F:
    static_cast<std::complex<float> *>(base)[i] =
        std::complex<float>(static_cast<float>(re), static_cast<float>(im));
    return;
  case C64F:
    static_cast<std::complex<double> *>(base)[i] = value;
    return;
  case C16F: {
    _Float16 *parts = static_cast<_Float16 *>(base) + 2 * i;
    parts[0] = static_cast<_Float16>(re);
    parts[1] = static_cast<_Float16>(im);
    return;
  }
  case C16BF: {
    __bf16 *parts = static_cast<__bf16 *>(base) + 2 * i;
    parts[0] = static_cast<__bf16>(re);
    parts[1] = static_cast<__bf16>(im);
    return;
  }
  }
  fail("the gpu dialect's sparse ops got an element type mlirc's host "
       "target does not compute on (CUDA data type %d)",
       static_cast<int>(type));
}

int64_t loadIndex(const void *base, int32_t type, int64_t i) {
  switch (type) {
  case U16:
    return static_cast<const uint16_t *>(base)[i];
  case I32:
    return static_cast<const int32_t *>(base)[i];
  case I64:
    return static_cast<const int64_t *>(base)[i];
  }
  fail("the gpu dialect's sparse ops got an index type mlirc's host target "
       "does not read (cuSPARSE index type %d)",
       static_cast<int>(type));
}

void storeIndex(void *base, int32_t type, int64_t i, int64_t value) {
  switch (type) {
  case U16:
    static_cast<uint16_t *>(base)[i] = static_cast<uint16_t>(value);
    return;
  case I32:
    static_cast<int32_t *>(base)[i] = static_cast<int32_t>(value);
    return;
  case I64:
    static_cast<int64_t *>(base)[i] = value;
    return;
  }
  fail("the gpu dialect's sparse ops got an index type mlirc's host target "
       "does not write (cuSPARSE index type %d)",
       static_cast<int>(type));
}

/// A dense vector (cols == 1) or row-major matrix.
struct DenseTensor {
  void *values;
  int64_t rows, cols;
  int32_t type;

  /// Element (r, c) of the operand after \p op.
  Scalar at(int32_t op, int64_t r, int64_t c) const {
    if (op == NonTranspose)
      return loadValue(values, type, r * cols + c);
    Scalar value = loadValue(values, type, c * cols + r);
    return op == ConjTranspose ? std::conj(value) : value;
  }
  int64_t opRows(int32_t op) const { return op == NonTranspose ? rows : cols; }
  int64_t opCols(int32_t op) const { return op == NonTranspose ? cols : rows; }
};

/// The result of a sparse product, kept until gpu.spgemm_copy writes it.
struct SparseProduct {
  std::vector<int64_t> positions, coordinates;
  std::vector<Scalar> values;
};

struct SparseMatrix {
  enum class Format { Coo, CooAoS, Csr, Csc, Bsr } format;
  int64_t rows = 0, cols = 0, nnz = 0;
  /// Csr/Csc/Bsr: positions and coordinates; Coo: row and column
  /// coordinates; CooAoS: pairs of coordinates in `coordinates`.
  void *positions = nullptr, *coordinates = nullptr, *values = nullptr;
  int32_t positionType = I64, coordinateType = I64, valueType = R64F;
  /// Bsr: the rows and columns of one block (row-major inside).
  int64_t blockRows = 1, blockCols = 1;

  /// Calls \p fn(row, col, value index) for every stored entry.
  template <typename Fn> void forEach(Fn fn) const {
    switch (format) {
    case Format::Coo:
      for (int64_t k = 0; k < nnz; ++k)
        fn(loadIndex(positions, coordinateType, k),
           loadIndex(coordinates, coordinateType, k), k);
      return;
    case Format::CooAoS:
      for (int64_t k = 0; k < nnz; ++k)
        fn(loadIndex(coordinates, coordinateType, 2 * k),
           loadIndex(coordinates, coordinateType, 2 * k + 1), k);
      return;
    case Format::Csr:
    case Format::Csc: {
      bool rowMajor = format == Format::Csr;
      for (int64_t outer = 0, e = rowMajor ? rows : cols; outer < e; ++outer)
        for (int64_t k = loadIndex(positions, positionType, outer),
                     end = loadIndex(positions, positionType, outer + 1);
             k < end; ++k) {
          int64_t inner = loadIndex(coordinates, coordinateType, k);
          rowMajor ? fn(outer, inner, k) : fn(inner, outer, k);
        }
      return;
    }
    case Format::Bsr:
      for (int64_t br = 0; br < rows / blockRows; ++br)
        for (int64_t kb = loadIndex(positions, positionType, br),
                     end = loadIndex(positions, positionType, br + 1);
             kb < end; ++kb) {
          int64_t bc = loadIndex(coordinates, coordinateType, kb);
          for (int64_t i = 0; i < blockRows; ++i)
            for (int64_t j = 0; j < blockCols; ++j)
              fn(br * blockRows + i, bc * blockCols + j,
                 (kb * blockRows + i) * blockCols + j);
        }
      return;
    }
  }

  /// Calls \p fn(row, col, value) for every entry of the operand after
  /// \p op.
  template <typename Fn> void forEachOf(int32_t op, Fn fn) const {
    forEach([&](int64_t r, int64_t c, int64_t k) {
      Scalar value = loadValue(values, valueType, k);
      if (op == NonTranspose)
        fn(r, c, value);
      else
        fn(c, r, op == ConjTranspose ? std::conj(value) : value);
    });
  }
  int64_t opRows(int32_t op) const { return op == NonTranspose ? rows : cols; }
  int64_t opCols(int32_t op) const { return op == NonTranspose ? cols : rows; }
};

/// gpu.create_2to4_spmat's matrix: dense, 2:4 sparse along its reduction
/// dimension. Built in the storage MLIR's lowering reserves for cuSPARSELt's
/// handle, which is larger.
struct StructuredMatrix {
  DenseTensor dense;
  int32_t opA = NonTranspose, opB = NonTranspose;
};

struct SpGemmDescriptor {
  SparseProduct product;
};

void checkOperation(int32_t op) {
  if (op != NonTranspose && op != Transpose && op != ConjTranspose)
    fail("the gpu dialect's sparse ops got operation %d; cuSPARSE's are 0 "
         "(none), 1 (transpose) and 2 (conjugate transpose)",
         static_cast<int>(op));
}

void *newSparse(SparseMatrix matrix) { return new SparseMatrix(matrix); }

/// Adds \p sums to the dense \p out, element by element.
void addInto(const DenseTensor &out, const std::vector<Scalar> &sums) {
  for (size_t i = 0; i < sums.size(); ++i)
    storeValue(out.values, out.type, static_cast<int64_t>(i),
               loadValue(out.values, out.type, static_cast<int64_t>(i)) +
                   sums[i]);
}

/// Zeroes all but the two largest magnitudes of each group of four along
/// the reduction dimension of op(\p m) (cuSPARSELt's strip pruning).
void pruneTwoOfFour(const DenseTensor &m, int32_t op) {
  int64_t outer = m.opRows(op), inner = m.opCols(op);
  auto index = [&](int64_t r, int64_t c) {
    return op == NonTranspose ? r * m.cols + c : c * m.cols + r;
  };
  for (int64_t r = 0; r < outer; ++r)
    for (int64_t c0 = 0; c0 < inner; c0 += 4) {
      int64_t width = std::min<int64_t>(4, inner - c0);
      // Largest magnitude first; of equal ones, the earlier.
      int64_t order[4] = {0, 1, 2, 3};
      double magnitude[4];
      for (int64_t i = 0; i < width; ++i)
        magnitude[i] = std::abs(loadValue(m.values, m.type, index(r, c0 + i)));
      for (int64_t i = 1; i < width; ++i)
        for (int64_t j = i;
             j > 0 && magnitude[order[j]] > magnitude[order[j - 1]]; --j)
          std::swap(order[j], order[j - 1]);
      for (int64_t i = 2; i < width; ++i)
        storeValue(m.values, m.type, index(r, c0 + order[i]), 0.0);
    }
}

} // namespace

extern "C" {

void *MLIRC_EXPORT(mgpuCreateDnVec)(intptr_t size, void *values, int32_t type,
                                    void *) {
  return new DenseTensor{values, size, 1, type};
}

void MLIRC_EXPORT(mgpuDestroyDnVec)(void *vector, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(
      stream, [vector] { delete static_cast<DenseTensor *>(vector); });
}

void *MLIRC_EXPORT(mgpuCreateDnMat)(intptr_t rows, intptr_t cols, void *values,
                                    int32_t type, void *) {
  return new DenseTensor{values, rows, cols, type};
}

void MLIRC_EXPORT(mgpuDestroyDnMat)(void *matrix, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(
      stream, [matrix] { delete static_cast<DenseTensor *>(matrix); });
}

void *MLIRC_EXPORT(mgpuCreateCoo)(intptr_t rows, intptr_t cols, intptr_t nnz,
                                  void *rowIdxs, void *colIdxs, void *values,
                                  int32_t indexType, int32_t type, void *) {
  return newSparse({SparseMatrix::Format::Coo, rows, cols, nnz, rowIdxs,
                    colIdxs, values, indexType, indexType, type});
}

void *MLIRC_EXPORT(mgpuCreateCooAoS)(intptr_t rows, intptr_t cols, intptr_t nnz,
                                     void *idxs, void *values,
                                     int32_t indexType, int32_t type, void *) {
  return newSparse({SparseMatrix::Format::CooAoS, rows, cols, nnz, nullptr,
                    idxs, values, indexType, indexType, type});
}

void *MLIRC_EXPORT(mgpuCreateCsr)(intptr_t rows, intptr_t cols, intptr_t nnz,
                                  void *rowPos, void *colIdxs, void *values,
                                  int32_t positionType, int32_t indexType,
                                  int32_t type, void *) {
  return newSparse({SparseMatrix::Format::Csr, rows, cols, nnz, rowPos, colIdxs,
                    values, positionType, indexType, type});
}

void *MLIRC_EXPORT(mgpuCreateCsc)(intptr_t rows, intptr_t cols, intptr_t nnz,
                                  void *colPos, void *rowIdxs, void *values,
                                  int32_t positionType, int32_t indexType,
                                  int32_t type, void *) {
  return newSparse({SparseMatrix::Format::Csc, rows, cols, nnz, colPos, rowIdxs,
                    values, positionType, indexType, type});
}

void *MLIRC_EXPORT(mgpuCreateBsr)(intptr_t blockRows, intptr_t blockCols,
                                  intptr_t blockNnz, intptr_t rowsPerBlock,
                                  intptr_t colsPerBlock, void *rowPos,
                                  void *colIdxs, void *values,
                                  int32_t positionType, int32_t indexType,
                                  int32_t type, void *) {
  SparseMatrix matrix{SparseMatrix::Format::Bsr,
                      blockRows * rowsPerBlock,
                      blockCols * colsPerBlock,
                      blockNnz,
                      rowPos,
                      colIdxs,
                      values,
                      positionType,
                      indexType,
                      type};
  matrix.blockRows = rowsPerBlock;
  matrix.blockCols = colsPerBlock;
  return newSparse(matrix);
}

void MLIRC_EXPORT(mgpuDestroySpMat)(void *matrix, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(
      stream, [matrix] { delete static_cast<SparseMatrix *>(matrix); });
}

/// The CPU needs no scratch buffers.
intptr_t MLIRC_EXPORT(mgpuSpMVBufferSize)(int32_t, void *, void *, void *,
                                          int32_t, void *) {
  return 0;
}

/// y += op(A) x
void MLIRC_EXPORT(mgpuSpMV)(int32_t opA, void *a, void *x, void *y, int32_t,
                            void *, void *stream) {
  checkOperation(opA);
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const auto &matrix = *static_cast<SparseMatrix *>(a);
    const auto &in = *static_cast<DenseTensor *>(x);
    const auto &out = *static_cast<DenseTensor *>(y);
    std::vector<Scalar> sums(matrix.opRows(opA));
    matrix.forEachOf(opA, [&](int64_t r, int64_t c, Scalar value) {
      sums[r] += value * loadValue(in.values, in.type, c);
    });
    addInto(out, sums);
  });
}

intptr_t MLIRC_EXPORT(mgpuSpMMBufferSize)(int32_t, int32_t, void *, void *,
                                          void *, int32_t, void *) {
  return 0;
}

/// C += op(A) op(B), A sparse.
void MLIRC_EXPORT(mgpuSpMM)(int32_t opA, int32_t opB, void *a, void *b, void *c,
                            int32_t, void *, void *stream) {
  checkOperation(opA);
  checkOperation(opB);
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const auto &lhs = *static_cast<SparseMatrix *>(a);
    const auto &rhs = *static_cast<DenseTensor *>(b);
    const auto &out = *static_cast<DenseTensor *>(c);
    std::vector<Scalar> sums(out.rows * out.cols);
    lhs.forEachOf(opA, [&](int64_t r, int64_t k, Scalar value) {
      for (int64_t n = 0; n < out.cols; ++n)
        sums[r * out.cols + n] += value * rhs.at(opB, k, n);
    });
    addInto(out, sums);
  });
}

intptr_t MLIRC_EXPORT(mgpuSDDMMBufferSize)(int32_t, int32_t, void *, void *,
                                           void *, int32_t, void *) {
  return 0;
}

/// C += (op(A) op(B)) at the entries C stores, A and B dense.
void MLIRC_EXPORT(mgpuSDDMM)(int32_t opA, int32_t opB, void *a, void *b,
                             void *c, int32_t, void *, void *stream) {
  checkOperation(opA);
  checkOperation(opB);
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const auto &lhs = *static_cast<DenseTensor *>(a);
    const auto &rhs = *static_cast<DenseTensor *>(b);
    const auto &out = *static_cast<SparseMatrix *>(c);
    int64_t depth = lhs.opCols(opA);
    out.forEach([&](int64_t r, int64_t col, int64_t k) {
      Scalar sum = 0.0;
      for (int64_t l = 0; l < depth; ++l)
        sum += lhs.at(opA, r, l) * rhs.at(opB, l, col);
      storeValue(out.values, out.valueType, k,
                 loadValue(out.values, out.valueType, k) + sum);
    });
  });
}

void *MLIRC_EXPORT(mgpuSpGEMMCreateDescr)(void *) {
  return new SpGemmDescriptor();
}

void MLIRC_EXPORT(mgpuSpGEMMDestroyDescr)(void *descriptor, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [descriptor] {
    delete static_cast<SpGemmDescriptor *>(descriptor);
  });
}

intptr_t MLIRC_EXPORT(mgpuSpGEMMWorkEstimation)(void *, int32_t opA,
                                                int32_t opB, void *, void *,
                                                void *, int32_t, intptr_t,
                                                void *, void *) {
  checkOperation(opA);
  checkOperation(opB);
  return 0;
}

/// C = op(A) op(B) (+ C, which has no entries yet), held in the descriptor
/// until gpu.spgemm_copy; C's size says how many entries it has.
intptr_t MLIRC_EXPORT(mgpuSpGEMMCompute)(void *descriptor, int32_t opA,
                                         int32_t opB, void *a, void *b, void *c,
                                         int32_t, intptr_t, void *,
                                         void *stream) {
  checkOperation(opA);
  checkOperation(opB);
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const auto &lhs = *static_cast<SparseMatrix *>(a);
    const auto &rhs = *static_cast<SparseMatrix *>(b);
    auto &out = *static_cast<SparseMatrix *>(c);
    // The rows of op(B), then each row of the product in column order.
    std::vector<std::vector<std::pair<int64_t, Scalar>>> rhsRows(
        rhs.opRows(opB));
    rhs.forEachOf(opB, [&](int64_t r, int64_t col, Scalar value) {
      rhsRows[r].push_back({col, value});
    });
    std::vector<std::map<int64_t, Scalar>> rows(lhs.opRows(opA));
    lhs.forEachOf(opA, [&](int64_t r, int64_t k, Scalar value) {
      for (const auto &[col, other] : rhsRows[k])
        rows[r][col] += value * other;
    });
    SparseProduct &product =
        static_cast<SpGemmDescriptor *>(descriptor)->product;
    product = SparseProduct();
    product.positions.push_back(0);
    for (const auto &row : rows) {
      for (const auto &[col, value] : row) {
        product.coordinates.push_back(col);
        product.values.push_back(value);
      }
      product.positions.push_back(
          static_cast<int64_t>(product.coordinates.size()));
    }
    out.rows = lhs.opRows(opA);
    out.cols = rhs.opCols(opB);
    out.nnz = static_cast<int64_t>(product.values.size());
  });
  return 0;
}

void MLIRC_EXPORT(mgpuSpMatGetSize)(void *matrix, void *rows, void *cols,
                                    void *nnz, void *stream) {
  // The sizes are known once the work before them on the stream has run.
  mlirc::runtime::MLIRC_EXPORT(waitForHostStream)(stream);
  const auto &m = *static_cast<SparseMatrix *>(matrix);
  *static_cast<int64_t *>(rows) = m.rows;
  *static_cast<int64_t *>(cols) = m.cols;
  *static_cast<int64_t *>(nnz) = m.nnz;
}

void MLIRC_EXPORT(mgpuSetCsrPointers)(void *matrix, void *positions,
                                      void *coordinates, void *values,
                                      void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    auto &m = *static_cast<SparseMatrix *>(matrix);
    m.positions = positions;
    m.coordinates = coordinates;
    m.values = values;
  });
}

/// Writes the product into C's arrays, in C's index and element types.
void MLIRC_EXPORT(mgpuSpGEMMCopy)(void *descriptor, int32_t, int32_t, void *,
                                  void *, void *c, int32_t, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const SparseProduct &product =
        static_cast<SpGemmDescriptor *>(descriptor)->product;
    const auto &out = *static_cast<SparseMatrix *>(c);
    if (out.format != SparseMatrix::Format::Csr)
      fail("gpu.spgemm_copy writes a CSR matrix (gpu.create_csr)");
    for (size_t i = 0; i < product.positions.size(); ++i)
      storeIndex(out.positions, out.positionType, static_cast<int64_t>(i),
                 product.positions[i]);
    for (size_t i = 0; i < product.values.size(); ++i) {
      storeIndex(out.coordinates, out.coordinateType, static_cast<int64_t>(i),
                 product.coordinates[i]);
      storeValue(out.values, out.valueType, static_cast<int64_t>(i),
                 product.values[i]);
    }
  });
}

// gpu.create_2to4_spmat and the gpu.spmm on it (cuSPARSELt's).

void MLIRC_EXPORT(mgpuCusparseLtCreate2To4SpMat)(void *storage, intptr_t rows,
                                                 intptr_t cols, void *values,
                                                 int32_t type, void *) {
  new (storage) StructuredMatrix{DenseTensor{values, rows, cols, type}};
}

void MLIRC_EXPORT(mgpuDestroyCuSparseLtSpMat)(void *storage, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [storage] {
    static_cast<StructuredMatrix *>(storage)->~StructuredMatrix();
  });
}

void MLIRC_EXPORT(mgpuCreateCuSparseLtDnMat)(void *storage, intptr_t rows,
                                             intptr_t cols, void *values,
                                             int32_t type, void *) {
  new (storage) DenseTensor{values, rows, cols, type};
}

void MLIRC_EXPORT(mgpuDestroyCuSparseLtDnMat)(void *storage, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [storage] {
    static_cast<DenseTensor *>(storage)->~DenseTensor();
  });
}

/// Records the operations, and prunes A in place when asked to (flag 1:
/// prune, 2: prune and check, which pruning makes hold); the CPU needs none
/// of the three buffers, whose sizes it returns as 0.
void MLIRC_EXPORT(mgpuCuSparseLtSpMMBufferSize)(void *sizes, int32_t opA,
                                                int32_t opB, void *a, void *,
                                                void *, int32_t,
                                                int32_t pruneFlag,
                                                void *stream) {
  checkOperation(opA);
  checkOperation(opB);
  auto *matrix = static_cast<StructuredMatrix *>(a);
  matrix->opA = opA;
  matrix->opB = opB;
  std::fill_n(static_cast<int64_t *>(sizes), 3, 0);
  if (pruneFlag > 0)
    mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(
        stream, [matrix] { pruneTwoOfFour(matrix->dense, matrix->opA); });
}

/// C += op(A) op(B), A 2:4 sparse.
void MLIRC_EXPORT(mgpuCuSparseLtSpMM)(void *a, void *b, void *c, void *, void *,
                                      void *, void *stream) {
  mlirc::runtime::MLIRC_EXPORT(runOnHostStream)(stream, [=] {
    const auto &lhs = *static_cast<StructuredMatrix *>(a);
    const auto &rhs = *static_cast<DenseTensor *>(b);
    const auto &out = *static_cast<DenseTensor *>(c);
    int64_t depth = lhs.dense.opCols(lhs.opA);
    std::vector<Scalar> sums(out.rows * out.cols);
    for (int64_t r = 0; r < out.rows; ++r)
      for (int64_t k = 0; k < depth; ++k) {
        Scalar value = lhs.dense.at(lhs.opA, r, k);
        if (value == 0.0)
          continue;
        for (int64_t n = 0; n < out.cols; ++n)
          sums[r * out.cols + n] += value * rhs.at(lhs.opB, k, n);
      }
    addInto(out, sums);
  });
}

} // extern "C"
