//===- IndexArguments.cpp - Kernel memrefs of index elements --------------===//

#include "targets/vulkan/IndexArguments.h"
#include "pipeline/MemorySpaces.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

/// The memref \p value and its views, if loads, stores, dims and views are
/// all that use them.
static bool collectViews(Value value, SmallVectorImpl<Value> &views) {
  views.push_back(value);
  for (Operation *user : value.getUsers()) {
    if (isa<memref::LoadOp, memref::DimOp>(user))
      continue;
    if (auto store = dyn_cast<memref::StoreOp>(user)) {
      if (store.getValue() == value)
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
      OpBuilder b(kernel.getContext());
      Type i64 = b.getI64Type();
      for (Value view : views)
        view.setType(MemRefType::Builder(cast<MemRefType>(view.getType()))
                         .setElementType(i64));
      kernel.setType(FunctionType::get(
          kernel.getContext(), kernel.front().getArgumentTypes(),
          kernel.getResultTypes()));
      for (Value view : views)
        for (Operation *user : llvm::make_early_inc_range(view.getUsers())) {
          b.setInsertionPoint(user);
          Location loc = user->getLoc();
          if (auto load = dyn_cast<memref::LoadOp>(user)) {
            Value wide =
                memref::LoadOp::create(b, loc, view, load.getIndices());
            load.replaceAllUsesWith(
                arith::IndexCastOp::create(b, loc, b.getIndexType(), wide)
                    .getResult());
            load.erase();
          } else if (auto store = dyn_cast<memref::StoreOp>(user)) {
            Value wide =
                arith::IndexCastOp::create(b, loc, i64, store.getValue());
            memref::StoreOp::create(b, loc, wide, view, store.getIndices());
            store.erase();
          }
        }
    }
  }
}
