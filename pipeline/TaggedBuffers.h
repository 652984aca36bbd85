//===- TaggedBuffers.h - Loops that carry which buffer, not it ---*- C++
//-*-===//
//
// A loop whose trips choose among buffers from before it
// (`iter_args(%m = %a)`, each trip yielding `arith.select %c, %b, %m`)
// carries a memref. The host target keeps no memref per thread across a
// barrier, and SPIR-V without variable pointers carries none; both take a
// number instead: which of the buffers it is.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_TAGGEDBUFFERS_H
#define MLIRC_PIPELINE_TAGGEDBUFFERS_H

#include "llvm/ADT/STLFunctionalExtras.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites each scf.for in \p root that \p wanted accepts and whose
/// carried memrefs are each one of at most eight buffers defined before it
/// (its starts, and what its trips yield: those buffers, the carried
/// memrefs, and arith.selects of them) into one that carries an i32 for
/// each: the position of its buffer among those. In the trip and after the
/// loop, each is an arith.select of the buffers by that number. Other loops
/// are left as they are.
void tagCarriedBuffers(mlir::Operation *root,
                       llvm::function_ref<bool(mlir::Operation *)> wanted);

} // namespace mlirc

#endif // MLIRC_PIPELINE_TAGGEDBUFFERS_H
