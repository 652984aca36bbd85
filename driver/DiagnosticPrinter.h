//===- DiagnosticPrinter.h - Diagnostics at their source -------*- C++ -*-===//
//
// MLIR's source-manager handler, which prints each diagnostic with its
// source line and a caret, except where that line is too long to read: a
// gpu.binary op holds a whole device binary as one escaped string on one
// line, kilobytes long. Those diagnostics print their location only.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_DIAGNOSTICPRINTER_H
#define MLIRC_DRIVER_DIAGNOSTICPRINTER_H

#include "mlir/IR/Diagnostics.h"

namespace mlirc {

class DiagnosticPrinter : public mlir::SourceMgrDiagnosticHandler {
public:
  DiagnosticPrinter(llvm::SourceMgr &mgr, mlir::MLIRContext *context);

  /// Source lines longer than this are not shown.
  static constexpr size_t maxShownLine = 300;

private:
  /// True when \p loc points into a source line longer than maxShownLine.
  bool isOnLongLine(mlir::Location loc);
  void print(mlir::Diagnostic &diag);
};

} // namespace mlirc

#endif // MLIRC_DRIVER_DIAGNOSTICPRINTER_H
