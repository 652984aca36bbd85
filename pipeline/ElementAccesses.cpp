//===- ElementAccesses.cpp - Vector memory accesses lane by lane ----------===//

#include "pipeline/ElementAccesses.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"

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

namespace {

using mlirc::ElementwiseMemRefs;

/// A memref access pattern that applies to the memrefs \c selected picks,
/// on 1-D vectors of a fixed size.
template <typename Op> struct ElementwisePattern : public OpRewritePattern<Op> {
  ElementwisePattern(MLIRContext *context, ElementwiseMemRefs selected)
      : OpRewritePattern<Op>(context), selected(std::move(selected)) {}

  bool applies(Op op) const {
    auto type = dyn_cast<MemRefType>(op.getBase().getType());
    VectorType vector = op.getVectorType();
    return type && selected(type) && vector.getRank() == 1 &&
           !vector.isScalable() && type.getRank() > 0;
  }

  ElementwiseMemRefs selected;
};

/// Where lane k of a masked access goes past the last index (made inside
/// the lane's guard).
using LaneOffsets = function_ref<Value(OpBuilder &, int64_t k)>;

/// A vector of \p type whose lane k is loaded from \p base at \p indices,
/// the last advanced by \p offset, where mask bit k is set, else taken from
/// \p passThru.
Value loadMaskedLanes(OpBuilder &b, Location loc, VectorType type, Value mask,
                      Value passThru, Value base, ValueRange indices,
                      LaneOffsets offset) {
  SmallVector<Value> elements;
  for (int64_t k = 0; k < type.getNumElements(); ++k) {
    Value set = vector::ExtractOp::create(b, loc, mask, k);
    elements.push_back(
        mlirc::loadLaneIf(b, loc, set, passThru, k, base, indices,
                          [&](OpBuilder &inside) { return offset(inside, k); }));
  }
  return vector::FromElementsOp::create(b, loc, type, elements);
}

/// Lane k of \p value stored to \p base at \p indices, the last advanced
/// by \p offset, where mask bit k is set; in lane order, so that where two
/// lanes name one element the last one's value stays, as LLVM leaves it.
void storeMaskedLanes(OpBuilder &b, Location loc, Value mask, Value value,
                      Value base, ValueRange indices, LaneOffsets offset) {
  int64_t lanes = cast<VectorType>(value.getType()).getNumElements();
  for (int64_t k = 0; k < lanes; ++k) {
    Value set = vector::ExtractOp::create(b, loc, mask, k);
    mlirc::storeLaneIf(b, loc, set, value, k, base, indices,
                       [&](OpBuilder &inside) { return offset(inside, k); });
  }
}

/// Lane k's place in an expanding load or compressing store: how many
/// lanes before it are set.
SmallVector<Value> countSetLanes(OpBuilder &b, Location loc, Value mask) {
  int64_t lanes = cast<VectorType>(mask.getType()).getNumElements();
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  SmallVector<Value> positions = {zero};
  for (int64_t k = 0; k + 1 < lanes; ++k) {
    Value set = vector::ExtractOp::create(b, loc, mask, k);
    Value step = arith::SelectOp::create(b, loc, set, one, zero);
    positions.push_back(arith::AddIOp::create(b, loc, positions.back(), step));
  }
  return positions;
}

/// Lane \p k of \p indices, as an index.
Value getLaneIndex(OpBuilder &b, Location loc, Value indices, int64_t k) {
  Value lane = vector::ExtractOp::create(b, loc, indices, k);
  if (lane.getType().isIndex())
    return lane;
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), lane);
}

/// vector.load, and vector.maskedload with each lane under its mask bit.
template <typename LoadOp>
struct LoadElements : public ElementwisePattern<LoadOp> {
  using ElementwisePattern<LoadOp>::ElementwisePattern;
  LogicalResult matchAndRewrite(LoadOp op,
                                PatternRewriter &rewriter) const override {
    if (!this->applies(op))
      return failure();
    Location loc = op.getLoc();
    VectorType type = op.getVectorType();
    if constexpr (std::is_same_v<LoadOp, vector::MaskedLoadOp>) {
      rewriter.replaceOp(
          op, loadMaskedLanes(rewriter, loc, type, op.getMask(),
                              op.getPassThru(), op.getBase(), op.getIndices(),
                              [&](OpBuilder &b, int64_t k) -> Value {
                                return arith::ConstantIndexOp::create(b, loc,
                                                                      k);
                              }));
      return success();
    }
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k)
      elements.push_back(memref::LoadOp::create(
          rewriter, loc, op.getBase(),
          mlirc::getElementIndices(rewriter, loc, op.getIndices(), k)));
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(op, type, elements);
    return success();
  }
};

