//===- RunnerUtils.cpp - MLIR's runner utilities, without libLLVM ---------===//
//
// What programs call for printing and timing (printMemref*, vector.print's
// printF32/printNewline/..., memrefCopy, rtclock, verifyMemRef*), random
// numbers, shuffles and sorts, with the ABI and output format of MLIR's
// mlir_runner_utils and mlir_c_runner_utils. The printing and checking of
// memrefs is MLIR's own: the templates of mlir/ExecutionEngine/RunnerUtils.h.
// MLIR's shared libraries need libMLIR and libLLVM at run time; this archive
// needs only the C++ library, so that executables run where they are copied.
//
//===----------------------------------------------------------------------===//

#include "mlir/ExecutionEngine/RunnerUtils.h"

#include <algorithm>
#include <chrono>
#include <cinttypes>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <numeric>
#include <random>
#include <sys/time.h>
#include <vector>

//===----------------------------------------------------------------------===//
// f16 and bf16 (Float16bits.h)
//===----------------------------------------------------------------------===//

static float fromBits(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, sizeof(f));
  return f;
}

static uint32_t toBits(float f) {
  uint32_t bits;
  std::memcpy(&bits, &f, sizeof(bits));
  return bits;
}

static float halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  uint32_t result;
  if (exponent == 0x1f) {
    result = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent != 0) {
    result = sign | ((exponent + 112) << 23) | (mantissa << 13);
  } else if (mantissa == 0) {
    result = sign;
  } else {
    // A subnormal half is a normal float: shift the mantissa up.
    exponent = 113;
    while (!(mantissa & 0x400)) {
      mantissa <<= 1;
      --exponent;
    }
    result = sign | (exponent << 23) | ((mantissa & 0x3ff) << 13);
  }
  return fromBits(result);
}

static uint16_t floatToHalf(float f) {
  uint32_t bits = toBits(f);
  uint16_t sign = (bits >> 16) & 0x8000;
  int32_t exponent = int32_t((bits >> 23) & 0xff) - 127 + 15;
  uint32_t mantissa = bits & 0x7fffff;
  if (((bits >> 23) & 0xff) == 0xff) // inf, and nan as the quiet one
    return sign | (mantissa ? 0x7e00 : 0x7c00);
  if (exponent >= 0x1f)
    return sign | 0x7c00;
  if (exponent <= 0) {
    if (exponent < -10)
      return sign;
    // Subnormal: the implicit bit joins the mantissa, rounded to even.
    mantissa |= 0x800000;
    uint32_t shift = 14 - exponent;
    uint32_t half = mantissa >> shift;
    uint32_t rest = mantissa & ((1u << shift) - 1);
    uint32_t midpoint = 1u << (shift - 1);
    if (rest > midpoint || (rest == midpoint && (half & 1)))
      ++half;
    return sign | half;
  }
  uint32_t half = (uint32_t(exponent) << 10) | (mantissa >> 13);
  uint32_t rest = mantissa & 0x1fff;
  if (rest > 0x1000 || (rest == 0x1000 && (half & 1)))
    ++half; // may carry into the exponent, up to infinity: as it should
  return sign | half;
}

static float bfloatToFloat(uint16_t bits) {
  return fromBits(uint32_t(bits) << 16);
}

static uint16_t floatToBfloat(float f) {
  uint32_t bits = toBits(f);
  if (std::isnan(f))
    return ((bits >> 16) & 0x8000) | 0x7fc0;
  // Round to nearest, ties to even.
  bits += 0x7fff + ((bits >> 16) & 1);
  return bits >> 16;
}

f16::f16(float f) : bits(floatToHalf(f)) {}
bf16::bf16(float f) : bits(floatToBfloat(f)) {}

std::ostream &operator<<(std::ostream &os, const f16 &f) {
  return os << halfToFloat(f.bits);
}
std::ostream &operator<<(std::ostream &os, const bf16 &f) {
  return os << bfloatToFloat(f.bits);
}
bool operator==(const f16 &a, const f16 &b) { return a.bits == b.bits; }
bool operator==(const bf16 &a, const bf16 &b) { return a.bits == b.bits; }

extern "C" void printF16(uint16_t bits) {
  f16 value;
  value.bits = bits;
  std::cout << value;
}

extern "C" void printBF16(uint16_t bits) {
  bf16 value;
  value.bits = bits;
  std::cout << value;
}

//===----------------------------------------------------------------------===//
// vector.print and timing (CRunnerUtils.h)
//===----------------------------------------------------------------------===//

