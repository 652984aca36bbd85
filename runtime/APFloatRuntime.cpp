//===- APFloatRuntime.cpp - Arithmetic on floats LLVM has no type for -----===//
//
// The functions MLIR's convert-arith-to-apfloat and convert-math-to-apfloat
// call (_mlir_apfloat_*) and vector.print's printApFloat, for the float
// types of MLIR that LLVM IR lacks (f8E4M3FN, f8E5M2, f6E2M3FN, f4E2M1FN,
// f8E8M0FNU, tf32, ...). A value travels as its bits in an integer; the
// semantics argument is llvm::APFloatBase::Semantics. MLIR's own library
// for these (mlir_apfloat_wrappers) needs libLLVM at run time; this
// archive is linked with LLVM's static Support library, and programs take
// its code only when they use such types.
//
//===----------------------------------------------------------------------===//

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APSInt.h"

#include <cstdint>

extern "C" void printF64(double d);

namespace {

using llvm::APFloat;
using llvm::APFloatBase;

const llvm::fltSemantics &getSemantics(int32_t semantics) {
  return APFloatBase::EnumToSemantics(
      static_cast<APFloatBase::Semantics>(semantics));
}

APFloat makeFloat(int32_t semantics, uint64_t bits) {
  const llvm::fltSemantics &sem = getSemantics(semantics);
  return APFloat(sem, llvm::APInt(APFloatBase::semanticsSizeInBits(sem), bits));
}

int64_t getBits(const APFloat &value) {
  return static_cast<int64_t>(value.bitcastToAPInt().getZExtValue());
}

constexpr llvm::RoundingMode nearestEven =
    llvm::RoundingMode::NearestTiesToEven;

} // namespace

extern "C" {

#define MLIRC_APFLOAT_ARITHMETIC(name, method)                                 \
  int64_t _mlir_apfloat_##name(int32_t semantics, uint64_t a, uint64_t b) {    \
    APFloat lhs = makeFloat(semantics, a);                                     \
    lhs.method(makeFloat(semantics, b), nearestEven);                          \
    return getBits(lhs);                                                       \
  }
MLIRC_APFLOAT_ARITHMETIC(add, add)
MLIRC_APFLOAT_ARITHMETIC(subtract, subtract)
MLIRC_APFLOAT_ARITHMETIC(multiply, multiply)
MLIRC_APFLOAT_ARITHMETIC(divide, divide)
#undef MLIRC_APFLOAT_ARITHMETIC

/// arith.remf: the remainder of truncated division, C's fmod.
int64_t _mlir_apfloat_remainder(int32_t semantics, uint64_t a, uint64_t b) {
  APFloat lhs = makeFloat(semantics, a);
  lhs.mod(makeFloat(semantics, b));
  return getBits(lhs);
}

#define MLIRC_APFLOAT_SELECT(name, function)                                   \
  int64_t _mlir_apfloat_##name(int32_t semantics, uint64_t a, uint64_t b) {    \
    return getBits(                                                            \
        llvm::function(makeFloat(semantics, a), makeFloat(semantics, b)));     \
  }
MLIRC_APFLOAT_SELECT(maximum, maximum)
MLIRC_APFLOAT_SELECT(minimum, minimum)
MLIRC_APFLOAT_SELECT(maxnum, maxnum)
MLIRC_APFLOAT_SELECT(minnum, minnum)
#undef MLIRC_APFLOAT_SELECT

int64_t _mlir_apfloat_neg(int32_t semantics, uint64_t a) {
  return getBits(-makeFloat(semantics, a));
}

int64_t _mlir_apfloat_abs(int32_t semantics, uint64_t a) {
  return getBits(llvm::abs(makeFloat(semantics, a)));
}

int64_t _mlir_apfloat_fused_multiply_add(int32_t semantics, uint64_t a,
                                         uint64_t b, uint64_t c) {
  APFloat result = makeFloat(semantics, a);
  result.fusedMultiplyAdd(makeFloat(semantics, b), makeFloat(semantics, c),
                          nearestEven);
  return getBits(result);
}

/// APFloat::cmpResult: less, equal, greater, unordered.
int8_t _mlir_apfloat_compare(int32_t semantics, uint64_t a, uint64_t b) {
  return static_cast<int8_t>(
      makeFloat(semantics, a).compare(makeFloat(semantics, b)));
}

int64_t _mlir_apfloat_convert(int32_t from, int32_t to, uint64_t a) {
  APFloat value = makeFloat(from, a);
  bool losesInfo = false;
  value.convert(getSemantics(to), nearestEven, &losesInfo);
  return getBits(value);
}

/// arith.fptosi/fptoui: rounded toward zero to \p width bits.
int64_t _mlir_apfloat_convert_to_int(int32_t semantics, int32_t width,
                                     bool isUnsigned, uint64_t a) {
  llvm::APSInt result(width, isUnsigned);
  bool isExact = false;
  makeFloat(semantics, a)
      .convertToInteger(result, llvm::RoundingMode::TowardZero, &isExact);
  return static_cast<int64_t>(result.getZExtValue());
}

/// arith.sitofp/uitofp from an integer of \p width bits.
int64_t _mlir_apfloat_convert_from_int(int32_t semantics, int32_t width,
                                       bool isUnsigned, uint64_t a) {
  APFloat result(getSemantics(semantics));
  result.convertFromAPInt(llvm::APInt(width, a, /*isSigned=*/false,
                                      /*implicitTrunc=*/true),
                          /*IsSigned=*/!isUnsigned, nearestEven);
  return getBits(result);
}

bool _mlir_apfloat_isfinite(int32_t semantics, uint64_t a) {
  return makeFloat(semantics, a).isFinite();
}

bool _mlir_apfloat_isinfinite(int32_t semantics, uint64_t a) {
  return makeFloat(semantics, a).isInfinity();
}

bool _mlir_apfloat_isnan(int32_t semantics, uint64_t a) {
  return makeFloat(semantics, a).isNaN();
}

bool _mlir_apfloat_isnormal(int32_t semantics, uint64_t a) {
  return makeFloat(semantics, a).isNormal();
}

/// vector.print of such a float: its value as printF64 prints a double
/// (every one of these types converts to double exactly).
void printApFloat(int32_t semantics, uint64_t a) {
  printF64(makeFloat(semantics, a).convertToDouble());
}

} // extern "C"
