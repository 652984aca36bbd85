//===- PermutedBuffers.h - Buffers that trade places in a loop --*- C++ -*-===//
//
// Ping-pong buffers: `scf.for ... iter_args(%src = %a, %dst = %b)` whose
// trips yield `%dst, %src`. Which buffer each carried memref is depends on
// the trip number only, the same in every thread, so the loop need not
// carry them: the host target's loops with barriers keep no memref per
// thread, and SPIR-V without variable pointers carries none.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_PERMUTEDBUFFERS_H
#define MLIRC_PIPELINE_PERMUTEDBUFFERS_H

namespace mlir {
class Operation;
class RewriterBase;
class ValueRange;
namespace scf {
class ForOp;
} // namespace scf
} // namespace mlir

namespace mlirc {

/// Rewrites each scf.for and scf.while in \p root whose trips yield every
/// carried memref as one of the carried memrefs (a permutation of them,
/// which repeats after at most 12 trips; an scf.while's condition passes
/// them on in place) into one that carries none of them: each carried
/// memref becomes an arith.select, by the trip number, of the buffers the
/// loop starts from, and so does each result, by the number of trips (an
/// scf.while counts them). Other loops are left as they are.
void selectPermutedBuffers(mlir::Operation *root);

/// An scf.for before \p loop with its bounds, step and attributes, carrying
/// \p inits, whose body has its arguments and no op yet: \p loop rebuilt
/// to carry other values.
mlir::scf::ForOp createLoopLike(mlir::RewriterBase &rewriter,
                                mlir::scf::ForOp loop, mlir::ValueRange inits);

} // namespace mlirc

#endif // MLIRC_PIPELINE_PERMUTEDBUFFERS_H
