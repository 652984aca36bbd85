//===- MmaMatrixConversion.cpp - Rewriting !gpu.mma_matrix values ---------===//

#include "pipeline/MmaMatrixConversion.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Transforms/FuncConversions.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/Transforms/Patterns.h"
#include "mlir/Transforms/DialectConversion.h"
#include <limits>
#include <numeric>

using namespace mlir;

static bool isMatrix(Type type) { return isa<gpu::MMAMatrixType>(type); }

bool mlirc::hasMmaMatrices(Operation *op) {
  return llvm::any_of(op->getOperandTypes(), isMatrix) ||
         llvm::any_of(op->getResultTypes(), isMatrix);
}

Type mlirc::getMatrixElementType(gpu::MMAMatrixType type) {
  Type element = type.getElementType();
  if (element.isInteger() && !element.isSignlessInteger())
    return IntegerType::get(type.getContext(), element.getIntOrFloatBitWidth());
  return element;
}

std::pair<Value, Value> mlirc::linearizeMatrixMemref(OpBuilder &b, Location loc,
                                                     Value memref,
                                                     ValueRange indices) {
  auto type = cast<MemRefType>(memref.getType());
  if (type.getLayout().isIdentity()) {
    // Contiguous: the memref's own elements in one dimension, a view that
    // targets addressing buffers logically (Vulkan) fold into accesses.
    Value linear = arith::ConstantIndexOp::create(b, loc, 0);
    for (auto [dim, index] : llvm::enumerate(indices)) {
      Value size = memref::DimOp::create(b, loc, memref, dim);
      linear = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, linear, size), index);
    }
    if (type.getRank() == 1)
      return {memref, linear};
    ReassociationIndices all(type.getRank());
    std::iota(all.begin(), all.end(), 0);
    Value flat = memref::CollapseShapeOp::create(
        b, loc, memref, ArrayRef<ReassociationIndices>{all});
    return {flat, linear};
  }
  auto metadata = memref::ExtractStridedMetadataOp::create(b, loc, memref);
  Value linear = metadata.getOffset();
  for (auto [index, stride] : llvm::zip(indices, metadata.getStrides()))
    linear = arith::AddIOp::create(
        b, loc, linear, arith::MulIOp::create(b, loc, index, stride));
  // The flat view's size only bounds what the strided access may reach;
  // the matrix ops say nothing of it, so it is the largest there is.
  auto flatType = MemRefType::get({ShapedType::kDynamic}, type.getElementType(),
                                  AffineMap(), type.getMemorySpace());
  Value size = arith::ConstantIndexOp::create(
      b, loc, std::numeric_limits<int64_t>::max() / 16);
  Value flat = memref::ReinterpretCastOp::create(
      b, loc, flatType, metadata.getBaseBuffer(), b.getIndexAttr(0),
      ArrayRef<OpFoldResult>{size}, ArrayRef<OpFoldResult>{b.getIndexAttr(1)});
  return {flat, linear};
}

bool mlirc::isUnaryMmaElementwise(gpu::MMAElementwiseOp kind) {
  return kind == gpu::MMAElementwiseOp::NEGATEF ||
         kind == gpu::MMAElementwiseOp::NEGATES ||
         kind == gpu::MMAElementwiseOp::EXTF;
}

Value mlirc::buildMmaElementwise(OpBuilder &b, Location loc,
                                 gpu::MMAElementwiseOp kind, ValueRange args,
                                 VectorType type) {
  switch (kind) {
  case gpu::MMAElementwiseOp::ADDF:
    return arith::AddFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::MULF:
    return arith::MulFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::SUBF:
    return arith::SubFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::MAXF:
    return arith::MaximumFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::MINF:
    return arith::MinimumFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::DIVF:
    return arith::DivFOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::ADDI:
    return arith::AddIOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::MULI:
    return arith::MulIOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::SUBI:
    return arith::SubIOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::DIVS:
    return arith::DivSIOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::DIVU:
    return arith::DivUIOp::create(b, loc, args[0], args[1]);
  case gpu::MMAElementwiseOp::NEGATEF:
    return arith::NegFOp::create(b, loc, args[0]);
  case gpu::MMAElementwiseOp::NEGATES:
    return arith::SubIOp::create(
        b, loc, arith::ConstantOp::create(b, loc, type, b.getZeroAttr(type)),
        args[0]);
  case gpu::MMAElementwiseOp::EXTF:
    return arith::ExtFOp::create(b, loc, type, args[0]);
  }
  llvm_unreachable("unknown elementwise kind");
}

LogicalResult mlirc::convertMmaMatrices(Operation *root,
                                        const TypeConverter &converter,
                                        RewritePatternSet &&patterns) {
  ConversionTarget target(*root->getContext());
  target.markUnknownOpDynamicallyLegal([&](Operation *op) {
    if (isa<BranchOpInterface>(op))
      return converter.isLegal(op->getOperandTypes());
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (!converter.isLegal(block.getArgumentTypes()))
          return false;
    return !hasMmaMatrices(op);
  });
  scf::populateSCFStructuralTypeConversions(converter, patterns);
  populateBranchOpInterfaceTypeConversionPattern(patterns, converter);
  populateAnyFunctionOpInterfaceTypeConversionPattern(patterns, converter);
  ConversionConfig config;
  config.buildMaterializations = false;
  return applyPartialConversion(root, target, std::move(patterns), config);
}
