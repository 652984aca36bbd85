//===- DeallocationStandIns.h - Ops buffer deallocation takes --*- C++ -*-===//
//
// MLIR's ownership-based buffer deallocation rejects every op whose memory
// effects it cannot tell ("ops with unknown memory side effects are not
// supported"): gpu.wait, gpu.launch_func and others a program on tensors
// launches its kernels with. It takes calls, whose callees it analyses
// apart. While it runs, such ops stand as calls of external functions.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_DEALLOCATIONSTANDINS_H
#define MLIRC_PIPELINE_DEALLOCATIONSTANDINS_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/SmallVector.h"

namespace mlirc {

class DeallocationStandIns {
public:
  /// Replaces the ops of \p module's functions that deallocation rejects
  /// (none with regions or memref results) by calls. A synchronous
  /// gpu.wait's call also takes the buffers of the async work it waits for,
  /// so that they are freed after it, not while a kernel may use them.
  void replace(mlir::ModuleOp module);
  /// Puts the ops back in place of their calls.
  void restore();

private:
  struct StandIn {
    mlir::Operation *call;
    mlir::Operation *op;
    mlir::Operation *callee;
  };
  llvm::SmallVector<StandIn> standIns;
};

} // namespace mlirc

#endif // MLIRC_PIPELINE_DEALLOCATIONSTANDINS_H
