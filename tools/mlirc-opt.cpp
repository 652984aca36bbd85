//===- mlirc-opt.cpp - mlir-opt with mlirc's passes ----------------------===//
//
// MLIR's dialects, extensions and passes, and mlirc's (pipeline/Passes.td
// and each target unit's own), for running mlirc's passes one at a time, in
// tests and in other projects' pipelines.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"
#include "targets/TargetRegistry.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlirc::registerMlircPasses();
  for (const std::unique_ptr<mlirc::TargetUnit> &unit :
       mlirc::createTargetUnits())
    unit->registerPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "mlirc-opt: MLIR's passes and mlirc's\n", registry));
}
