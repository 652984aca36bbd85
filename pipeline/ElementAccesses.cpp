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

/// Whether mask element \p k is set, and the running count of set
/// elements before it advanced past it.
std::pair<Value, Value> nextMaskElement(OpBuilder &b, Location loc, Value mask,
                                        int64_t k, Value &count) {
  Value set = vector::ExtractOp::create(b, loc, mask, k);
  Value position = count;
  Value step = arith::SelectOp::create(
      b, loc, set, arith::ConstantIndexOp::create(b, loc, 1),
      arith::ConstantIndexOp::create(b, loc, 0));
  count = arith::AddIOp::create(b, loc, count, step);
  return {set, position};
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
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k) {
      if constexpr (std::is_same_v<LoadOp, vector::MaskedLoadOp>) {
        Value set = vector::ExtractOp::create(rewriter, loc, op.getMask(), k);
        elements.push_back(mlirc::loadLaneIf(
            rewriter, loc, set, op.getPassThru(), k, op.getBase(),
            op.getIndices(), [&](OpBuilder &inside) -> Value {
              return arith::ConstantIndexOp::create(inside, loc, k);
            }));
      } else {
        elements.push_back(memref::LoadOp::create(
            rewriter, loc, op.getBase(),
            mlirc::getElementIndices(rewriter, loc, op.getIndices(), k)));
      }
    }
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
    for (int64_t k = 0; k < op.getVectorType().getNumElements(); ++k) {
      if constexpr (std::is_same_v<StoreOp, vector::MaskedStoreOp>) {
        Value set = vector::ExtractOp::create(rewriter, loc, op.getMask(), k);
        mlirc::storeLaneIf(rewriter, loc, set, value, k, op.getBase(),
                           op.getIndices(), [&](OpBuilder &inside) -> Value {
                             return arith::ConstantIndexOp::create(inside, loc,
                                                                   k);
                           });
      } else {
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

/// vector.compressstore: the set elements, one after another from the
/// base, each stored under its mask bit.
struct CompressStoreElements
    : public ElementwisePattern<vector::CompressStoreOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::CompressStoreOp store,
                                PatternRewriter &rewriter) const override {
    if (!applies(store))
      return failure();
    Location loc = store.getLoc();
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 0);
    for (int64_t k = 0; k < store.getVectorType().getNumElements(); ++k) {
      auto [set, position] =
          nextMaskElement(rewriter, loc, store.getMask(), k, count);
      mlirc::storeLaneIf(
          rewriter, loc, set, store.getValueToStore(), k, store.getBase(),
          store.getIndices(),
          [&, position = position](OpBuilder &) { return position; });
    }
    rewriter.eraseOp(store);
    return success();
  }
};

/// vector.expandload: each set element loads the next value from the
/// base; the others take the pass-through value.
struct ExpandLoadElements : public ElementwisePattern<vector::ExpandLoadOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::ExpandLoadOp load,
                                PatternRewriter &rewriter) const override {
    if (!applies(load))
      return failure();
    Location loc = load.getLoc();
    VectorType type = load.getVectorType();
    Value count = arith::ConstantIndexOp::create(rewriter, loc, 0);
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k) {
      auto [set, position] =
          nextMaskElement(rewriter, loc, load.getMask(), k, count);
      elements.push_back(mlirc::loadLaneIf(
          rewriter, loc, set, load.getPassThru(), k, load.getBase(),
          load.getIndices(),
          [&, position = position](OpBuilder &) { return position; }));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(load, type, elements);
    return success();
  }
};

/// vector.gather and vector.scatter: each lane whose mask is set loads or
/// stores at the base plus its index, along the last dimension; a
/// gather's other lanes take the pass-through value.
struct GatherElements : public ElementwisePattern<vector::GatherOp> {
  using ElementwisePattern::ElementwisePattern;
  LogicalResult matchAndRewrite(vector::GatherOp gather,
                                PatternRewriter &rewriter) const override {
    if (!applies(gather))
      return failure();
    Location loc = gather.getLoc();
    VectorType type = gather.getVectorType();
    SmallVector<Value> elements;
    for (int64_t k = 0; k < type.getNumElements(); ++k) {
      Value set = vector::ExtractOp::create(rewriter, loc, gather.getMask(), k);
      elements.push_back(mlirc::loadLaneIf(
          rewriter, loc, set, gather.getPassThru(), k, gather.getBase(),
          gather.getOffsets(), [&](OpBuilder &b) {
            return getLaneIndex(b, loc, gather.getIndices(), k);
          }));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(gather, type, elements);
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
    // In lane order: where two lanes name one element, the last one's
    // value stays, as LLVM's scatter leaves it.
    for (int64_t k = 0; k < scatter.getVectorType().getNumElements(); ++k) {
      Value set =
          vector::ExtractOp::create(rewriter, loc, scatter.getMask(), k);
      mlirc::storeLaneIf(rewriter, loc, set, scatter.getValueToStore(), k,
                         scatter.getBase(), scatter.getOffsets(),
                         [&](OpBuilder &b) {
                           return getLaneIndex(b, loc, scatter.getIndices(), k);
                         });
    }
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
