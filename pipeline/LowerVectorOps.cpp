//===- LowerVectorOps.cpp - Vector ops convert-vector-to-llvm lacks -------===//
//
// MLIR's vector-to-llvm conversion lowers contractions, transposes, masks
// and the like itself, but not multi-reductions, scans, n-D gathers or
// vector.mask around transfers, nor contractions that do not add, nor
// extracts and inserts of a row at a dynamic position; it
// leaves them for a lowering of the user's choosing. mlirc chooses MLIR's
// own patterns, before vector-to-scf (host and device code alike); lowers
// 1-D transfers of GPU memory spaces to loads and stores, which the device
// lowerings take; and masked maximumf/minimumf reductions, which MLIR 22
// lowers wrong.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERVECTOROPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// \p operand, indexed by \p map's results, transposed into the order of
/// the iteration dimensions; null unless \p map is a permutation.
Value toIterationOrder(PatternRewriter &rewriter, Location loc, Value operand,
                       AffineMap map) {
  if (!map.isPermutation())
    return {};
  if (map.isIdentity())
    return operand;
  SmallVector<int64_t> permutation(map.getNumDims());
  for (auto [position, result] : llvm::enumerate(map.getResults()))
    permutation[cast<AffineDimExpr>(result).getPosition()] = position;
  return vector::TransposeOp::create(rewriter, loc, operand, permutation);
}

/// A contraction over reduction dimensions only, into a scalar, with a
/// combining kind other than add (which MLIR lowers as a dot product): the
/// operands' elementwise product, reduced with that kind.
struct LowerScalarContraction : OpRewritePattern<vector::ContractionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::ContractionOp op,
                                PatternRewriter &rewriter) const override {
    Type accType = op.getAccType();
    auto lhsType = op.getLhsType();
    if (op.getKind() == vector::CombiningKind::ADD ||
        isa<VectorType>(accType) || lhsType.isScalable() ||
        lhsType.getElementType() != accType ||
        op.getRhsType().getElementType() != accType ||
        !llvm::all_of(op.getIteratorTypes(), vector::isReductionIterator))
      return failure();
    SmallVector<AffineMap> maps = op.getIndexingMapsArray();
    Location loc = op.getLoc();
    Value lhs = toIterationOrder(rewriter, loc, op.getLhs(), maps[0]);
    Value rhs = toIterationOrder(rewriter, loc, op.getRhs(), maps[1]);
    if (!lhs || !rhs)
      return failure();
    Value product =
        isa<FloatType>(accType)
            ? arith::MulFOp::create(rewriter, loc, lhs, rhs).getResult()
            : arith::MulIOp::create(rewriter, loc, lhs, rhs).getResult();
    SmallVector<bool> reduced(lhsType.getRank(), true);
    rewriter.replaceOpWithNewOp<vector::MultiDimReductionOp>(
        op, product, op.getAcc(), reduced, op.getKind());
    return success();
  }
};

/// vector.print of f80 and f128, which MLIR's lowering turns into an
/// invalid llvm.zext, as the print of the f64 nearest: the runner prints
/// floats with %g, six digits, which f64 holds.
struct PrintWideFloatsAsF64 : OpRewritePattern<vector::PrintOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::PrintOp op,
                                PatternRewriter &rewriter) const override {
    Value source = op.getSource();
    if (!source)
      return failure();
    Type element = getElementTypeOrSelf(source.getType());
    if (!element.isF80() && !element.isF128())
      return failure();
    Type f64 = rewriter.getF64Type();
    Type narrow = f64;
    if (auto vector = dyn_cast<VectorType>(source.getType()))
      narrow = vector.clone(f64);
    Value value = arith::TruncFOp::create(rewriter, op.getLoc(), narrow, source);
    rewriter.modifyOpInPlace(op, [&] { op.getSourceMutable().assign(value); });
    return success();
  }
};

