//===- VectorRowsInSCF.cpp - n-D vectors through scf as rows --------------===//

#include "targets/vulkan/VectorRowsInSCF.h"
#include "pipeline/BoundedRewrites.h"
#include "targets/vulkan/MissingSPIRVLowerings.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

/// Whether \p type is a vector that travels in pieces: one of more than one
/// dimension, or of more elements than SPIR-V's vectors have.
static bool isSplit(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && !vector.isScalable() &&
         (vector.getRank() >= 2 || mlirc::isLongVector(vector));
}

/// The length of the pieces a row of \p length elements travels as: what
/// MLIR's unrolling to SPIR-V's sizes makes of it.
static int64_t getPieceLength(int64_t length) {
  return spirv::getComputeVectorSize(length);
}

/// The positions of \p type's rows, in order.
static SmallVector<SmallVector<int64_t>> getRowPositions(VectorType type) {
  ArrayRef<int64_t> outer = type.getShape().drop_back();
  SmallVector<int64_t> strides = computeSuffixProduct(outer);
  SmallVector<SmallVector<int64_t>> positions;
  for (int64_t row = 0, e = computeProduct(outer); row < e; ++row)
    positions.push_back(delinearize(row, strides));
  return positions;
}

LogicalResult mlirc::splitVectorsInSCF(Operation *kernels) {
  bool any = false;
  kernels->walk([&](Operation *op) {
    if (isa<scf::SCFDialect>(op->getDialect()) &&
        (llvm::any_of(op->getResultTypes(), isSplit) ||
         llvm::any_of(op->getOperandTypes(), isSplit)))
      any = true;
  });
  if (!any)
    return success();
  MLIRContext *context = kernels->getContext();
  TypeConverter converter;
  converter.addConversion([](Type type) { return type; });
  converter.addConversion([](VectorType type, SmallVectorImpl<Type> &pieces)
                              -> std::optional<LogicalResult> {
    if (!isSplit(type))
      return std::nullopt;
    int64_t length = type.getShape().back();
    auto piece = VectorType::get(getPieceLength(length), type.getElementType());
    pieces.append(computeProduct(type.getShape().drop_back()) * length /
                      piece.getNumElements(),
                  piece);
    return success();
  });
  converter.addTargetMaterialization([](OpBuilder &b, TypeRange pieces,
                                        ValueRange inputs,
                                        Location loc) -> SmallVector<Value> {
    auto type = inputs.size() == 1 ? dyn_cast<VectorType>(inputs[0].getType())
                                   : VectorType();
    if (!type || !isSplit(type))
      return {};
    int64_t length = type.getShape().back();
    int64_t piece = getPieceLength(length);
    SmallVector<Value> values;
    for (ArrayRef<int64_t> position : getRowPositions(type)) {
      Value row = type.getRank() == 1
                      ? inputs[0]
                      : vector::ExtractOp::create(b, loc, inputs[0], position);
      for (int64_t first = 0; first < length; first += piece)
        values.push_back(piece == length
                             ? row
                             : vector::ExtractStridedSliceOp::create(
                                   b, loc, row, ArrayRef<int64_t>{first},
                                   ArrayRef<int64_t>{piece},
                                   ArrayRef<int64_t>{1}));
    }
    return values;
  });
  converter.addSourceMaterialization([](OpBuilder &b, VectorType type,
                                        ValueRange pieces,
                                        Location loc) -> Value {
    if (!isSplit(type))
      return Value();
    int64_t length = type.getShape().back();
    int64_t piece = getPieceLength(length);
    Value whole = ub::PoisonOp::create(b, loc, type);
    size_t next = 0;
    for (ArrayRef<int64_t> position : getRowPositions(type))
      for (int64_t first = 0; first < length; first += piece) {
        SmallVector<int64_t> offsets(position);
        offsets.push_back(first);
        whole = vector::InsertStridedSliceOp::create(
            b, loc, pieces[next++], whole, offsets, ArrayRef<int64_t>{1});
      }
    return whole;
  });
  ConversionTarget target(*context);
  target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
  RewritePatternSet patterns(context);
  scf::populateSCFStructuralTypeConversionsAndLegality(converter, patterns,
                                                       target);
  if (failed(applyPartialConversion(kernels, target, std::move(patterns))))
    return failure();
  // The extracts of the inserts just made, and of constants.
  RewritePatternSet folds(context);
  vector::ExtractOp::getCanonicalizationPatterns(folds, context);
  vector::InsertOp::getCanonicalizationPatterns(folds, context);
  vector::ExtractStridedSliceOp::getCanonicalizationPatterns(folds, context);
  return mlirc::applyPatternsWithBound(kernels, std::move(folds),
                                       "mlirc-convert-kernels-to-spirv");
}
