//===- KernelGlobals.h - Per-kernel host globals in the LLVM dialect -----===//
//
// The handle a kernel is launched and registered by, and its name for
// runtime messages; see KernelHandle.h for their symbol names. The launch
// lowering and the host-kernel registration both need them.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_KERNELGLOBALS_H
#define MLIRC_PIPELINE_KERNELGLOBALS_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"

namespace mlirc {

/// The i8 global named \p symbol whose address identifies a kernel: the
/// existing one, else a new one at the end of the module of \p symbols
/// (looked up once, in constant time: passes that give each of N kernels
/// its globals stay linear in N).
mlir::LLVM::GlobalOp getOrCreateKernelHandle(mlir::SymbolTable &symbols,
                                             mlir::Location loc,
                                             llvm::StringRef symbol);

/// The global holding \p kernel's name as a C string.
mlir::LLVM::GlobalOp getOrCreateKernelName(mlir::SymbolTable &symbols,
                                           mlir::Location loc,
                                           llvm::StringRef kernel);

} // namespace mlirc

#endif // MLIRC_PIPELINE_KERNELGLOBALS_H
