//===- OutlineOps.h - Ops rewritten by module passes, in any module -*- C++
//-*-===//
//
// Some of MLIR's conversions run on a builtin.module, rewrite every op they
// know in it, and add the functions they call to it: convert-math-to-funcs,
// convert-arith-to-apfloat. mlirc applies them to chosen ops only, in a
// module or a gpu.module, through wrapper functions.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_OUTLINEOPS_H
#define MLIRC_PIPELINE_OUTLINEOPS_H

#include "mlir/Support/LLVM.h"

namespace mlir {
class ModuleOp;
class OpPassManager;
class Operation;
} // namespace mlir

namespace mlirc {

/// Rewrites \p ops, in \p root (a module or gpu.module), with the passes
/// \p populate adds to a builtin.module pipeline. Each op name and function
/// type gets a private wrapper function (named \p prefix, the op's name and
/// a number) holding a copy of the op, in a scratch module nested in
/// \p root; \p run runs the pipeline on it (a pass's runPipeline). Then
/// every function of the scratch module moves into \p root, and each op
/// becomes a call of its wrapper.
llvm::LogicalResult outlineThroughPasses(
    mlir::Operation *root, llvm::ArrayRef<mlir::Operation *> ops,
    llvm::StringRef prefix,
    llvm::function_ref<void(mlir::OpPassManager &)> populate,
    llvm::function_ref<llvm::LogicalResult(mlir::OpPassManager &,
                                           mlir::ModuleOp)>
        run);

} // namespace mlirc

#endif // MLIRC_PIPELINE_OUTLINEOPS_H
