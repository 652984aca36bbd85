//===- EntryPointResult.h - What --entry-point-result= names --*- C++ -*-===//

#ifndef MLIRC_DRIVER_ENTRYPOINTRESULT_H
#define MLIRC_DRIVER_ENTRYPOINTRESULT_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
class Type;
} // namespace mlir

namespace mlirc {

/// Says what is wrong with the entry point's \p results, as a phrase that
/// follows the function's name ("returns i64, not the i32 ..."): they must
/// be what --entry-point-result=\p expected names (void, i32, i64 or f32)
/// when it is given, else, for a function --entry-point names (\p named),
/// nothing, an i32, an i64 or an f32. Empty when they are right.
std::string describeEntryResultProblem(llvm::ArrayRef<mlir::Type> results,
                                       llvm::StringRef expected, bool named);

} // namespace mlirc

#endif // MLIRC_DRIVER_ENTRYPOINTRESULT_H