extern "C" void printI64(int64_t i) { std::fprintf(stdout, "%" PRId64, i); }
extern "C" void printU64(uint64_t u) { std::fprintf(stdout, "%" PRIu64, u); }

extern "C" void printF32(float f) {
  if (std::isnan(f) && std::signbit(f))
    std::fprintf(stdout, "-nan");
  else
    std::fprintf(stdout, "%g", f);
}

extern "C" void printF64(double d) {
  if (std::isnan(d) && std::signbit(d))
    std::fprintf(stdout, "-nan");
  else
    std::fprintf(stdout, "%lg", d);
}

/// A failing cf.assert in host code (pipeline/LowerHostAsserts.cpp): what
/// the program printed stays, the message goes to stderr.
extern "C" void mlircAssertFailed(const char *message, int32_t abortProgram) {
  std::fflush(stdout);
  std::fprintf(stderr, "%s\n", message);
  std::fflush(stderr);
  if (abortProgram)
    std::abort();
}

extern "C" void printString(const char *s) { std::fputs(s, stdout); }
extern "C" void printOpen() { std::fputs("( ", stdout); }
extern "C" void printClose() { std::fputs(" )", stdout); }
extern "C" void printComma() { std::fputs(", ", stdout); }
extern "C" void printNewline() {
  std::fputc('\n', stdout);
  std::fflush(stdout);
}

extern "C" void printFlops(double flops) {
  std::fprintf(stderr, "%lf GFLOPS\n", flops / 1.0e9);
}

extern "C" double rtclock() {
  timeval now;
  gettimeofday(&now, nullptr);
  return now.tv_sec + now.tv_usec * 1.0e-6;
}