/// True for an n-D access of a memref, which vector-to-llvm lowers only in
/// 1-D.
bool isNDMemRefAccess(VectorType type, Value base) {
  return type.getRank() >= 2 && !type.isScalable() &&
         isa<MemRefType>(base.getType());
}

/// n-D vector.load as the in-bounds transfer it is (vector-to-scf unrolls
/// those).
struct LowerNDLoad : OpRewritePattern<vector::LoadOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::LoadOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getVectorType();
    if (!isNDMemRefAccess(type, op.getBase()))
      return failure();
    // In bounds: the padding is never read.
    Value padding =
        ub::PoisonOp::create(rewriter, op.getLoc(), type.getElementType());
    SmallVector<bool> inBounds(type.getRank(), true);
    rewriter.replaceOpWithNewOp<vector::TransferReadOp>(
        op, type, op.getBase(), op.getIndices(), padding,
        ArrayRef<bool>(inBounds));
    return success();
  }
};

/// n-D vector.store, likewise.
struct LowerNDStore : OpRewritePattern<vector::StoreOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::StoreOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getVectorType();
    if (!isNDMemRefAccess(type, op.getBase()))
      return failure();
    SmallVector<bool> inBounds(type.getRank(), true);
    rewriter.replaceOpWithNewOp<vector::TransferWriteOp>(
        op, op.getValueToStore(), op.getBase(), op.getIndices(),
        ArrayRef<bool>(inBounds));
    return success();
  }
};

/// The first index of \p position in \p type that is dynamic where
/// vector-to-llvm cannot take it: anywhere but last in a position that
/// reaches a scalar (that one is an extractelement or insertelement).
/// None where there is no such index, or its dimension is scalable.
std::optional<unsigned> getRowIndex(ArrayRef<OpFoldResult> position,
                                    VectorType type) {
  for (unsigned i = 0, e = position.size(); i < e; ++i)
    if (isa<Value>(position[i]) &&
        !(i + 1 == e && static_cast<int64_t>(e) == type.getRank())) {
      if (type.getScalableDims()[i])
        return std::nullopt;
      return i;
    }
  return std::nullopt;
}

/// \p position with \p value at \p index.
SmallVector<OpFoldResult> withIndex(ArrayRef<OpFoldResult> position,
                                    unsigned index, int64_t value, Builder &b) {
  SmallVector<OpFoldResult> result(position);
  result[index] = b.getIndexAttr(value);
  return result;
}

/// Whether the index \p row is \p value.
Value isRow(PatternRewriter &rewriter, Location loc, Value row, int64_t value) {
  return arith::CmpIOp::create(
      rewriter, loc, arith::CmpIPredicate::eq, row,
      arith::ConstantIndexOp::create(rewriter, loc, value));
}

