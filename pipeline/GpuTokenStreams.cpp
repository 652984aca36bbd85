//===- GpuTokenStreams.cpp - GPU tokens as gpu-to-llvm lowers them -------===//

#include "pipeline/GpuTokenStreams.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;
using namespace mlirc;

bool mlirc::isGpuEvent(Value token) {
  return isa<BlockArgument>(token) || token.getDefiningOp<func::CallOp>() ||
         token.getDefiningOp<async::AwaitOp>();
}

SmallVector<Value> mlirc::getSameStreamTokens(Value token) {
  auto dependency = [](Value value) -> Value {
    auto op = value.getDefiningOp<gpu::AsyncOpInterface>();
    if (!op || isa<gpu::WaitOp>(op) || op.getAsyncDependencies().size() != 1)
      return {};
    return op.getAsyncDependencies().front();
  };
  Value root = token;
  while (Value next = dependency(root))
    root = next;
  llvm::SetVector<Value> family;
  family.insert(root);
  for (unsigned i = 0; i < family.size(); ++i)
    for (Operation *user : family[i].getUsers())
      if (auto op = dyn_cast<gpu::AsyncOpInterface>(user))
        if (Value result = op.getAsyncToken())
          if (dependency(result) == family[i])
            family.insert(result);
  return family.takeVector();
}

Value GpuEventCalls::call(OpBuilder &builder, Location loc, StringRef name,
                          ValueRange pointers, bool returnsPointer) {
  MLIRContext *context = builder.getContext();
  Type ptr = LLVM::LLVMPointerType::get(context);
  auto function = module.lookupSymbol<LLVM::LLVMFuncOp>(name);
  if (!function) {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToEnd(module.getBody());
    Type result = returnsPointer ? ptr : Type(LLVM::LLVMVoidType::get(context));
    SmallVector<Type> args(pointers.size(), ptr);
    function =
        LLVM::LLVMFuncOp::create(builder, module.getLoc(), name,
                                 LLVM::LLVMFunctionType::get(result, args));
  }
  SmallVector<Value> operands;
  for (Value value : pointers)
    operands.push_back(
        isa<gpu::AsyncTokenType>(value.getType())
            ? UnrealizedConversionCastOp::create(builder, loc, ptr, value)
                  .getResult(0)
            : value);
  auto call = LLVM::CallOp::create(builder, loc, function, operands);
  return returnsPointer ? call.getResult() : Value();
}

Value GpuEventCalls::recordEvent(OpBuilder &builder, Location loc,
                                 Value streamToken) {
  Value event = call(builder, loc, "mgpuEventCreate", {}, true);
  call(builder, loc, "mgpuEventRecord", {event, streamToken}, false);
  return UnrealizedConversionCastOp::create(
             builder, loc, gpu::AsyncTokenType::get(builder.getContext()),
             event)
      .getResult(0);
}

void GpuEventCalls::destroyStream(OpBuilder &builder, Location loc,
                                  Value streamToken) {
  call(builder, loc, "mgpuStreamDestroy", streamToken, false);
}

void GpuEventCalls::destroyEvent(OpBuilder &builder, Location loc,
                                 Value eventToken) {
  call(builder, loc, "mgpuEventDestroy", eventToken, false);
}
