//===- VectorRowsInSCF.cpp - n-D vectors through scf as rows --------------===//

#include "targets/vulkan/VectorRowsInSCF.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

/// Whether \p type is a vector that travels as rows.
static bool isSplit(Type type) {
  auto vector = dyn_cast<VectorType>(type);
  return vector && vector.getRank() >= 2 && !vector.isScalable();
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
  converter.addConversion([](VectorType type, SmallVectorImpl<Type> &rows)
                              -> std::optional<LogicalResult> {
    if (!isSplit(type))
      return std::nullopt;
    auto row = VectorType::get(type.getShape().back(), type.getElementType());
    rows.append(computeProduct(type.getShape().drop_back()), row);
    return success();
  });
  converter.addTargetMaterialization([](OpBuilder &b, TypeRange rows,
                                        ValueRange inputs,
                                        Location loc) -> SmallVector<Value> {
    auto type = inputs.size() == 1 ? dyn_cast<VectorType>(inputs[0].getType())
                                   : VectorType();
    if (!type || !isSplit(type))
      return {};
    SmallVector<Value> values;
    for (ArrayRef<int64_t> position : getRowPositions(type))
      values.push_back(vector::ExtractOp::create(b, loc, inputs[0], position));
    return values;
  });
  converter.addSourceMaterialization([](OpBuilder &b, VectorType type,
                                        ValueRange rows,
                                        Location loc) -> Value {
    if (!isSplit(type))
      return Value();
    Value whole = ub::PoisonOp::create(b, loc, type);
    for (auto [row, position] : llvm::zip(rows, getRowPositions(type)))
      whole = vector::InsertOp::create(b, loc, row, whole, position);
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
  (void)applyPatternsGreedily(kernels, std::move(folds));
  return success();
}
