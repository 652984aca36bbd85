//===- BitBuilder.h - Integer ops on float bits, scalar or vector -*- C++
//-*-===//
//
// The inline float conversions (f16, bf16, the 8-bit and smaller floats)
// work on a float's bits as integers of one shape, scalar or vector, so
// that they vectorize.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_BITBUILDER_H
#define MLIRC_PIPELINE_BITBUILDER_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/IR/TypeUtilities.h"

namespace mlirc {

/// Builds integer constants and ops of one shape (scalar or vector).
struct BitBuilder {
  mlir::OpBuilder &b;
  mlir::Location loc;
  mlir::Type type;

  /// \p value's low bits, as many as the type has (-1: all ones). An
  /// attribute holding a value out of the type's range is one MLIR's
  /// SPIR-V lowering rejects.
  mlir::Value constant(int64_t value) {
    unsigned width = mlir::getElementTypeOrSelf(type).getIntOrFloatBitWidth();
    return mlir::createScalarOrSplatConstant(
        b, loc, type,
        llvm::APInt(width, value, /*isSigned=*/true, /*implicitTrunc=*/true));
  }
  mlir::Value band(mlir::Value x, int64_t mask) {
    return mlir::arith::AndIOp::create(b, loc, x, constant(mask));
  }
  mlir::Value bor(mlir::Value x, mlir::Value y) {
    return mlir::arith::OrIOp::create(b, loc, x, y);
  }
  mlir::Value shl(mlir::Value x, int64_t bits) {
    return mlir::arith::ShLIOp::create(b, loc, x, constant(bits));
  }
  mlir::Value shr(mlir::Value x, int64_t bits) {
    return mlir::arith::ShRUIOp::create(b, loc, x, constant(bits));
  }
  mlir::Value add(mlir::Value x, int64_t value) {
    return mlir::arith::AddIOp::create(b, loc, x, constant(value));
  }
  mlir::Value atLeast(mlir::Value x, int64_t value) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::uge,
                                       x, constant(value));
  }
  mlir::Value equals(mlir::Value x, int64_t value) {
    return mlir::arith::CmpIOp::create(b, loc, mlir::arith::CmpIPredicate::eq,
                                       x, constant(value));
  }
  mlir::Value select(mlir::Value condition, mlir::Value x, mlir::Value y) {
    return mlir::arith::SelectOp::create(b, loc, condition, x, y);
  }
};

} // namespace mlirc

#endif // MLIRC_PIPELINE_BITBUILDER_H
