//===- AsyncFunctionSignatures.h - Async values through calls ---*- C++ -*-===//
//
// The host's LLVM conversion (gpu-to-llvm, which knows async types) makes a
// func.func that takes or returns async tokens, values or groups an
// llvm.func, its results packed in a struct. MLIR's async lowering after it
// counts references through func.call and func.return only, and its type
// conversion converts func ops only: such a function was "'llvm.func' op
// entry block argument #0 is not of LLVM type". These functions become
// func ops again, their results unpacked, until the async lowering is done.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_ASYNCFUNCTIONSIGNATURES_H
#define MLIRC_PIPELINE_ASYNCFUNCTIONSIGNATURES_H

#include "llvm/Support/LogicalResult.h"

namespace mlir {
class ModuleOp;
class Type;
} // namespace mlir

namespace mlirc {

/// Whether \p type is or holds an async token, value or group.
bool holdsAsyncType(mlir::Type type);

/// Turns each llvm.func of \p module whose signature holds an async type
/// into a func.func, with its calls and returns; fails (with an error at
/// the op) where such a function's address is taken.
llvm::LogicalResult restoreAsyncFunctionSignatures(mlir::ModuleOp module);

} // namespace mlirc

#endif // MLIRC_PIPELINE_ASYNCFUNCTIONSIGNATURES_H
