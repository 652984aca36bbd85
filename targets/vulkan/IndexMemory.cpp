//===- IndexMemory.cpp - Memory of index elements in Vulkan kernels -------===//
//
// See IndexMemory.h.
//
//===----------------------------------------------------------------------===//

#include "targets/vulkan/IndexMemory.h"
#include "pipeline/MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

/// The memref \p value and its views, if loads, stores, dims and views are
/// all that use them.
static bool collectViews(Value value, SmallVectorImpl<Value> &views) {
  views.push_back(value);
  for (Operation *user : value.getUsers()) {
    if (isa<memref::LoadOp, memref::DimOp, vector::LoadOp>(user))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (store.getValue() == value)
        return false;
      continue;
    }
    if (auto store = dyn_cast<vector::StoreOp>(user)) {
      if (store.getValueToStore() == value)
        return false;
      continue;
    }
    auto view = dyn_cast<ViewLikeOpInterface>(user);
    if (!view || view.getViewSource() != value || user->getNumResults() != 1 ||
        !isa<MemRefType>(user->getResult(0).getType()) ||
        !collectViews(user->getResult(0), views))
      return false;
  }
  return true;
}

void mlirc::castIndexAccesses(Value memory) {
  auto integer = cast<MemRefType>(memory.getType()).getElementType();
  OpBuilder b(memory.getContext());
  for (Operation *user : llvm::make_early_inc_range(memory.getUsers())) {
    b.setInsertionPoint(user);
    Location loc = user->getLoc();
    if (auto load = dyn_cast<memref::LoadOp>(user)) {
      Value element = memref::LoadOp::create(b, loc, memory, load.getIndices());
      load.replaceAllUsesWith(
          arith::IndexCastOp::create(b, loc, b.getIndexType(), element)
              .getResult());
      load.erase();
    } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
      Value element =
          arith::IndexCastOp::create(b, loc, integer, store.getValue());
      memref::StoreOp::create(b, loc, element, memory, store.getIndices());
      store.erase();
    } else if (auto load = dyn_cast<vector::LoadOp>(user)) {
      VectorType type = load.getVectorType();
      Value elements = vector::LoadOp::create(b, loc, type.clone(integer),
                                              memory, load.getIndices());
      load.replaceAllUsesWith(
          arith::IndexCastOp::create(b, loc, type, elements).getResult());
      load.erase();
    } else if (auto store = dyn_cast<vector::StoreOp>(user)) {
      VectorType type = store.getVectorType();
      Value elements = arith::IndexCastOp::create(b, loc, type.clone(integer),
                                                  store.getValueToStore());
      vector::StoreOp::create(b, loc, elements, memory, store.getIndices());
      store.erase();
    }
  }
}

void mlirc::widenIndexArguments(gpu::GPUModuleOp module) {
  for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
    if (!kernel.isKernel())
      continue;
    for (BlockArgument argument : kernel.getArguments()) {
      auto type = dyn_cast<MemRefType>(argument.getType());
      if (!type || !type.getElementType().isIndex() ||
          getGpuAddressSpace(type.getMemorySpace()) !=
              gpu::AddressSpace::Global)
        continue;
      SmallVector<Value> views;
      if (!collectViews(argument, views))
        continue;
      Type i64 = IntegerType::get(kernel.getContext(), 64);
      for (Value view : views)
        view.setType(MemRefType::Builder(cast<MemRefType>(view.getType()))
                         .setElementType(i64));
      // The arguments only: workgroup and private attributions follow them
      // among the block's arguments.
      kernel.setType(
          FunctionType::get(kernel.getContext(),
                            TypeRange(kernel.front().getArgumentTypes())
                                .take_front(kernel.getNumArguments()),
                            kernel.getResultTypes()));
      for (Value view : views)
        castIndexAccesses(view);
    }
  }
}
