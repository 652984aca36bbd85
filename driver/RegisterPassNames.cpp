//===- RegisterPassNames.cpp - pass names -mmlir options can name ---------===//
//
// MLIR's pass options (--mlir-print-ir-after=<pass>, ...) look pass names up
// in the global pass registry when they are parsed. mlirc builds its
// pipelines from the passes' create functions and registers none, so
// those names, MLIR's and mlirc's own, must be registered first. Kept out
// of MLIRCompiler.cpp: InitAllPasses.h is one of MLIR's heaviest headers.
//
//===----------------------------------------------------------------------===//

#include "driver/MLIRCompiler.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/InitAllPasses.h"

namespace mlirc {
// The passes that walk the target units (compiler/Passes.td): their names
// only, since each is built with the units it runs for.
#define GEN_PASS_DECL
#include "compiler/Passes.h.inc"
#define GEN_PASS_REGISTRATION
#include "compiler/Passes.h.inc"
} // namespace mlirc

void mlirc::registerPassNames(
    llvm::ArrayRef<std::unique_ptr<TargetUnit>> units) {
  mlir::registerAllPasses();
  registerMlircPasses();
  registerMlircCompilerPasses();
  for (const std::unique_ptr<TargetUnit> &unit : units)
    unit->registerPasses();
}
