//===- ElementAccesses.cpp - Vector memory accesses lane by lane ----------===//

#include "pipeline/ElementAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;

SmallVector<Value> mlirc::getElementIndices(OpBuilder &b, Location loc,
                                            ValueRange indices, int64_t k) {
  SmallVector<Value> result(indices);
  if (k != 0)
    result.back() = arith::AddIOp::create(
        b, loc, result.back(), arith::ConstantIndexOp::create(b, loc, k));
  return result;
}

/// \p indices with the last advanced by \p offset.
static SmallVector<Value> getLaneIndices(OpBuilder &b, Location loc,
                                         ValueRange indices,
                                         mlirc::LaneOffset offset) {
  SmallVector<Value> shifted(indices);
  shifted.back() = arith::AddIOp::create(b, loc, shifted.back(), offset(b));
  return shifted;
}

void mlirc::storeLaneIf(OpBuilder &b, Location loc, Value set, Value value,
                        int64_t k, Value base, ValueRange indices,
                        LaneOffset offset) {
  auto guard = scf::IfOp::create(b, loc, set, false);
  OpBuilder inside = guard.getThenBodyBuilder();
  Value element = vector::ExtractOp::create(inside, loc, value, k);
  memref::StoreOp::create(inside, loc, element, base,
                          getLaneIndices(inside, loc, indices, offset));
}

Value mlirc::loadLaneIf(OpBuilder &b, Location loc, Value set, Value passThru,
                        int64_t k, Value base, ValueRange indices,
                        LaneOffset offset) {
  Type element = cast<VectorType>(passThru.getType()).getElementType();
  auto choice = scf::IfOp::create(b, loc, element, set, true);
  OpBuilder then = choice.getThenBodyBuilder();
  scf::YieldOp::create(
      then, loc,
      memref::LoadOp::create(then, loc, base,
                             getLaneIndices(then, loc, indices, offset))
          .getResult());
  OpBuilder otherwise = choice.getElseBodyBuilder();
  scf::YieldOp::create(
      otherwise, loc,
      vector::ExtractOp::create(otherwise, loc, passThru, k).getResult());
  return choice.getResult(0);
}
