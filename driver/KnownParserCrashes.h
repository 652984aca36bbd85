//===- KnownParserCrashes.h - Input MLIR 22's parser crashes on -*- C++ -*-===//
//
// Some text that looks valid crashes MLIR 22's parser instead of giving an
// error: a dense array of `index` elements (`array<index: 1, 1, 1>`, say as
// a gpu.func's known_block_size) dereferences a null element width, and
// linalg.transpose's `permutation`, linalg.broadcast's and linalg.reduce's
// `dimensions` that are not a list of integers become a null attribute.
// Such input is found in the text before it is parsed and reported at the
// attribute. Crashes not known here are contained like any other.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_KNOWNPARSERCRASHES_H
#define MLIRC_DRIVER_KNOWNPARSERCRASHES_H

#include "llvm/ADT/StringRef.h"

namespace mlir {
class MLIRContext;
} // namespace mlir

namespace mlirc {

/// Emits an error through \p context's diagnostics at each place in
/// \p text (the contents of \p fileName) that MLIR 22's parser is known to
/// crash on; true when there was one.
bool reportKnownParserCrashes(llvm::StringRef text, llvm::StringRef fileName,
                              mlir::MLIRContext &context);

} // namespace mlirc

#endif // MLIRC_DRIVER_KNOWNPARSERCRASHES_H
