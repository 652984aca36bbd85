//===- BufferAliases.cpp - What may be the same buffer --------------------===//
//
// See BufferAliases.h.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BufferAliases.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Interfaces/ViewLikeInterface.h"

using namespace mlir;

Value mlirc::getViewRoot(Value value) {
  while (auto view = value.getDefiningOp<ViewLikeOpInterface>())
    value = view.getViewSource();
  return value;
}

void mlirc::forEachAliasUse(Value buffer, function_ref<void(OpOperand &)> visit,
                            Operation *except) {
  for (OpOperand &use : buffer.getUses()) {
    visit(use);
    Operation *user = use.getOwner();
    auto view = dyn_cast<ViewLikeOpInterface>(user);
    if (user != except &&
        ((view && view.getViewSource() == buffer) ||
         (isa<arith::SelectOp>(user) && use.getOperandNumber() > 0)))
      for (Value result : user->getResults())
        forEachAliasUse(result, visit, except);
  }
}

bool mlirc::mayWriteAt(OpOperand &use) {
  Operation *user = use.getOwner();
  if (auto view = dyn_cast<ViewLikeOpInterface>(user))
    if (view.getViewSource() == use.get())
      return false;
  auto effects = dyn_cast<MemoryEffectOpInterface>(user);
  if (!effects)
    return true;
  SmallVector<MemoryEffects::EffectInstance> instances;
  effects.getEffects(instances);
  return llvm::any_of(instances, [&](const MemoryEffects::EffectInstance &e) {
    return isa<MemoryEffects::Write, MemoryEffects::Free>(e.getEffect()) &&
           (!e.getValue() || e.getValue() == use.get());
  });
}
