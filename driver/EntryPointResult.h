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

/// Says how the entry point's \p results differ from what
/// --entry-point-result=\p expected names (void, i32, i64 or f32), as a
/// phrase that follows the function's name ("returns i64, not the i32
/// ..."); empty when they agree.
std::string describeEntryResultMismatch(llvm::ArrayRef<mlir::Type> results,
                                        llvm::StringRef expected);

} // namespace mlirc

#endif // MLIRC_DRIVER_ENTRYPOINTRESULT_H
