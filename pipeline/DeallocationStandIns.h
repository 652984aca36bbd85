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

namespace mlir {
class OpPassManager;
} // namespace mlir

namespace mlirc {

/// Whether \p op allocates or frees memory: the ops a program's own code
/// has, which buffer deallocation must take as manually freed.
bool allocatesOrFrees(mlir::Operation *op);

/// MLIR's buffer deallocation pipeline, as mlirc runs it after bufferizing
/// (its bounded canonicalizer in place of MLIR's), on a module whose own
/// allocations and frees are marked as manually freed, and whose ops that
/// deallocation rejects DeallocationStandIns replaced.
void addBufferDeallocationPasses(mlir::OpPassManager &pm);

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