extern "C" int64_t _mlir_ciface_nanoTime() {
  return std::chrono::duration_cast<std::chrono::nanoseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

//===----------------------------------------------------------------------===//
// Random numbers, sorting and allocation (CRunnerUtils.h), as MLIR's sparse
// tests call them
//===----------------------------------------------------------------------===//

/// A generator of random numbers a program holds as a pointer; the same
/// seed gives the same numbers.
extern "C" void *rtsrand(uint64_t seed) { return new std::mt19937(seed); }

/// A number in [0, max], uniformly.
extern "C" uint64_t rtrand(void *generator, uint64_t max) {
  std::uniform_int_distribution<uint64_t> numbers(0, max);
  return numbers(*static_cast<std::mt19937 *>(generator));
}

extern "C" void rtdrand(void *generator) {
  delete static_cast<std::mt19937 *>(generator);
}

/// Fills \p m with 0, 1, ..., its size - 1 in a random order.
extern "C" void _mlir_ciface_shuffle(StridedMemRefType<uint64_t, 1> *m,
                                     void *generator) {
  std::vector<uint64_t> values(m->sizes[0]);
  std::iota(values.begin(), values.end(), 0);
  std::shuffle(values.begin(), values.end(),
               *static_cast<std::mt19937 *>(generator));
  for (int64_t i = 0; i < m->sizes[0]; ++i)
    m->data[m->offset + i * m->strides[0]] = values[i];
}

/// Sorts the first \p count elements of \p m, ascending.
template <typename T>
static void sortPrefix(uint64_t count, StridedMemRefType<T, 1> *m) {
  std::vector<T> values(count);
  for (uint64_t i = 0; i < count; ++i)
    values[i] = m->data[m->offset + i * m->strides[0]];
  std::sort(values.begin(), values.end());
  for (uint64_t i = 0; i < count; ++i)
    m->data[m->offset + i * m->strides[0]] = values[i];
}

extern "C" void _mlir_ciface_stdSortI64(uint64_t count,
                                        StridedMemRefType<int64_t, 1> *m) {
  sortPrefix(count, m);
}
extern "C" void _mlir_ciface_stdSortF32(uint64_t count,
                                        StridedMemRefType<float, 1> *m) {
  sortPrefix(count, m);
}
extern "C" void _mlir_ciface_stdSortF64(uint64_t count,
                                        StridedMemRefType<double, 1> *m) {
  sortPrefix(count, m);
}

extern "C" void *mlirAlloc(uint64_t bytes) { return std::malloc(bytes); }
extern "C" void *mlirAlignedAlloc(uint64_t alignment, uint64_t bytes) {
  // aligned_alloc takes a power of two and sizes that are multiples of it
  // only; malloc's alignment serves any smaller one (and 0, none asked).
  if (alignment <= alignof(std::max_align_t))
    return std::malloc(bytes);
  return std::aligned_alloc(alignment,
                            (bytes + alignment - 1) / alignment * alignment);
}
extern "C" void mlirFree(void *pointer) { std::free(pointer); }
extern "C" void mlirAlignedFree(void *pointer) { std::free(pointer); }

/// memref.copy between memrefs that are not both contiguous: element by
/// element, in row-major order.
extern "C" void memrefCopy(int64_t elementSize, UnrankedMemRefType<char> *src,
                           UnrankedMemRefType<char> *dst) {
  DynamicMemRefType<char> from(*src), to(*dst);
  int64_t rank = src->rank;
  if (rank == 0) {
    std::memcpy(to.data + to.offset * elementSize,
                from.data + from.offset * elementSize, elementSize);
    return;
  }
  for (int64_t dim = 0; dim < rank; ++dim)
    if (from.sizes[dim] == 0)
      return;
  std::vector<int64_t> index(rank, 0);
  int64_t fromOffset = from.offset, toOffset = to.offset;
  while (true) {
    std::memcpy(to.data + toOffset * elementSize,
                from.data + fromOffset * elementSize, elementSize);
    // Odometer: bump the innermost index, carry outwards.
    int64_t dim = rank - 1;
    for (; dim >= 0; --dim) {
      fromOffset += from.strides[dim];
      toOffset += to.strides[dim];
      if (++index[dim] < from.sizes[dim])
        break;
      fromOffset -= from.strides[dim] * from.sizes[dim];
      toOffset -= to.strides[dim] * to.sizes[dim];
      index[dim] = 0;
    }
    if (dim < 0)
      return;
  }
}

//===----------------------------------------------------------------------===//
// printMemref* and verifyMemRef* (RunnerUtils.h)
//===----------------------------------------------------------------------===//

#define MLIRC_PRINT_MEMREF(suffix, type)                                       \
  extern "C" void _mlir_ciface_printMemref##suffix(                            \
      UnrankedMemRefType<type> *m) {                                           \
    impl::printMemRef(*m);                                                     \
  }                                                                            \
  extern "C" void _mlir_ciface_printMemrefShape##suffix(                       \
      UnrankedMemRefType<type> *m) {                                           \
    std::cout << "Unranked Memref ";                                           \
    printMemRefMetaData(std::cout, DynamicMemRefType<type>(*m));               \
    std::cout << "\n";                                                         \
  }                                                                            \
  extern "C" int64_t _mlir_ciface_verifyMemRef##suffix(                        \
      UnrankedMemRefType<type> *actual, UnrankedMemRefType<type> *expected) {  \
    return impl::verifyMemRef(*actual, *expected);                             \
  }                                                                            \
  extern "C" void printMemref##suffix(int64_t rank, void *ptr) {               \
    UnrankedMemRefType<type> m = {rank, ptr};                                  \
    _mlir_ciface_printMemref##suffix(&m);                                      \
  }                                                                            \
  extern "C" int64_t verifyMemRef##suffix(int64_t rank, void *actual,          \
                                          void *expected) {                    \
    UnrankedMemRefType<type> a = {rank, actual}, e = {rank, expected};         \
    return _mlir_ciface_verifyMemRef##suffix(&a, &e);                          \
  }

MLIRC_PRINT_MEMREF(I8, int8_t)
MLIRC_PRINT_MEMREF(I16, int16_t)
MLIRC_PRINT_MEMREF(I32, int32_t)
MLIRC_PRINT_MEMREF(I64, int64_t)
MLIRC_PRINT_MEMREF(F16, f16)
MLIRC_PRINT_MEMREF(BF16, bf16)
MLIRC_PRINT_MEMREF(F32, float)
MLIRC_PRINT_MEMREF(F64, double)
MLIRC_PRINT_MEMREF(Ind, impl::index_type)
MLIRC_PRINT_MEMREF(C32, impl::complex32)
MLIRC_PRINT_MEMREF(C64, impl::complex64)

#undef MLIRC_PRINT_MEMREF

#define MLIRC_PRINT_RANKED(suffix, type, rank)                                 \
  extern "C" void _mlir_ciface_printMemref##suffix(                            \
      StridedMemRefType<type, rank> *m) {                                      \
    impl::printMemRef(*m);                                                     \
  }

