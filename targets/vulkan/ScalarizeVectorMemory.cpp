//===- ScalarizeVectorMemory.cpp - Vector memory access per element -------===//

#include "targets/vulkan/ScalarizeVectorMemory.h"
#include "pipeline/ElementAccesses.h"
#include "targets/vulkan/MissingSPIRVLowerings.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/Dialect/Vector/Transforms/VectorRewritePatterns.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

/// `scf.if %c -> vector { ...; vector.insert %x, %v[k] } else { %v }`, as
/// vector-to-scf's unrolled transfers write each lane, as an scf.if of the lane
/// and one insert: SPIR-V has no vectors of more than 4 lanes, and only
/// scalars and vector ops unroll.
struct IfOfOneLane : public OpRewritePattern<scf::IfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(scf::IfOp op,
                                PatternRewriter &rewriter) const override {
    if (op.getNumResults() != 1 || !op.elseBlock() ||
        !isa<VectorType>(op.getResult(0).getType()))
      return failure();
    auto thenYield = cast<scf::YieldOp>(op.thenBlock()->getTerminator());
    auto elseYield = cast<scf::YieldOp>(op.elseBlock()->getTerminator());
    auto insert = thenYield.getOperand(0).getDefiningOp<vector::InsertOp>();
    Value vector = elseYield.getOperand(0);
    if (!insert || insert.getDest() != vector ||
        insert->getBlock() != op.thenBlock() || !insert->hasOneUse() ||
        insert.hasDynamicPosition() ||
        isa<VectorType>(insert.getValueToStore().getType()) ||
        op.elseBlock()->getOperations().size() != 1 ||
        op->isAncestor(vector.getParentBlock()->getParentOp()))
      return failure();
    Location loc = op.getLoc();
    Type element = insert.getValueToStore().getType();
    SmallVector<int64_t> position(insert.getStaticPosition());
    auto lane = scf::IfOp::create(rewriter, loc, TypeRange{element},
                                  op.getCondition(), /*addThenBlock=*/true,
                                  /*addElseBlock=*/true);
    // The then block moves over whole, its yield now of the lane.
    rewriter.mergeBlocks(op.thenBlock(), lane.thenBlock());
    rewriter.setInsertionPoint(thenYield);
    scf::YieldOp::create(rewriter, loc, insert.getValueToStore());
    rewriter.eraseOp(thenYield);
    rewriter.eraseOp(insert);
    rewriter.setInsertionPointToStart(lane.elseBlock());
    Value old = vector::ExtractOp::create(rewriter, loc, vector, position);
    scf::YieldOp::create(rewriter, loc, old);
    rewriter.setInsertionPointAfter(lane);
    Value result = vector::InsertOp::create(rewriter, loc, lane.getResult(0),
                                            vector, position);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Where a lane of a vector is: a scalar (\c lane is -1), a lane of a
/// vector of SPIR-V's sizes, or an element of a constant.
struct LaneSource {
  Value value;
  int64_t lane = -1;
  TypedAttr constant;
};

/// Lane \p lane of \p vector, a 1-D vector of more lanes than SPIR-V has,
/// where unrolling left its lanes: in the elements of a
/// vector.from_elements, a constant or a broadcast scalar, or in a vector
/// of SPIR-V's sizes, through the vector.insert_strided_slice ops that put
/// them together and the vector.insert ops of scalars at known lanes.
static std::optional<LaneSource> findLane(Value vector, int64_t lane) {
  while (true) {
    if (!mlirc::isLongVector(cast<VectorType>(vector.getType())))
      return LaneSource{vector, lane, {}};
    Operation *def = vector.getDefiningOp();
    if (auto elements = dyn_cast_or_null<vector::FromElementsOp>(def))
      return LaneSource{elements.getElements()[lane], -1, {}};
    if (auto insert = dyn_cast_or_null<vector::InsertOp>(def)) {
      if (insert.hasDynamicPosition() ||
          isa<VectorType>(insert.getValueToStoreType()))
        return std::nullopt;
      if (insert.getStaticPosition()[0] == lane)
        return LaneSource{insert.getValueToStore(), -1, {}};
      vector = insert.getDest();
      continue;
    }
    if (auto broadcast = dyn_cast_or_null<vector::BroadcastOp>(def))
      if (!isa<VectorType>(broadcast.getSourceType()))
        return LaneSource{broadcast.getSource(), -1, {}};
    DenseElementsAttr constant;
    if (matchPattern(vector, m_Constant(&constant)))
      return LaneSource{
          {}, -1, cast<TypedAttr>(constant.getValues<Attribute>()[lane])};
    auto insert = dyn_cast_or_null<vector::InsertStridedSliceOp>(def);
    if (!insert || insert.getSourceVectorType().getRank() != 1 ||
        insert.hasNonUnitStrides())
      return std::nullopt;
    int64_t offset = cast<IntegerAttr>(insert.getOffsets()[0]).getInt();
    int64_t size = insert.getSourceVectorType().getNumElements();
    if (lane >= offset && lane < offset + size) {
      vector = insert.getValueToStore();
      lane -= offset;
    } else {
      vector = insert.getDest();
    }
  }
}

/// vector.extract_strided_slice of a 1-D vector of more lanes than SPIR-V
/// has, unit stride, as the vector of its lanes (findLane): unrolling
/// leaves slices of the vectors it put together, also across the pieces.
struct SliceByLanes : public OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp slice,
                                PatternRewriter &rewriter) const override {
    VectorType from = slice.getSourceVectorType();
    if (!mlirc::isLongVector(from) || slice.hasNonUnitStrides())
      return failure();
    int64_t offset = cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
    int64_t size = cast<IntegerAttr>(slice.getSizes()[0]).getInt();
    SmallVector<LaneSource> sources;
    for (int64_t lane = offset; lane < offset + size; ++lane) {
      std::optional<LaneSource> source = findLane(slice.getSource(), lane);
      if (!source)
        return failure();
      sources.push_back(*source);
    }
    Location loc = slice.getLoc();
    SmallVector<Value> lanes;
    for (const LaneSource &source : sources) {
      if (source.constant)
        lanes.push_back(
            arith::ConstantOp::create(rewriter, loc, source.constant));
      else if (source.lane < 0)
        lanes.push_back(source.value);
      else
        lanes.push_back(vector::ExtractOp::create(
            rewriter, loc, source.value, ArrayRef<int64_t>{source.lane}));
    }
    rewriter.replaceOpWithNewOp<vector::FromElementsOp>(slice, slice.getType(),
                                                        lanes);
    return success();
  }
};

