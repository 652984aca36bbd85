//===- FloatsAsIntegers.cpp - Float values kept in integers ---------------===//

#include "pipeline/FloatsAsIntegers.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;

bool mlirc::hasKeptFloat(Type type, function_ref<bool(FloatType)> isKept) {
  if (auto function = dyn_cast<FunctionType>(type))
    return llvm::any_of(function.getInputs(),
                        [&](Type t) { return hasKeptFloat(t, isKept); }) ||
           llvm::any_of(function.getResults(),
                        [&](Type t) { return hasKeptFloat(t, isKept); });
  auto element = dyn_cast<FloatType>(getElementTypeOrSelf(type));
  return element && isKept(element);
}

/// \p type with integers of their width for its kept floats.
static Type asIntegers(Type type, function_ref<bool(FloatType)> isKept) {
  if (!mlirc::hasKeptFloat(type, isKept))
    return type;
  auto convert = [&](Type t) { return asIntegers(t, isKept); };
  if (auto function = dyn_cast<FunctionType>(type))
    return FunctionType::get(
        type.getContext(), llvm::map_to_vector(function.getInputs(), convert),
        llvm::map_to_vector(function.getResults(), convert));
  Type integer = IntegerType::get(
      type.getContext(), getElementTypeOrSelf(type).getIntOrFloatBitWidth());
  if (auto shaped = dyn_cast<ShapedType>(type))
    return shaped.clone(integer);
  return integer;
}

/// \p attr with the bits of its kept floats as integers.
static Attribute asIntegers(Attribute attr,
                            function_ref<bool(FloatType)> isKept) {
  if (auto value = dyn_cast<FloatAttr>(attr);
      value && mlirc::hasKeptFloat(value.getType(), isKept))
    return IntegerAttr::get(asIntegers(value.getType(), isKept),
                            value.getValue().bitcastToAPInt());
  if (auto dense = dyn_cast<DenseElementsAttr>(attr);
      dense && mlirc::hasKeptFloat(dense.getElementType(), isKept))
    return dense.bitcast(asIntegers(dense.getElementType(), isKept));
  if (auto type = dyn_cast<TypeAttr>(attr))
    return TypeAttr::get(asIntegers(type.getValue(), isKept));
  return attr;
}

bool mlirc::movesFloatBits(Operation *op) {
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

void mlirc::keepFloatsAsIntegers(Operation *root,
                                 function_ref<bool(FloatType)> isKept) {
  SmallVector<arith::BitcastOp> identities;
  root->walk([&](Operation *op) {
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument argument : block.getArguments())
          argument.setType(asIntegers(argument.getType(), isKept));
    for (OpResult result : op->getResults())
      result.setType(asIntegers(result.getType(), isKept));
    for (NamedAttribute attr : op->getAttrs())
      if (Attribute bits = asIntegers(attr.getValue(), isKept);
          bits != attr.getValue())
        op->setAttr(attr.getName(), bits);
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      function.setType(asIntegers(function.getFunctionType(), isKept));
    if (auto cast = dyn_cast<arith::BitcastOp>(op);
        cast && cast.getIn().getType() == cast.getType())
      identities.push_back(cast);
  });
  for (arith::BitcastOp cast : identities) {
    cast.replaceAllUsesWith(cast.getIn());
    cast.erase();
  }
}
