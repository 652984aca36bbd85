//===- DialectUse.h - Whether a module uses a dialect -----------*- C++ -*-===//
//
// The lowerings of whole dialects (TOSA, shape) run only for
// modules that use them: each of their passes walks the whole module.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_DIALECTUSE_H
#define MLIRC_PIPELINE_DIALECTUSE_H

#include "mlir/IR/Operation.h"

namespace mlirc {

/// True when \p root or an op nested in it is of \p DialectT.
template <typename DialectT> bool hasOpOfDialect(mlir::Operation *root) {
  return root
      ->walk([](mlir::Operation *op) {
        return llvm::isa_and_present<DialectT>(op->getDialect())
                   ? mlir::WalkResult::interrupt()
                   : mlir::WalkResult::advance();
      })
      .wasInterrupted();
}

} // namespace mlirc

#endif // MLIRC_PIPELINE_DIALECTUSE_H