/// vector.extract_strided_slice of a 1-D vector.insert_strided_slice it
/// does not overlap, unit strides: the slice of what the insert went into.
/// (MLIR's fold looks through such inserts only to one that holds the
/// slice.)
struct SliceBesideInsert
    : public OpRewritePattern<vector::ExtractStridedSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractStridedSliceOp slice,
                                PatternRewriter &rewriter) const override {
    auto insert =
        slice.getSource().getDefiningOp<vector::InsertStridedSliceOp>();
    if (!insert || slice.getSourceVectorType().getRank() != 1 ||
        insert.getSourceVectorType().getRank() != 1 ||
        slice.hasNonUnitStrides() || insert.hasNonUnitStrides())
      return failure();
    int64_t begin = cast<IntegerAttr>(slice.getOffsets()[0]).getInt();
    int64_t end = begin + cast<IntegerAttr>(slice.getSizes()[0]).getInt();
    int64_t insertBegin = cast<IntegerAttr>(insert.getOffsets()[0]).getInt();
    int64_t insertEnd =
        insertBegin + insert.getSourceVectorType().getNumElements();
    if (begin < insertEnd && insertBegin < end)
      return failure();
    rewriter.modifyOpInPlace(
        slice, [&] { slice.getSourceMutable().assign(insert.getDest()); });
    return success();
  }
};

