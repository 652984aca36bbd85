//===- PassInstrumentations.cpp - What mlirc watches passes for -----------===//

#include "driver/PassInstrumentations.h"

#include "mlir/IR/Operation.h"
#include "mlir/Pass/Pass.h"
#include "llvm/Support/TimeProfiler.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlirc;

void PassTracker::runBeforePass(mlir::Pass *pass, mlir::Operation *) {
  if (position.running.empty())
    ++position.topLevelPasses;
  position.running.push_back(pass->getArgument().empty()
                                 ? pass->getName().str()
                                 : pass->getArgument().str());
}

void PassTracker::runAfterPass(mlir::Pass *, mlir::Operation *) {
  position.running.pop_back();
}

void PassTracker::runAfterPassFailed(mlir::Pass *, mlir::Operation *) {
  position.running.pop_back();
}

void TracePasses::runBeforePass(mlir::Pass *pass, mlir::Operation *op) {
  llvm::timeTraceProfilerBegin(
      pass->getArgument().empty() ? pass->getName() : pass->getArgument(),
      op->getName().getStringRef());
}

void TracePasses::runAfterPass(mlir::Pass *, mlir::Operation *) {
  llvm::timeTraceProfilerEnd();
}

void TracePasses::runAfterPassFailed(mlir::Pass *, mlir::Operation *) {
  llvm::timeTraceProfilerEnd();
}

void SnapshotBeforePass::runBeforePass(mlir::Pass *pass, mlir::Operation *op) {
  if (depth++ != 0 || ++topLevelPasses != target)
    return;
  llvm::raw_string_ostream os(ir);
  op->print(os, mlir::OpPrintingFlags().enableDebugInfo());
  llvm::raw_string_ostream pipelineOS(pipeline);
  pipelineOS << op->getName() << "(";
  pass->printAsTextualPipeline(pipelineOS);
  pipelineOS << ")";
}
