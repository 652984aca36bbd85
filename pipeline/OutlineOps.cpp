//===- OutlineOps.cpp - Ops rewritten by module passes, in any module -----===//
//
// The scratch module sits inside the module or gpu.module the ops are in,
// so that a pass can run a pipeline on it; it holds only the wrappers, so
// it verifies as a builtin.module whatever its parent is (gpu.func ops,
// which need a gpu.module parent, never move into it).
//
//===----------------------------------------------------------------------===//

#include "pipeline/OutlineOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/MapVector.h"
#include "llvm/ADT/ScopeExit.h"

using namespace mlir;

namespace {

/// A private function of \p type whose body is a copy of \p op.
func::FuncOp createWrapper(OpBuilder &builder, Operation *op, FunctionType type,
                           StringRef name) {
  auto func = func::FuncOp::create(builder, op->getLoc(), name, type);
  func.setPrivate();
  Block *entry = func.addEntryBlock();
  OpBuilder inside = OpBuilder::atBlockBegin(entry);
  // Operand by operand: a mapping of values would give an op whose operands
  // are one value twice (x + x) one argument for both, and the wrapper, which
  // every op of its name and type calls, would ignore its first argument.
  Operation *copy = inside.clone(*op);
  copy->setOperands(entry->getArguments());
  func::ReturnOp::create(inside, op->getLoc(), copy->getResults());
  return func;
}

FunctionType getTypeOf(Operation *op) {
  return FunctionType::get(op->getContext(), op->getOperandTypes(),
                           op->getResultTypes());
}

} // namespace

LogicalResult mlirc::outlineThroughPasses(
    Operation *root, ArrayRef<Operation *> ops, StringRef prefix,
    function_ref<void(OpPassManager &)> populate,
    function_ref<LogicalResult(OpPassManager &, ModuleOp)> run) {
  if (ops.empty())
    return success();
  Block *body = &root->getRegion(0).front();
  OpBuilder builder = OpBuilder::atBlockBegin(body);
  auto scratch = ModuleOp::create(builder, root->getLoc());
  llvm::scope_exit eraseScratch([&] { scratch.erase(); });

  // One wrapper per op name and function type, called by every such op.
  llvm::MapVector<std::pair<OperationName, Type>, func::FuncOp> wrappers;
  builder.setInsertionPointToEnd(scratch.getBody());
  for (Operation *op : ops) {
    auto [it, inserted] =
        wrappers.try_emplace({op->getName(), getTypeOf(op)}, func::FuncOp());
    if (!inserted)
      continue;
    std::string name =
        (prefix + op->getName().getStringRef() + "_" + Twine(wrappers.size()))
            .str();
    std::replace(name.begin(), name.end(), '.', '_');
    it->second = createWrapper(builder, op, getTypeOf(op), name);
  }

  OpPassManager pm(ModuleOp::getOperationName());
  populate(pm);
  if (failed(run(pm, scratch)))
    return failure();

  // Every function moves out. The names the passes chose (for instance
  // __mlir_math_ipowi_i32) and the wrappers' are free in \p root unless
  // the input uses them already.
  SymbolTable symbols(root);
  for (Operation &op : llvm::make_early_inc_range(*scratch.getBody())) {
    auto symbol = dyn_cast<SymbolOpInterface>(op);
    if (symbol && symbols.lookup(symbol.getNameAttr()))
      return symbols.lookup(symbol.getNameAttr())
                 ->emitError("mlirc needs the name '")
             << symbol.getName()
             << "' for a function of its own; rename this symbol";
    op.moveBefore(scratch);
  }
  for (Operation *op : ops) {
    func::FuncOp wrapper = wrappers.lookup({op->getName(), getTypeOf(op)});
    OpBuilder at(op);
    auto call =
        func::CallOp::create(at, op->getLoc(), wrapper, op->getOperands());
    op->replaceAllUsesWith(call);
    op->erase();
  }
  return success();
}