/// An elementwise arith op on vectors of one lane (unrolling leaves them:
/// five lanes are four and one) as the op on that lane. SPIR-V has no such
/// vectors, and MLIR's lowering of the unsigned ops (divui, remui, ...)
/// fails on a vector that becomes a scalar.
struct OneLaneArith : public RewritePattern {
  OneLaneArith(MLIRContext *context)
      : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/1, context) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rewriter) const override {
    auto isOneLane = [](Type type) {
      auto vector = dyn_cast<VectorType>(type);
      return vector && vector.getNumElements() == 1 && !vector.isScalable();
    };
    if (!isa<arith::ArithDialect>(op->getDialect()) ||
        !op->hasTrait<OpTrait::Elementwise>() || op->getNumRegions() != 0 ||
        op->getNumResults() == 0 ||
        !llvm::all_of(op->getOperandTypes(), isOneLane) ||
        !llvm::all_of(op->getResultTypes(), isOneLane))
      return failure();
    Location loc = op->getLoc();
    SmallVector<Value> lanes;
    for (Value operand : op->getOperands()) {
      SmallVector<int64_t> first(cast<VectorType>(operand.getType()).getRank(),
                                 0);
      lanes.push_back(vector::ExtractOp::create(rewriter, loc, operand, first));
    }
    SmallVector<Type> types;
    for (Type type : op->getResultTypes())
      types.push_back(cast<VectorType>(type).getElementType());
    Operation *scalar = rewriter.create(loc, op->getName().getIdentifier(),
                                        lanes, types, op->getAttrs());
    SmallVector<Value> results;
    for (auto [result, type] :
         llvm::zip_equal(scalar->getResults(), op->getResultTypes()))
      results.push_back(
          vector::BroadcastOp::create(rewriter, loc, type, result));
    rewriter.replaceOp(op, results);
    return success();
  }
};

} // namespace

void mlirc::populateFoldUnrolledVectorsPatterns(RewritePatternSet &patterns) {
  patterns.add<OneLaneArith>(patterns.getContext());
  // Slices beside an insert keep their vectors; the others go by lanes.
  patterns.add<SliceBesideInsert>(patterns.getContext(), /*benefit=*/2);
  patterns.add<SliceByLanes>(patterns.getContext());
  // Slices of broadcasts and of constants, which unrolling leaves of the
  // operands that are no vector op (a mask's bound, a splat).
  vector::ExtractStridedSliceOp::getCanonicalizationPatterns(
      patterns, patterns.getContext());
}

void mlirc::populateScalarizeVectorMemoryPatterns(RewritePatternSet &patterns) {
  patterns.add<IfOfOneLane>(patterns.getContext());
  mlirc::populateElementwiseVectorAccessPatterns(
      patterns, [](MemRefType) { return true; });
  // Transfers that may leave the memref as masked ones, those as masked
  // loads and stores.
  vector::populateVectorMaskMaterializationPatterns(
      patterns, /*force32BitVectorIndices=*/true);
  vector::populateVectorTransferLoweringPatterns(patterns,
                                                 /*maxTransferRank=*/1);
  // Masks as constants and comparisons (SPIR-V has no mask ops), and outer
  // products as multiplies of the lanes.
  vector::populateVectorMaskOpLoweringPatterns(patterns);
  vector::populateVectorOuterProductLoweringPatterns(patterns);
  // The emulation extracts each lane of the mask; the extracts sink
  // through the mask's elementwise computation (a constant vector of lane
  // numbers compared with the bound) to scalars, and the vectors of more
  // lanes than SPIR-V has go away. Transposes do not sink: with a
  // constant operand, the reordering makes a transpose of the constant,
  // which the next reordering moves back, forever (an elementwise op of a
  // transposed constant and another constant).
  RewritePatternSet sinks(patterns.getContext());
  vector::populateSinkVectorOpsPatterns(sinks);
  for (std::unique_ptr<RewritePattern> &sink : sinks.getNativePatterns())
    if (!sink->getDebugName().ends_with("ReorderElementwiseOpsOnTranspose"))
      patterns.add(std::move(sink));
}
