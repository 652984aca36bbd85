//===- ScalarizeVectorMemory.h - Vector memory access per element -*- C++ -*-=//
//
// SPIR-V for Vulkan addresses memory logically: MLIR's lowering of a
// vector load or store through a bitcast pointer is invalid there (outside
// storage buffers with variable pointers), so vectors are read and written
// element by element.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_SCALARIZEVECTORMEMORY_H
#define MLIRC_TARGETS_VULKAN_SCALARIZEVECTORMEMORY_H

namespace mlir {
class RewritePatternSet;
} // namespace mlir

namespace mlirc {

/// Every 1-D vector access of a memref (loads, stores, masked, expanding
/// and compressing ones, gathers and scatters) as memref.load and
/// memref.store of each element, masked ones each under their mask bit
/// (ElementAccesses.h), transfers first as loads and stores (MLIR's
/// patterns).
void populateScalarizeVectorMemoryPatterns(mlir::RewritePatternSet &patterns);

/// What unrolling vectors to SPIR-V's sizes leaves: slices of a vector made
/// of elements as the vector of those elements, slices beside an inserted
/// one as slices of what it was inserted into.
void populateFoldUnrolledVectorsPatterns(mlir::RewritePatternSet &patterns);

} // namespace mlirc

#endif // MLIRC_TARGETS_VULKAN_SCALARIZEVECTORMEMORY_H
