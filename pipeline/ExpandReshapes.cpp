//===- ExpandReshapes.cpp - memref.reshape as a reinterpret_cast ----------===//
//
// What MLIR's expand-ops does with memref.reshape, without its expansion
// of atomics: MLIR 22's LLVM lowering of a reshape whose shape holds
// integers narrower than index uses them as index unconverted (an
// unrealized cast reached the user), and Vulkan has no reshape at all.
// As a reinterpret_cast, the accesses through it fold like any view's. A
// reshape to an unranked memref is one to the rank its shape's length
// gives, cast to unranked, or, where that length is known at run time
// only, a reshape of a shape of index elements.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDRESHAPES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// \p op as a reinterpret_cast of its source: the sizes its shape holds
/// (its type's where static) and the strides of a row-major memref.
void castInstead(memref::ReshapeOp op, MemRefType result) {
  auto [typeStrides, offset] = result.getStridesAndOffset();
  OpBuilder b(op);
  Location loc = op.getLoc();
  int64_t rank = result.getRank();
  SmallVector<OpFoldResult> sizes(rank), strides(rank);
  for (int64_t i = 0; i < rank; ++i) {
    if (!result.isDynamicDim(i)) {
      sizes[i] = b.getIndexAttr(result.getDimSize(i));
      continue;
    }
    Value at = arith::ConstantIndexOp::create(b, loc, i);
    Value size = memref::LoadOp::create(b, loc, op.getShape(), at);
    if (!size.getType().isIndex())
      size = arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
    sizes[i] = size;
  }
  OpFoldResult stride = b.getIndexAttr(1);
  for (int64_t i = rank - 1; i >= 0; --i) {
    strides[i] = ShapedType::isDynamic(typeStrides[i])
                     ? stride
                     : OpFoldResult(b.getIndexAttr(typeStrides[i]));
    if (i == 0)
      break;
    Value current = getValueOrCreateConstantIndexOp(b, loc, strides[i]);
    Value size = getValueOrCreateConstantIndexOp(b, loc, sizes[i]);
    stride = arith::MulIOp::create(b, loc, current, size).getResult();
  }
  Value cast = memref::ReinterpretCastOp::create(
      b, loc, result, op.getSource(), b.getIndexAttr(offset), sizes, strides);
  op.replaceAllUsesWith(cast);
  op.erase();
}

/// The shape of \p op, whose result is unranked and whose shape has a
/// length known at run time only, as index elements: MLIR 22's LLVM
/// lowering reads any such shape as index (from an i32 shape, two sizes as
/// one). The copy is freed after the reshape, which reads it only while it
/// runs.
void widenShape(memref::ReshapeOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value length = memref::DimOp::create(b, loc, op.getShape(), zero);
  auto indices = MemRefType::get({ShapedType::kDynamic}, b.getIndexType());
  Value copy = memref::AllocOp::create(b, loc, indices, ValueRange{length});
  auto loop = scf::ForOp::create(b, loc, zero, length, one);
  b.setInsertionPointToStart(loop.getBody());
  Value i = loop.getInductionVar();
  Value size = memref::LoadOp::create(b, loc, op.getShape(), i);
  size = arith::IndexCastOp::create(b, loc, b.getIndexType(), size);
  memref::StoreOp::create(b, loc, size, copy, i);
  op.getShapeMutable().assign(copy);
  b.setInsertionPointAfter(op);
  memref::DeallocOp::create(b, loc, copy);
}

/// \p op, whose result is unranked and whose shape has a static length, as
/// a reshape to the ranked memref of that rank, cast to unranked (MLIR 22's
/// LLVM lowering crashes on it).
memref::ReshapeOp rankResult(memref::ReshapeOp op, UnrankedMemRefType type) {
  auto shape = cast<MemRefType>(op.getShape().getType());
  SmallVector<int64_t> sizes(shape.getDimSize(0), ShapedType::kDynamic);
  auto ranked =
      MemRefType::get(sizes, type.getElementType(), MemRefLayoutAttrInterface(),
                      type.getMemorySpace());
  OpBuilder b(op);
  auto reshape = memref::ReshapeOp::create(b, op.getLoc(), ranked,
                                           op.getSource(), op.getShape());
  op.replaceAllUsesWith(
      memref::CastOp::create(b, op.getLoc(), type, reshape).getResult());
  op.erase();
  return reshape;
}

struct ExpandReshapesPass
    : public mlirc::impl::ExpandReshapesBase<ExpandReshapesPass> {
  void runOnOperation() override {
    SmallVector<memref::ReshapeOp> reshapes;
    getOperation()->walk([&](memref::ReshapeOp op) { reshapes.push_back(op); });
    for (memref::ReshapeOp op : reshapes) {
      Type type = op.getResult().getType();
      if (auto unranked = dyn_cast<UnrankedMemRefType>(type)) {
        // A rank known at run time only: a reshape, of index sizes.
        if (!cast<MemRefType>(op.getShape().getType()).hasStaticShape()) {
          if (!getElementTypeOrSelf(op.getShape().getType()).isIndex())
            widenShape(op);
          continue;
        }
        op = rankResult(op, unranked);
      }
      castInstead(op, cast<MemRefType>(op.getResult().getType()));
    }
  }
};

} // namespace