/// vector.store, and vector.maskedstore with each lane under its mask bit.
template <typename StoreOp>
struct StoreElements : public ElementwisePattern<StoreOp> {
  using ElementwisePattern<StoreOp>::ElementwisePattern;
  LogicalResult matchAndRewrite(StoreOp op,
                                PatternRewriter &rewriter) const override {
    if (!this->applies(op))
      return failure();
    Location loc = op.getLoc();
    Value value = op.getValueToStore();
    if constexpr (std::is_same_v<StoreOp, vector::MaskedStoreOp>) {
      storeMaskedLanes(rewriter, loc, op.getMask(), value, op.getBase(),
                       op.getIndices(), [&](OpBuilder &b, int64_t k) -> Value {
                         return arith::ConstantIndexOp::create(b, loc, k);
                       });
    } else {
      for (int64_t k = 0; k < op.getVectorType().getNumElements(); ++k) {
        Value element = vector::ExtractOp::create(rewriter, loc, value, k);
        memref::StoreOp::create(
            rewriter, loc, element, op.getBase(),
            mlirc::getElementIndices(rewriter, loc, op.getIndices(), k));
      }
    }
    rewriter.eraseOp(op);
    return success();
  }
};

/// vector.expandload: each set lane loads the next value from the base;
/// the others take the pass-through value.
struct ExpandLoadElements : public ElementwisePattern<vector::ExpandLoadOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::ExpandLoadOp load,
                                PatternRewriter &rewriter) const override {
    if (!applies(load))
      return failure();
    SmallVector<Value> positions =
        countSetLanes(rewriter, load.getLoc(), load.getMask());
    rewriter.replaceOp(
        load, loadMaskedLanes(
                  rewriter, load.getLoc(), load.getVectorType(), load.getMask(),
                  load.getPassThru(), load.getBase(), load.getIndices(),
                  [&](OpBuilder &, int64_t k) { return positions[k]; }));
    return success();
  }
};

/// vector.compressstore: the set lanes, one after another from the base.
struct CompressStoreElements
    : public ElementwisePattern<vector::CompressStoreOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::CompressStoreOp store,
                                PatternRewriter &rewriter) const override {
    if (!applies(store))
      return failure();
    SmallVector<Value> positions =
        countSetLanes(rewriter, store.getLoc(), store.getMask());
    storeMaskedLanes(rewriter, store.getLoc(), store.getMask(),
                     store.getValueToStore(), store.getBase(),
                     store.getIndices(),
                     [&](OpBuilder &, int64_t k) { return positions[k]; });
    rewriter.eraseOp(store);
    return success();
  }
};

/// vector.gather and vector.scatter: each set lane loads or stores at the
/// base plus its index, along the last dimension.
struct GatherElements : public ElementwisePattern<vector::GatherOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (!applies(gather))
      return failure();
    Location loc = gather.getLoc();
    rewriter.replaceOp(
        gather, loadMaskedLanes(rewriter, loc, gather.getVectorType(),
                                gather.getMask(), gather.getPassThru(),
                                gather.getBase(), gather.getOffsets(),
                                [&](OpBuilder &b, int64_t k) {
                                  return getLaneIndex(b, loc,
                                                      gather.getIndices(), k);
                                }));
    return success();
  }
};

struct ScatterElements : public ElementwisePattern<vector::ScatterOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::ScatterOp scatter,
                                PatternRewriter &rewriter) const override {
    if (!applies(scatter))
      return failure();
    Location loc = scatter.getLoc();
    storeMaskedLanes(rewriter, loc, scatter.getMask(),
                     scatter.getValueToStore(), scatter.getBase(),
                     scatter.getOffsets(), [&](OpBuilder &b, int64_t k) {
                       return getLaneIndex(b, loc, scatter.getIndices(), k);
                     });
    rewriter.eraseOp(scatter);
    return success();
  }
};

} // namespace

void mlirc::populateElementwiseVectorAccessPatterns(
    RewritePatternSet &patterns, ElementwiseMemRefs selected) {
  patterns.add<LoadElements<vector::LoadOp>, LoadElements<vector::MaskedLoadOp>,
               StoreElements<vector::StoreOp>,
               StoreElements<vector::MaskedStoreOp>, CompressStoreElements,
               ExpandLoadElements, GatherElements, ScatterElements>(
      patterns.getContext(), selected);
}