/// vector.extract at a dynamic position that vector-to-llvm cannot lower
/// (a row of an n-D vector): the extracts at each static row, picked by
/// selects.
struct ExtractDynamicRow : OpRewritePattern<vector::ExtractOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::ExtractOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getSourceVectorType();
    SmallVector<OpFoldResult> position = op.getMixedPosition();
    std::optional<unsigned> index = getRowIndex(position, type);
    if (!index)
      return failure();
    Location loc = op.getLoc();
    Value row = cast<Value>(position[*index]);
    int64_t rows = type.getDimSize(*index);
    // Out of range is poison, as MLIR's extract has it: the last row.
    Value result = vector::ExtractOp::create(
        rewriter, loc, op.getSource(),
        withIndex(position, *index, rows - 1, rewriter));
    for (int64_t i = rows - 2; i >= 0; --i) {
      Value at =
          vector::ExtractOp::create(rewriter, loc, op.getSource(),
                                    withIndex(position, *index, i, rewriter));
      result = arith::SelectOp::create(
          rewriter, loc, isRow(rewriter, loc, row, i), at, result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// vector.insert at such a position: the vector with the value inserted at
/// each static row, picked by selects.
struct InsertDynamicRow : OpRewritePattern<vector::InsertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(vector::InsertOp op,
                                PatternRewriter &rewriter) const override {
    VectorType type = op.getDestVectorType();
    SmallVector<OpFoldResult> position = op.getMixedPosition();
    std::optional<unsigned> index = getRowIndex(position, type);
    if (!index)
      return failure();
    Location loc = op.getLoc();
    Value row = cast<Value>(position[*index]);
    Value result = op.getDest();
    for (int64_t i = type.getDimSize(*index) - 1; i >= 0; --i) {
      Value at = vector::InsertOp::create(
          rewriter, loc, op.getValueToStore(), op.getDest(),
          withIndex(position, *index, i, rewriter));
      result = arith::SelectOp::create(
          rewriter, loc, isRow(rewriter, loc, row, i), at, result);
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// A masked maximumf or minimumf reduction as the unmasked reduction of
/// the vector with -inf or +inf in its inactive lanes. MLIR 22's
/// vector-to-llvm fills them with the negative subnormal closest to zero
/// (above every negative active lane) or FLT_MAX (below an active +inf).
struct MaskedMinMaxReduction : OpRewritePattern<vector::MaskOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(vector::MaskOp op,
                                PatternRewriter &rewriter) const override {
    auto reduction = dyn_cast_or_null<vector::ReductionOp>(op.getMaskableOp());
    if (!reduction || op.getPassthru())
      return failure();
    vector::CombiningKind kind = reduction.getKind();
    if (kind != vector::CombiningKind::MAXIMUMF &&
        kind != vector::CombiningKind::MINIMUMF)
      return failure();
    VectorType type = reduction.getSourceVectorType();
    auto elementType = cast<FloatType>(type.getElementType());
    APFloat infinity =
        APFloat::getInf(elementType.getFloatSemantics(),
                        /*Negative=*/kind == vector::CombiningKind::MAXIMUMF);
    Location loc = op.getLoc();
    Value neutral = arith::ConstantOp::create(
        rewriter, loc, DenseElementsAttr::get(type, infinity));
    Value active = arith::SelectOp::create(rewriter, loc, op.getMask(),
                                           reduction.getVector(), neutral);
    rewriter.replaceOpWithNewOp<vector::ReductionOp>(
        op, reduction.getType(), reduction.getKindAttr(), active,
        reduction.getAcc(), reduction.getFastmathAttr());
    return success();
  }
};

/// An op of several results (arith.addui_extended, mulsi_extended,
/// mului_extended) on an n-D vector, which the LLVM lowering takes in one
/// dimension only (its unrolling of n-D vectors takes one result): on the
/// flattened operands.
template <typename OpTy> struct FlattenMultiResultOp : OpRewritePattern<OpTy> {
  using OpRewritePattern<OpTy>::OpRewritePattern;

  LogicalResult matchAndRewrite(OpTy op,
                                PatternRewriter &rewriter) const override {
    auto type = dyn_cast<VectorType>(op->getResult(0).getType());
    if (!type || type.getRank() < 2 || type.isScalable())
      return failure();
    Location loc = op.getLoc();
    auto flat = [&](Type of) {
      return VectorType::get({type.getNumElements()}, getElementTypeOrSelf(of));
    };
    SmallVector<Value> operands;
    for (Value operand : op->getOperands())
      operands.push_back(vector::ShapeCastOp::create(
          rewriter, loc, flat(operand.getType()), operand));
    SmallVector<Type> types;
    for (Type result : op->getResultTypes())
      types.push_back(flat(result));
    auto flatOp = OpTy::create(rewriter, loc, types, operands);
    SmallVector<Value> results;
    for (auto [result, value] :
         llvm::zip(op->getResults(), flatOp->getResults()))
      results.push_back(
          vector::ShapeCastOp::create(rewriter, loc, result.getType(), value));
    rewriter.replaceOp(op, results);
    return success();
  }
};

struct LowerVectorOpsPass
    : public mlirc::impl::LowerVectorOpsBase<LowerVectorOpsPass> {
  using LowerVectorOpsBase::LowerVectorOpsBase;

  void runOnOperation() override {
    if (transfersOnly)
      return lowerTransfers();
    if (failed(lowerOtherContractions()) ||
        failed(lowerGpuMemoryTransfers()))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMultiReductionLoweringPatterns(
        patterns, vector::VectorMultiReductionLowering::InnerReduction);
    vector::populateVectorScanLoweringPatterns(patterns);
    vector::populateVectorGatherLoweringPatterns(patterns);
    vector::populateVectorMaskLoweringPatternsForSideEffectingOps(patterns);
    patterns.add<LowerNDLoad, LowerNDStore, PrintWideFloatsAsF64,
                 ExtractDynamicRow, InsertDynamicRow, MaskedMinMaxReduction,
                 FlattenMultiResultOp<arith::AddUIExtendedOp>,
                 FlattenMultiResultOp<arith::MulSIExtendedOp>,
                 FlattenMultiResultOp<arith::MulUIExtendedOp>>(&getContext());
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }

  /// 1-D transfers of workgroup and private memory as vector loads and
  /// stores (masked where out of bounds): vector-to-llvm, which lowers
  /// transfers after the device lowerings, has no conversion of GPU
  /// address spaces (the NVVM lowering failed at no location).
  LogicalResult lowerGpuMemoryTransfers() {
    SmallVector<Operation *> transfers;
    getOperation()->walk([&](VectorTransferOpInterface op) {
      auto memref = dyn_cast<MemRefType>(op.getShapedType());
      if (memref && op.getVectorType().getRank() == 1 &&
          isa_and_nonnull<gpu::AddressSpaceAttr>(memref.getMemorySpace()))
        transfers.push_back(op);
    });
    if (transfers.empty())
      return success();
    RewritePatternSet patterns(&getContext());
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    return mlirc::applyOpPatternsWithBound(transfers, std::move(patterns),
                                           getArgument());
  }

  /// Every 1-D transfer as a vector load or store, masked where it may be
  /// out of bounds: the mask compares with memref.dim, which in kernels
  /// only the GPU lowerings lower (vector-to-llvm, after them, would leave
  /// it).
  void lowerTransfers() {
    RewritePatternSet patterns(&getContext());
    vector::populateVectorMaskMaterializationPatterns(
        patterns, /*force32BitVectorIndices=*/false);
    vector::populateVectorTransferLoweringPatterns(patterns,
                                                   /*maxTransferRank=*/1);
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      signalPassFailure();
  }

  /// vector-to-llvm lowers contractions as dot products, which take only
  /// additive ones of one element type; the rest (maxnumf, minsi, mul, xor,
  /// f16 into f32, ...) become outer products with their combining kind,
  /// or, into a scalar, reductions.
  LogicalResult lowerOtherContractions() {
    SmallVector<Operation *> contractions;
    getOperation()->walk([&](vector::ContractionOp op) {
      if (allContractions || op.getKind() != vector::CombiningKind::ADD ||
          getElementTypeOrSelf(op.getLhsType()) !=
              getElementTypeOrSelf(op.getAccType()) ||
          getElementTypeOrSelf(op.getRhsType()) !=
              getElementTypeOrSelf(op.getAccType()))
        contractions.push_back(op);
    });
    if (contractions.empty())
      return success();
    RewritePatternSet patterns(&getContext());
    patterns.add<LowerScalarContraction>(&getContext(), /*benefit=*/2);
    vector::populateVectorContractLoweringPatterns(
        patterns, vector::VectorContractLowering::OuterProduct);
    return mlirc::applyOpPatternsWithBound(contractions, std::move(patterns),
                                           getArgument());
  }
};

} // namespace