MLIRC_PRINT_RANKED(0dF32, float, 0)
MLIRC_PRINT_RANKED(1dF32, float, 1)
MLIRC_PRINT_RANKED(2dF32, float, 2)
MLIRC_PRINT_RANKED(3dF32, float, 3)
MLIRC_PRINT_RANKED(4dF32, float, 4)
MLIRC_PRINT_RANKED(1dI8, int8_t, 1)
MLIRC_PRINT_RANKED(1dI32, int32_t, 1)
MLIRC_PRINT_RANKED(1dI64, int64_t, 1)
MLIRC_PRINT_RANKED(1dF64, double, 1)
MLIRC_PRINT_RANKED(1dInd, impl::index_type, 1)
MLIRC_PRINT_RANKED(1dC32, impl::complex32, 1)
MLIRC_PRINT_RANKED(1dC64, impl::complex64, 1)

#undef MLIRC_PRINT_RANKED

extern "C" void _mlir_ciface_printMemrefVector4x4xf32(
    StridedMemRefType<Vector2D<4, 4, float>, 2> *m) {
  impl::printMemRef(*m);
}

// MLIR's Vulkan runner programs fill their buffers with these helpers,
// called through the C interface or with the memref's fields expanded.
template <typename T, int Rank>
static void fillResource(StridedMemRefType<T, Rank> *m, T value) {
  int64_t total = 1;
  for (int i = 0; i < Rank; ++i)
    total *= m->sizes[i];
  for (int64_t linear = 0; linear < total; ++linear) {
    int64_t rest = linear, at = m->offset;
    for (int i = Rank - 1; i >= 0; --i) {
      at += (rest % m->sizes[i]) * m->strides[i];
      rest /= m->sizes[i];
    }
    m->data[at] = value;
  }
}

#define MLIRC_FILL_1D(name, type)                                              \
  extern "C" void _mlir_ciface_##name(StridedMemRefType<type, 1> *m,           \
                                      type value) {                            \
    fillResource(m, value);                                                    \
  }                                                                            \
  extern "C" void name(type *allocated, type *aligned, int64_t offset,         \
                       int64_t size, int64_t stride, type value) {             \
    StridedMemRefType<type, 1> m{allocated, aligned, offset, {size},           \
                                 {stride}};                                    \
    fillResource(&m, value);                                                   \
  }
#define MLIRC_FILL_2D(name, type)                                              \
  extern "C" void _mlir_ciface_##name(StridedMemRefType<type, 2> *m,           \
                                      type value) {                            \
    fillResource(m, value);                                                    \
  }                                                                            \
  extern "C" void name(type *allocated, type *aligned, int64_t offset,         \
                       int64_t size0, int64_t size1, int64_t stride0,          \
                       int64_t stride1, type value) {                          \
    StridedMemRefType<type, 2> m{                                              \
        allocated, aligned, offset, {size0, size1}, {stride0, stride1}};       \
    fillResource(&m, value);                                                   \
  }
#define MLIRC_FILL_3D(name, type)                                              \
  extern "C" void _mlir_ciface_##name(StridedMemRefType<type, 3> *m,           \
                                      type value) {                            \
    fillResource(m, value);                                                    \
  }                                                                            \
  extern "C" void name(type *allocated, type *aligned, int64_t offset,         \
                       int64_t size0, int64_t size1, int64_t size2,            \
                       int64_t stride0, int64_t stride1, int64_t stride2,      \
                       type value) {                                           \
    StridedMemRefType<type, 3> m{allocated,                                    \
                                 aligned,                                      \
                                 offset,                                       \
                                 {size0, size1, size2},                        \
                                 {stride0, stride1, stride2}};                 \
    fillResource(&m, value);                                                   \
  }
#define MLIRC_FILL_RESOURCE(suffix, type)                                      \
  MLIRC_FILL_1D(fillResource1D##suffix, type)                                  \
  MLIRC_FILL_2D(fillResource2D##suffix, type)                                  \
  MLIRC_FILL_3D(fillResource3D##suffix, type)

MLIRC_FILL_RESOURCE(Float, float)
MLIRC_FILL_RESOURCE(Int, int32_t)
MLIRC_FILL_RESOURCE(Int8, int8_t)
// The same helpers under the names MLIR's SPIR-V CPU runner programs use.
MLIRC_FILL_1D(fillI32Buffer, int32_t)
MLIRC_FILL_1D(fillF32Buffer1D, float)
MLIRC_FILL_2D(fillF32Buffer2D, float)
MLIRC_FILL_3D(fillF32Buffer3D, float)

#undef MLIRC_FILL_RESOURCE
#undef MLIRC_FILL_1D
#undef MLIRC_FILL_2D
#undef MLIRC_FILL_3D
