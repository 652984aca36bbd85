//===- TensorGatherScatter.h - tensor.gather/scatter as bufferizable ops -===//
//
// MLIR 22's bufferization has no rule for tensor.gather and tensor.scatter;
// mlirc writes them with ops that have one before bufferizing.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_TENSORGATHERSCATTER_H
#define MLIRC_PIPELINE_TENSORGATHERSCATTER_H

namespace mlir {
class ModuleOp;
} // namespace mlir

namespace mlirc {

/// Rewrites every tensor.gather of \p module as a tensor.generate that
/// extracts each element from the source, and every tensor.scatter as a
/// loop nest over its source inserting each element into the destination.
void expressGathersAndScatters(mlir::ModuleOp module);

} // namespace mlirc

#endif // MLIRC_PIPELINE_TENSORGATHERSCATTER_H
