//===- EmulateBF16.cpp - bf16 kernels as f32 arithmetic -------------------===//

#include "targets/vulkan/EmulateBF16.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/NarrowFloatsInF32.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;

/// Whether \p type is bf16, or has bf16 elements.
static bool hasBF16(Type type) {
  if (auto function = dyn_cast<FunctionType>(type))
    return llvm::any_of(function.getInputs(), hasBF16) ||
           llvm::any_of(function.getResults(), hasBF16);
  return getElementTypeOrSelf(type).isBF16();
}

/// \p type with i16 for its bf16.
static Type asBits(Type type) {
  if (!hasBF16(type))
    return type;
  Type i16 = IntegerType::get(type.getContext(), 16);
  if (auto function = dyn_cast<FunctionType>(type))
    return FunctionType::get(
        type.getContext(), llvm::map_to_vector(function.getInputs(), asBits),
        llvm::map_to_vector(function.getResults(), asBits));
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(i16);
  return i16;
}

/// \p attr with the bits of its bf16 values as i16.
static Attribute asBits(Attribute attr) {
  if (auto value = dyn_cast<FloatAttr>(attr); value && value.getType().isBF16())
    return IntegerAttr::get(asBits(value.getType()),
                            value.getValue().bitcastToAPInt());
  if (auto dense = dyn_cast<DenseElementsAttr>(attr);
      dense && dense.getElementType().isBF16())
    return dense.bitcast(IntegerType::get(attr.getContext(), 16));
  if (auto type = dyn_cast<TypeAttr>(attr))
    return TypeAttr::get(asBits(type.getValue()));
  return attr;
}

/// Ops that only move a bf16 value's bits, which an i16 moves the same.
static bool movesBits(Operation *op) {
  if (isa<memref::MemRefDialect, scf::SCFDialect, func::FuncDialect,
          ub::UBDialect, cf::ControlFlowDialect>(op->getDialect()))
    return !isa<memref::AtomicRMWOp, memref::GenericAtomicRMWOp>(op);
  return isa<arith::SelectOp, arith::ConstantOp, arith::BitcastOp,
             vector::LoadOp, vector::StoreOp, vector::TransferReadOp,
             vector::TransferWriteOp, vector::MaskedLoadOp,
             vector::MaskedStoreOp, vector::BroadcastOp, vector::ExtractOp,
             vector::InsertOp, vector::ShuffleOp, vector::FromElementsOp,
             vector::ExtractStridedSliceOp, vector::InsertStridedSliceOp,
             vector::ShapeCastOp, vector::TransposeOp, vector::InterleaveOp,
             vector::DeinterleaveOp, gpu::GPUFuncOp, gpu::ReturnOp,
             gpu::ShuffleOp, gpu::RotateOp, gpu::SubgroupBroadcastOp>(op);
}

/// Arithmetic on bf16 as f32, and the conversions between them as integer
/// shifts and rounding.
static LogicalResult computeInF32(Operation *kernels) {
  MLIRContext *context = kernels->getContext();
  if (failed(mlirc::computeNarrowFloatsInF32(kernels,
                                             {BFloat16Type::get(context)})))
    return failure();
  RewritePatternSet expansions(context);
  arith::populateExpandBFloat16Patterns(expansions);
  return mlirc::applyPatternsWithBound(kernels, std::move(expansions),
                                       "mlirc-convert-kernels-to-spirv");
}

LogicalResult mlirc::emulateBF16(Operation *kernels) {
  auto usesBF16 = [](Operation *op) {
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      if (hasBF16(function.getFunctionType()))
        return true;
    return llvm::any_of(op->getOperandTypes(), hasBF16) ||
           llvm::any_of(op->getResultTypes(), hasBF16);
  };
  if (!kernels
           ->walk([&](Operation *op) {
             return usesBF16(op) ? WalkResult::interrupt()
                                 : WalkResult::advance();
           })
           .wasInterrupted())
    return success();
  if (failed(computeInF32(kernels)))
    return failure();
  // What is left of bf16 moves bits: an i16 from here on, which SPIR-V
  // stores in two bytes as the host does (MLIR 22 would make f32 of it).
  WalkResult computing = kernels->walk([&](Operation *op) {
    if (!usesBF16(op) || movesBits(op))
      return WalkResult::advance();
    op->emitError("'")
        << op->getName()
        << "' on bf16 cannot be compiled for the Vulkan target: SPIR-V for "
           "Vulkan has no bf16, and mlirc computes it as f32 through arith "
           "and math ops only; extend it to f32 (arith.extf) first";
    return WalkResult::interrupt();
  });
  if (computing.wasInterrupted())
    return failure();
  SmallVector<arith::BitcastOp> identities;
  kernels->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          argument.setType(asBits(argument.getType()));
    for (OpResult result : op->getResults())
      result.setType(asBits(result.getType()));
    for (NamedAttribute attr : op->getAttrs())
      if (Attribute bits = asBits(attr.getValue()); bits != attr.getValue())
        op->setAttr(attr.getName(), bits);
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      function.setType(asBits(function.getFunctionType()));
    if (auto cast = dyn_cast<arith::BitcastOp>(op);
        cast && cast.getIn().getType() == cast.getType())
      identities.push_back(cast);
  });
  for (arith::BitcastOp cast : identities) {
    cast.replaceAllUsesWith(cast.getIn());
    cast.erase();
  }
  return success();
}
