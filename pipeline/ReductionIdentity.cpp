//===- ReductionIdentity.cpp - The neutral element of a reduction ---------===//

#include "pipeline/ReductionIdentity.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;

/// The atomic kind that combines as \p kind does on \p element, whose
/// identity arith knows.
static std::optional<arith::AtomicRMWKind>
getAtomicKind(vector::CombiningKind kind, Type element) {
  using K = vector::CombiningKind;
  using A = arith::AtomicRMWKind;
  bool isFloat = isa<FloatType>(element);
  switch (kind) {
  case K::ADD:
    return isFloat ? A::addf : A::addi;
  case K::MUL:
    return isFloat ? A::mulf : A::muli;
  case K::MINUI:
    return A::minu;
  case K::MINSI:
    return A::mins;
  case K::MAXUI:
    return A::maxu;
  case K::MAXSI:
    return A::maxs;
  case K::AND:
    return A::andi;
  case K::OR:
    return A::ori;
  case K::XOR:
    return A::xori;
  case K::MINNUMF:
    return A::minnumf;
  case K::MAXNUMF:
    return A::maxnumf;
  case K::MINIMUMF:
    return A::minimumf;
  case K::MAXIMUMF:
    return A::maximumf;
  }
  return std::nullopt;
}

TypedAttr mlirc::getReductionIdentity(vector::CombiningKind kind, Type element,
                                      OpBuilder &builder, Location loc) {
  std::optional<arith::AtomicRMWKind> atomic = getAtomicKind(kind, element);
  if (!atomic)
    return nullptr;
  return arith::getIdentityValueAttr(*atomic, element, builder, loc);
}
