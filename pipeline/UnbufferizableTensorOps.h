//===- UnbufferizableTensorOps.h - Tensor ops that bufferize -*- C++ -*-===//
//
// MLIR 22's bufferization has no rule for tensor.gather, tensor.scatter and
// tensor.bitcast; mlirc writes them with ops that have one before
// bufferizing.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_UNBUFFERIZABLETENSOROPS_H
#define MLIRC_PIPELINE_UNBUFFERIZABLETENSOROPS_H

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlirc {

/// Rewrites every tensor.gather of \p module as a tensor.generate that
/// extracts each element from the source, every tensor.scatter as a loop
/// nest over its source inserting each element into the destination, and
/// every tensor.bitcast as an elementwise arith.bitcast.
void expressUnbufferizableTensorOps(mlir::ModuleOp module);

} // namespace mlirc

#endif // MLIRC_PIPELINE_UNBUFFERIZABLETENSOROPS_H
