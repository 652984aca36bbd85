//===- PassInstrumentations.h - What mlirc watches passes for -*- C++ -*-===//
//
// Instrumentations of the phases' pass managers: which pass runs (to name
// the one that crashed), -ftime-trace events, and the IR before a given
// pass (for crash reproducers).
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_DRIVER_PASSINSTRUMENTATIONS_H
#define MLIRC_DRIVER_PASSINSTRUMENTATIONS_H

#include "mlir/Pass/PassInstrumentation.h"
#include <string>
#include <vector>

namespace mlirc {

/// Where a phase's pipeline is: the passes running, innermost last, to say
/// which one crashed, and how many top-level passes have started.
struct PipelinePosition {
  std::vector<std::string> running;
  unsigned topLevelPasses = 0;
};

/// Keeps a PipelinePosition up to date.
class PassTracker : public mlir::PassInstrumentation {
public:
  explicit PassTracker(PipelinePosition &position) : position(position) {}
  void runBeforePass(mlir::Pass *pass, mlir::Operation *) override;
  void runAfterPass(mlir::Pass *, mlir::Operation *) override;
  void runAfterPassFailed(mlir::Pass *, mlir::Operation *) override;

private:
  PipelinePosition &position;
};

/// Each pass as an event of the -ftime-trace trace, nested as passes nest.
class TracePasses : public mlir::PassInstrumentation {
public:
  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *, mlir::Operation *) override;
  void runAfterPassFailed(mlir::Pass *, mlir::Operation *) override;
};

/// Prints the IR, and the pass, when the top-level pass numbered \p target
/// (from 1) starts.
class SnapshotBeforePass : public mlir::PassInstrumentation {
public:
  SnapshotBeforePass(unsigned target, std::string &ir, std::string &pipeline)
      : target(target), ir(ir), pipeline(pipeline) {}
  void runBeforePass(mlir::Pass *pass, mlir::Operation *op) override;
  void runAfterPass(mlir::Pass *, mlir::Operation *) override { --depth; }
  void runAfterPassFailed(mlir::Pass *, mlir::Operation *) override { --depth; }

private:
  unsigned target;
  std::string &ir, &pipeline;
  unsigned depth = 0, topLevelPasses = 0;
};

} // namespace mlirc

#endif // MLIRC_DRIVER_PASSINSTRUMENTATIONS_H
