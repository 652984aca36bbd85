//===- AsyncFunctionSignatures.cpp - Async values through calls -----------===//
//
// See AsyncFunctionSignatures.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/AsyncFunctionSignatures.h"

#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

using namespace mlir;

using mlirc::holdsAsyncType;

bool mlirc::holdsAsyncType(Type type) {
  bool found = false;
  type.walk([&](Type element) {
    found |= isa<async::TokenType, async::ValueType, async::GroupType>(element);
  });
  return found;
}

namespace {

/// The func.func results of \p type: a struct holding an async type is
/// FuncToLLVM's packing of several results.
SmallVector<Type> unpackedResults(LLVM::LLVMFunctionType type) {
  Type result = type.getReturnType();
  if (isa<LLVM::LLVMVoidType>(result))
    return {};
  auto packed = dyn_cast<LLVM::LLVMStructType>(result);
  if (packed && holdsAsyncType(packed))
    return llvm::to_vector(packed.getBody());
  return {result};
}

/// The values the insertvalue chain ending in \p packed put in its fields,
/// or failure where a field is not one such insertion.
FailureOr<SmallVector<Value>> insertedValues(Value packed, size_t fields) {
  SmallVector<Value> values(fields);
  while (auto insert = packed.getDefiningOp<LLVM::InsertValueOp>()) {
    ArrayRef<int64_t> position = insert.getPosition();
    if (position.size() == 1 && position[0] < int64_t(fields) &&
        !values[position[0]])
      values[position[0]] = insert.getValue();
    packed = insert.getContainer();
  }
  if (llvm::any_of(values, [](Value value) { return !value; }))
    return failure();
  return values;
}

LogicalResult restoreReturns(func::FuncOp func, bool packed) {
  size_t results = func.getNumResults();
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp op) { returns.push_back(op); });
  for (LLVM::ReturnOp op : returns) {
    SmallVector<Value> values(op.getOperands());
    if (packed) {
      FailureOr<SmallVector<Value>> inserted =
          insertedValues(op.getArg(), results);
      if (failed(inserted))
        return op.emitError("internal compiler error: the results of a "
                            "function returning async values are not "
                            "packed as mlirc expects; please report it with "
                            "the input");
      values = std::move(*inserted);
    }
    OpBuilder b(op);
    func::ReturnOp::create(b, op.getLoc(), values);
    op.erase();
  }
  return success();
}

void restoreCall(LLVM::CallOp call, func::FuncOp callee, bool packed) {
  OpBuilder b(call);
  auto restored =
      func::CallOp::create(b, call.getLoc(), callee, call.getArgOperands());
  if (!packed) {
    call.replaceAllUsesWith(restored.getResults());
    call.erase();
    return;
  }
  Value result = call.getResult();
  for (OpOperand &use : llvm::make_early_inc_range(result.getUses())) {
    auto extract = dyn_cast<LLVM::ExtractValueOp>(use.getOwner());
    if (!extract || extract.getPosition().size() != 1)
      continue;
    extract.replaceAllUsesWith(restored.getResult(extract.getPosition()[0]));
    extract.erase();
  }
  if (!result.use_empty()) {
    // Another use of the whole struct: pack it again.
    Value repacked = LLVM::PoisonOp::create(b, call.getLoc(), result.getType());
    for (auto [index, value] : llvm::enumerate(restored.getResults()))
      repacked = LLVM::InsertValueOp::create(b, call.getLoc(), repacked, value,
                                             int64_t(index));
    result.replaceAllUsesWith(repacked);
  }
  call.erase();
}

} // namespace

LogicalResult mlirc::restoreAsyncFunctionSignatures(ModuleOp module) {
  SmallVector<LLVM::LLVMFuncOp> functions;
  for (auto func : module.getOps<LLVM::LLVMFuncOp>())
    if (holdsAsyncType(func.getFunctionType()))
      functions.push_back(func);
  for (LLVM::LLVMFuncOp llvmFunc : functions) {
    LLVM::LLVMFunctionType type = llvmFunc.getFunctionType();
    SmallVector<Type> results = unpackedResults(type);
    bool packed = results.size() > 1 ||
                  (results.size() == 1 && results[0] != type.getReturnType());
    std::optional<SymbolTable::UseRange> uses =
        SymbolTable::getSymbolUses(llvmFunc, module);
    SmallVector<LLVM::CallOp> calls;
    for (const SymbolTable::SymbolUse &use : *uses) {
      auto call = dyn_cast<LLVM::CallOp>(use.getUser());
      if (!call)
        return use.getUser()->emitError()
               << "the address of function '" << llvmFunc.getName()
               << "', which takes or returns async values, is not supported; "
                  "call it directly";
      calls.push_back(call);
    }
    OpBuilder b(llvmFunc);
    auto func =
        func::FuncOp::create(b, llvmFunc.getLoc(), llvmFunc.getName(),
                             b.getFunctionType(type.getParams(), results));
    if (llvmFunc.getLinkage() == LLVM::Linkage::Internal ||
        llvmFunc.getLinkage() == LLVM::Linkage::Private ||
        llvmFunc.isExternal())
      func.setPrivate();
    func.getBody().takeBody(llvmFunc.getBody());
    if (failed(restoreReturns(func, packed)))
      return failure();
    for (LLVM::CallOp call : calls)
      restoreCall(call, func, packed);
    llvmFunc.erase();
  }
  return success();
}
