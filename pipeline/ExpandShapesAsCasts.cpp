//===- ExpandShapesAsCasts.cpp - expand_shape where MLIR 22 crashes -------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDSHAPESASCASTS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// True when a group of \p op's reassociation has more than one dynamic
/// size, which MLIR 22's expand-strided-metadata cannot take.
bool hasSeveralDynamicSizesInAGroup(memref::ExpandShapeOp op) {
  MemRefType type = op.getResultType();
  return llvm::any_of(op.getReassociationIndices(), [&](auto group) {
    return llvm::count_if(
               group, [&](int64_t dim) { return type.isDynamicDim(dim); }) > 1;
  });
}

/// \p op as a reinterpret_cast of its source's buffer, to its own type.
void castInstead(memref::ExpandShapeOp op) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  MemRefType type = op.getResultType();
  auto [typeStrides, typeOffset] = type.getStridesAndOffset();
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, op.getSrc());
  SmallVector<OpFoldResult> sizes = op.getMixedOutputShape();
  SmallVector<OpFoldResult> strides(type.getRank());
  for (auto [sourceDim, group] :
       llvm::enumerate(op.getReassociationIndices())) {
    Value stride = metadata.getStrides()[sourceDim];
    for (int64_t dim : llvm::reverse(group)) {
      strides[dim] = stride;
      stride = arith::MulIOp::create(
          b, loc, stride, getValueOrCreateConstantIndexOp(b, loc, sizes[dim]));
    }
  }
  // The type's static values, as the cast's verifier wants them.
  for (auto [stride, known] : llvm::zip(strides, typeStrides))
    if (!ShapedType::isDynamic(known))
      stride = b.getIndexAttr(known);
  for (auto [size, known] : llvm::zip(sizes, type.getShape()))
    if (!ShapedType::isDynamic(known))
      size = b.getIndexAttr(known);
  OpFoldResult offset = metadata.getOffset();
  if (!ShapedType::isDynamic(typeOffset))
    offset = b.getIndexAttr(typeOffset);
  Value cast = memref::ReinterpretCastOp::create(
      b, loc, type, metadata.getBaseBuffer(), offset, sizes, strides);
  op.getResult().replaceAllUsesWith(cast);
  op.erase();
}

struct ExpandShapesAsCasts
    : public mlirc::impl::ExpandShapesAsCastsBase<ExpandShapesAsCasts> {
  void runOnOperation() override {
    SmallVector<memref::ExpandShapeOp> ops;
    getOperation()->walk([&](memref::ExpandShapeOp op) {
      if (hasSeveralDynamicSizesInAGroup(op))
        ops.push_back(op);
    });
    for (memref::ExpandShapeOp op : ops)
      castInstead(op);
  }
};

} // namespace
