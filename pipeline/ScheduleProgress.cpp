//===- ScheduleProgress.cpp - Which transform op failed -------------------===//
//
// The interpreter has no hook that says which transform op it applies, so
// the schedule says so itself: before each transform op it runs, a
// transform.debug.emit_param_as_remark whose location is that op's, wrapped
// in a name of ours. Its remark is caught (never shown) and remembered; an
// error at a location that is no transform op's then belongs to the last
// one. The marks are removed after the interpreter ran.
//
//===----------------------------------------------------------------------===//

#include "pipeline/ScheduleProgress.h"

#include "mlir/Dialect/Transform/DebugExtension/DebugExtensionOps.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/IR/TransformTypes.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir;

namespace {

constexpr StringLiteral kMarkName = "mlirc.transform-op";

/// Whether the interpreter runs the ops in \p op's regions as a sequence
/// (their transform ops get marks), rather than as matchers or patterns.
bool runsItsRegions(Operation *op) {
  return isa<transform::NamedSequenceOp, transform::SequenceOp,
             transform::ForeachOp, transform::AlternativesOp>(op);
}

/// Puts a mark before each transform op that \p sequence runs, also in the
/// sequences nested in it.
void markTransformOps(Operation *sequence, StringAttr markName) {
  MLIRContext *context = sequence->getContext();
  auto paramType =
      transform::ParamType::get(context, IntegerType::get(context, 64));
  for (Region &region : sequence->getRegions()) {
    for (Block &block : region) {
      OpBuilder builder = OpBuilder::atBlockBegin(&block);
      Value param;
      for (Operation &op : llvm::make_early_inc_range(block)) {
        if (op.hasTrait<OpTrait::IsTerminator>() ||
            !isa<transform::TransformOpInterface>(op))
          continue;
        Location mark = NameLoc::get(markName, op.getLoc());
        if (!param)
          param = transform::ParamConstantOp::create(
              builder, mark, paramType, builder.getI64IntegerAttr(0));
        builder.setInsertionPoint(&op);
        transform::EmitParamAsRemarkOp::create(builder, mark, param,
                                               /*anchor=*/Value(),
                                               /*message=*/StringAttr());
        if (runsItsRegions(&op))
          markTransformOps(&op, markName);
      }
    }
  }
}

/// The op a mark stands for, or null for a location that is no mark.
std::optional<Location> getMarkedOp(Location location, StringAttr markName) {
  auto name = dyn_cast<NameLoc>(location);
  if (!name || name.getName() != markName)
    return std::nullopt;
  return name.getChildLoc();
}

/// Removes the marks from \p schedule (where a pattern of the schedule's
/// may have erased some already).
void removeMarks(Operation *schedule, StringAttr markName) {
  SmallVector<Operation *> remarks, params;
  schedule->walk([&](Operation *op) {
    if (getMarkedOp(op->getLoc(), markName))
      (op->getNumResults() ? params : remarks).push_back(op);
  });
  for (Operation *op : llvm::concat<Operation *>(remarks, params))
    op->erase();
}

/// An error held back until the interpreter is done.
struct HeldError {
  Location transformOp, payloadOp;
  std::string message;
  SmallVector<std::pair<Location, std::string>> notes;
};

} // namespace

LogicalResult
mlirc::applyNamingTransformOps(Operation *entry,
                               ArrayRef<Operation *> schedules,
                               function_ref<LogicalResult()> apply) {
  MLIRContext *context = entry->getContext();
  auto markName = StringAttr::get(context, kMarkName);
  // The same module may come twice (an input's schedule without library).
  SmallVector<Operation *, 2> distinct;
  for (Operation *schedule : schedules)
    if (!llvm::is_contained(distinct, schedule))
      distinct.push_back(schedule);
  DenseSet<Location> transformOpLocations;
  for (Operation *schedule : distinct)
    schedule->walk([&](Operation *op) {
      if (isa<transform::TransformDialect>(op->getDialect()))
        transformOpLocations.insert(op->getLoc());
    });
  // The named sequences the entry includes (or runs as matchers and
  // actions) too, so that an error in one names its op, not the include.
  markTransformOps(entry, markName);
  for (Operation *schedule : distinct)
    schedule->walk([&](transform::NamedSequenceOp sequence) {
      if (sequence != entry)
        markTransformOps(sequence, markName);
    });

  std::optional<Location> lastTransformOp;
  SmallVector<HeldError> held;
  LogicalResult result = success();
  {
    ScopedDiagnosticHandler handler(context, [&](Diagnostic &diag) {
      if (std::optional<Location> marked =
              getMarkedOp(diag.getLocation(), markName)) {
        lastTransformOp = *marked;
        return success();
      }
      if (diag.getSeverity() != DiagnosticSeverity::Error || !lastTransformOp ||
          transformOpLocations.contains(diag.getLocation()))
        return failure();
      HeldError &error = held.emplace_back(
          HeldError{*lastTransformOp, diag.getLocation(), diag.str(), {}});
      for (Diagnostic &note : diag.getNotes())
        error.notes.emplace_back(note.getLocation(), note.str());
      return success();
    });
    result = apply();
  }
  // A library's sequences the interpreter linked in are in the entry's
  // module now, with their marks.
  for (Operation *schedule : distinct)
    removeMarks(schedule, markName);

  for (HeldError &error : held) {
    InFlightDiagnostic diag = emitError(error.transformOp) << error.message;
    diag.attachNote(error.payloadOp) << "on this payload op";
    for (auto &[location, text] : error.notes)
      diag.attachNote(location) << text;
  }
  // An error shown fails the compile, even where the interpreter went on.
  return held.empty() ? result : failure();
}
