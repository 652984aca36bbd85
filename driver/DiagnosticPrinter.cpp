//===- DiagnosticPrinter.cpp - mlirc's diagnostics at their source --------===//

#include "driver/DiagnosticPrinter.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

using namespace mlir;
using namespace mlirc;

DiagnosticPrinter::DiagnosticPrinter(llvm::SourceMgr &mgr, MLIRContext *context)
    : SourceMgrDiagnosticHandler(mgr, context) {
  setHandler([this](Diagnostic &diag) {
    print(diag);
    return success();
  });
}

bool DiagnosticPrinter::isOnLongLine(Location loc) {
  FileLineColLoc fileLoc;
  loc->walk([&](Location nested) {
    fileLoc = dyn_cast<FileLineColLoc>(nested);
    return fileLoc ? WalkResult::interrupt() : WalkResult::advance();
  });
  if (!fileLoc || fileLoc.getLine() == 0)
    return false;
  const llvm::MemoryBuffer *buffer = getBufferForFile(fileLoc.getFilename());
  if (!buffer)
    return false;
  StringRef text = buffer->getBuffer();
  // The start of the line: skip line - 1 newlines.
  size_t start = 0;
  for (unsigned line = 1; line < fileLoc.getLine(); ++line) {
    start = text.find('\n', start);
    if (start == StringRef::npos)
      return false;
    ++start;
  }
  size_t end = text.find('\n', start);
  if (end == StringRef::npos)
    end = text.size();
  return end - start > maxShownLine;
}

void DiagnosticPrinter::print(Diagnostic &diag) {
  bool anyLong = isOnLongLine(diag.getLocation());
  for (Diagnostic &note : diag.getNotes())
    anyLong |= isOnLongLine(note.getLocation());
  if (!anyLong)
    return emitDiagnostic(diag);
  emitDiagnostic(diag.getLocation(), diag.str(), diag.getSeverity(),
                 !isOnLongLine(diag.getLocation()));
  for (Diagnostic &note : diag.getNotes())
    emitDiagnostic(note.getLocation(), note.str(), note.getSeverity(),
                   !isOnLongLine(note.getLocation()));
}
