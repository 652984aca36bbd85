//===- ScheduleProgress.h - Which transform op failed ----------*- C++ -*-===//
//
// MLIR's transform ops report some failures only at the payload op they
// failed on (transform.structured.vectorize: "Attempted to vectorize, but
// failed" at the linalg op), which leaves the user to guess which line of
// the schedule it was.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_SCHEDULEPROGRESS_H
#define MLIRC_PIPELINE_SCHEDULEPROGRESS_H

#include "mlir/Support/LLVM.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/Support/LogicalResult.h"

namespace mlir {
class Operation;
} // namespace mlir

namespace mlirc {

/// Runs \p apply, MLIR's interpreter on the schedule whose entry point is
/// \p entry, so that an error it reports at a payload op is an error at the
/// transform op that ran last, with the payload op as a note. \p schedules
/// hold every transform op (the entry's module, a library it links):
/// errors already at one of them stay as they are.
mlir::LogicalResult
applyNamingTransformOps(mlir::Operation *entry,
                        llvm::ArrayRef<mlir::Operation *> schedules,
                        llvm::function_ref<mlir::LogicalResult()> apply);

} // namespace mlirc

#endif // MLIRC_PIPELINE_SCHEDULEPROGRESS_H
