//===- OutlineMathOps.cpp - ipowi and fpowi through convert-math-to-funcs -===//
//
// MLIR lowers math.ipowi (and math.fpowi where the target has no powi)
// only with convert-math-to-funcs, which runs on a builtin.module and
// adds its functions to that module. Run on a gpu.module's ops it would
// put them into the host module, out of the kernels' reach. Here each
// distinct op and type becomes a wrapper function in a scratch module
// nested in the op this pass runs on; MLIR's pass rewrites the wrappers,
// and the functions it made move next to their callers.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Conversion/MathToFuncs/MathToFuncs.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_OUTLINEMATHOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct OutlineMathOpsPass
    : public mlirc::impl::OutlineMathOpsBase<OutlineMathOpsPass> {
  using OutlineMathOpsBase::OutlineMathOpsBase;

  void runOnOperation() override {
    Operation *root = getOperation();
    if (!root->hasTrait<OpTrait::SymbolTable>() ||
        root->getNumRegions() != 1 || !root->getRegion(0).hasOneBlock())
      return;
    SmallVector<Operation *> ops = collectOps(root);
    if (ops.empty())
      return;

    Block *body = &root->getRegion(0).front();
    OpBuilder builder = OpBuilder::atBlockBegin(body);
    auto scratch = ModuleOp::create(builder, root->getLoc());
    // One wrapper per op name and function type, called by every such op.
    llvm::MapVector<std::pair<OperationName, Type>, func::FuncOp> wrappers;
    builder.setInsertionPointToEnd(scratch.getBody());
    for (Operation *op : ops) {
      auto type = builder.getFunctionType(op->getOperandTypes(),
                                          op->getResultTypes());
      auto [it, inserted] =
          wrappers.try_emplace({op->getName(), type}, func::FuncOp());
      if (inserted)
        it->second = createWrapper(builder, op, type, wrappers.size());
    }

    OpPassManager pm(ModuleOp::getOperationName());
    pm.addPass(createConvertMathToFuncs());
    if (failed(runPipeline(pm, scratch))) {
      scratch.erase();
      return signalPassFailure();
    }

    // Every function moves out; the names MLIR's pass chose
    // (__mlir_math_ipowi_i32, ...) and the wrappers' are unique in the
    // module unless the input has them already.
    SymbolTable symbols(root);
    for (Operation &op : llvm::make_early_inc_range(*scratch.getBody())) {
      auto symbol = dyn_cast<SymbolOpInterface>(op);
      if (symbol && symbols.lookup(symbol.getNameAttr())) {
        symbol->emitError("mlirc needs the name '")
            << symbol.getName() << "' for an outlined math function; "
            << "rename the input's symbol of that name";
        scratch.erase();
        return signalPassFailure();
      }
      op.moveBefore(scratch);
    }
    scratch.erase();
    for (Operation *op : ops) {
      auto type = FunctionType::get(op->getContext(), op->getOperandTypes(),
                                    op->getResultTypes());
      func::FuncOp wrapper = wrappers.lookup({op->getName(), type});
      OpBuilder at(op);
      auto call = func::CallOp::create(at, op->getLoc(), wrapper,
                                       op->getOperands());
      op->replaceAllUsesWith(call);
      op->erase();
    }
  }

private:
  /// The ops to outline in \p root, not in nested gpu.modules (lowered on
  /// their own).
  SmallVector<Operation *> collectOps(Operation *root) {
    SmallVector<Operation *> ops;
    root->walk([&](Operation *op) {
      if (op != root && isa<gpu::GPUModuleOp>(op))
        return WalkResult::skip();
      if (isa<math::IPowIOp>(op) || (includeFPowI && isa<math::FPowIOp>(op)))
        ops.push_back(op);
      return WalkResult::advance();
    });
    return ops;
  }

  /// A private function of \p type whose body is a copy of \p op.
  func::FuncOp createWrapper(OpBuilder &builder, Operation *op,
                             FunctionType type, unsigned index) {
    std::string name = ("__mlirc_" + op->getName().stripDialect() + "_" +
                        Twine(index))
                           .str();
    auto func = func::FuncOp::create(builder, op->getLoc(), name, type);
    func.setPrivate();
    Block *entry = func.addEntryBlock();
    OpBuilder inside = OpBuilder::atBlockBegin(entry);
    IRMapping mapping;
    mapping.map(op->getOperands(), entry->getArguments());
    Operation *copy = inside.clone(*op, mapping);
    func::ReturnOp::create(inside, op->getLoc(), copy->getResults());
    return func;
  }
};

} // namespace
