//===- DialectUse.h - Whether a module uses a dialect -----------*- C++ -*-===//
//
// The lowerings of whole dialects (TOSA, shape) run only for
// modules that use them: each of their passes walks the whole module.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_DIALECTUSE_H
#define MLIRC_PIPELINE_DIALECTUSE_H

#include "mlir/IR/Operation.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/SmallVector.h"

namespace mlirc {

/// True when \p op is of \p DialectT (false for an unregistered op).
template <typename DialectT> bool isOpOfDialect(mlir::Operation *op) {
  return llvm::isa_and_present<DialectT>(op->getDialect());
}

/// True when \p root or an op nested in it is of \p DialectT.
template <typename DialectT> bool hasOpOfDialect(mlir::Operation *root) {
  return root
      ->walk([](mlir::Operation *op) {
        return isOpOfDialect<DialectT>(op) ? mlir::WalkResult::interrupt()
                                           : mlir::WalkResult::advance();
      })
      .wasInterrupted();
}

/// Erases the ops of \p DialectT in \p root that a dialect's lowering
/// left unused (constants and shapes it read).
template <typename DialectT> void eraseDeadOpsOfDialect(mlir::Operation *root) {
  llvm::SmallVector<mlir::Operation *> left;
  root->walk([&](mlir::Operation *op) {
    if (isOpOfDialect<DialectT>(op))
      left.push_back(op);
  });
  // Users before what they use, so that a chain of dead ops goes whole.
  for (mlir::Operation *op : llvm::reverse(left))
    if (mlir::isOpTriviallyDead(op))
      op->erase();
}

} // namespace mlirc

#endif // MLIRC_PIPELINE_DIALECTUSE_H
