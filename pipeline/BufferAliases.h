//===- BufferAliases.h - What may be the same buffer ------------*- C++ -*-===//
//
// The rewrites that replace a buffer by a copy of it (CarriedBuffers.h,
// targets/vulkan/CopyChosenBuffers.h) must know who else may read or write
// it: its views, and the selects that may pick it.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_BUFFERALIASES_H
#define MLIRC_PIPELINE_BUFFERALIASES_H

#include "mlir/IR/Value.h"

namespace mlirc {

/// The buffer \p value is a view of (through view-like ops), or \p value.
mlir::Value getViewRoot(mlir::Value value);

/// Calls \p visit with each use of \p buffer and of what may be it: views of
/// it and selects of it (except \p except's results).
void forEachAliasUse(mlir::Value buffer,
                     llvm::function_ref<void(mlir::OpOperand &)> visit,
                     mlir::Operation *except = nullptr);

/// Whether the op at \p use may write or free the buffer it uses there (an
/// op whose effects are unknown may; a view of it does not).
bool mayWriteAt(mlir::OpOperand &use);

} // namespace mlirc

#endif // MLIRC_PIPELINE_BUFFERALIASES_H
