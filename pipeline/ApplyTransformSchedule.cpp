//===- ApplyTransformSchedule.cpp - Transform-dialect schedules, applied --===//
//
// What `mlir-opt -transform-interpreter` and erasing the schedule do, in
// one pass: the schedule (`transform.named_sequence @__transform_main` or
// the one --transform-entry-point names, or a top-level
// `transform.sequence`) comes from the module itself or from a
// library file, MLIR's interpreter applies it to the whole module, and then
// no transform op is left for the rest of the pipeline. A schedule that
// fails is reported at the transform op that failed (ScheduleProgress).
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "pipeline/DeallocationStandIns.h"
#include "pipeline/ScheduleProgress.h"

#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/TransformOps/BufferizationTransformOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Transform/IR/TransformDialect.h"
#include "mlir/Dialect/Transform/IR/TransformOps.h"
#include "mlir/Dialect/Transform/Interfaces/TransformInterfaces.h"
#include "mlir/Dialect/Transform/Transforms/TransformInterpreterUtils.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassManager.h"

namespace mlirc {
#define GEN_PASS_DEF_APPLYTRANSFORMSCHEDULE
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isTransformOp(Operation *op) {
  return isa<transform::TransformDialect>(op->getDialect());
}

/// The named sequence @\p name in \p module or a module nested in it
/// (MLIR's own lookup reports an error when there is none).
transform::TransformOpInterface findEntryPoint(ModuleOp module,
                                               StringRef name) {
  transform::TransformOpInterface found;
  module.walk([&](transform::NamedSequenceOp sequence) {
    if (sequence.getSymName() != name || sequence.isExternal())
      return WalkResult::advance();
    found = sequence;
    return WalkResult::interrupt();
  });
  return found;
}

/// The named sequences with a body in \p module, as "@name"s.
SmallVector<std::string> getNamedSequences(ModuleOp module) {
  SmallVector<std::string> names;
  module.walk([&](transform::NamedSequenceOp sequence) {
    if (!sequence.isExternal())
      names.push_back("@" + sequence.getSymName().str());
  });
  return names;
}

/// Reports each include, in \p entry and the named sequences it includes,
/// of a named sequence that is only declared (no --transform-library= to
/// define it); MLIR would say "unresolved external named sequence" without
/// naming the flag.
LogicalResult checkIncludesDefined(Operation *entry) {
  LogicalResult result = success();
  SmallVector<Operation *> worklist = {entry};
  llvm::SmallPtrSet<Operation *, 8> seen = {entry};
  while (!worklist.empty()) {
    worklist.pop_back_val()->walk([&](transform::IncludeOp include) {
      auto callee =
          SymbolTable::lookupNearestSymbolFrom<transform::NamedSequenceOp>(
              include, include.getTargetAttr());
      if (!callee)
        return;
      if (!callee.isExternal()) {
        if (seen.insert(callee).second)
          worklist.push_back(callee);
        return;
      }
      include.emitError("transform.named_sequence ")
          << include.getTargetAttr()
          << " is declared but not defined: define it, or name the file "
             "that does with --transform-library=<file>";
      result = failure();
    });
  }
  return result;
}

/// A top-level transform.sequence (the form before named sequences), the
/// first one in \p module's body or in a module nested in it.
transform::TransformOpInterface findTopLevelSequence(ModuleOp module) {
  transform::TransformOpInterface found;
  module.walk<WalkOrder::PreOrder>([&](Operation *op) {
    if (op != module.getOperation() && !isa<ModuleOp>(op) && !isTransformOp(op))
      return WalkResult::skip();
    auto transformOp = dyn_cast<transform::TransformOpInterface>(op);
    if (transformOp &&
        op->hasTrait<transform::PossibleTopLevelTransformOpTrait>() &&
        !isa<transform::NamedSequenceOp>(op)) {
      found = transformOp;
      return WalkResult::interrupt();
    }
    return isa<ModuleOp>(op) ? WalkResult::advance() : WalkResult::skip();
  });
  return found;
}

/// MLIR 22's transform.structured.vectorize writes the source of a
/// rank-reducing tensor.insert_slice along the wrong dimensions (a wrong
/// result; mlir-opt gives the same). The same insertion from an
/// expand_shape of the source to the slice's own rank vectorizes right, so
/// schedules see that form: the op they match is still an insert_slice.
void makeInsertSlicesRankPreserving(ModuleOp module) {
  SmallVector<tensor::InsertSliceOp> slices;
  module.walk([&](tensor::InsertSliceOp op) {
    if (op.getSourceType().getRank() < op.getType().getRank())
      slices.push_back(op);
  });
  for (tensor::InsertSliceOp op : slices) {
    llvm::SmallBitVector dropped = op.getDroppedDims();
    // Each kept dimension starts a group, which the dropped ones after it
    // join; those before the first kept one join that (none for a 0-d
    // source).
    SmallVector<ReassociationIndices> groups;
    ReassociationIndices leading;
    for (unsigned dim = 0; dim < dropped.size(); ++dim) {
      if (!dropped.test(dim)) {
        groups.push_back(leading);
        leading.clear();
        groups.back().push_back(dim);
      } else if (groups.empty()) {
        leading.push_back(dim);
      } else {
        groups.back().push_back(dim);
      }
    }
    OpBuilder b(op);
    SmallVector<OpFoldResult> sizes = op.getMixedSizes();
    auto expandedType = RankedTensorType::get(
        op.getStaticSizes(), op.getSourceType().getElementType());
    Value expanded = tensor::ExpandShapeOp::create(
        b, op.getLoc(), expandedType, op.getSource(), groups, sizes);
    Value inserted = tensor::InsertSliceOp::create(
        b, op.getLoc(), expanded, op.getDest(), op.getMixedOffsets(), sizes,
        op.getMixedStrides());
    op.replaceAllUsesWith(inserted);
    op.erase();
  }
}

/// Removes the schedule: every transform op at module level, modules that
/// held nothing else, and the attribute that marks named sequences.
void eraseSchedule(ModuleOp module) {
  StringRef marker = transform::TransformDialect::kWithNamedSequenceAttrName;
  for (Operation &op : llvm::make_early_inc_range(*module.getBody())) {
    if (isTransformOp(&op)) {
      op.erase();
    } else if (auto nested = dyn_cast<ModuleOp>(op)) {
      eraseSchedule(nested);
      if (nested.getBody()->empty())
        nested.erase();
    }
  }
  module->removeAttr(marker);
}

/// Whether the schedule \p root bufferizes the payload itself.
bool bufferizes(Operation *root) {
  return root
      ->walk(
          [](transform::OneShotBufferizeOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

struct ApplyTransformSchedulePass
    : public mlirc::impl::ApplyTransformScheduleBase<
          ApplyTransformSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    OwningOpRef<ModuleOp> libraryModule;
    if (!library.empty() &&
        failed(transform::detail::parseTransformModuleFromFile(
            &getContext(), library, libraryModule)))
      return signalPassFailure();
    ModuleOp scheduleModule = libraryModule ? *libraryModule : module;

    // A module without transform ops is the common case: leave it alone. A
    // library without any is an error below.
    bool hasTransformOps = bool(libraryModule);
    if (!hasTransformOps)
      scheduleModule.walk([&](Operation *op) {
        hasTransformOps = isTransformOp(op);
        return hasTransformOps ? WalkResult::interrupt()
                               : WalkResult::advance();
      });
    if (!hasTransformOps) {
      if (entryPoint.empty())
        return;
      module.emitError("the input has no transform schedule for "
                       "--transform-entry-point=")
          << entryPoint;
      return signalPassFailure();
    }

    StringRef entryName =
        entryPoint.empty()
            ? StringRef(
                  transform::TransformDialect::kTransformEntryPointSymbolName)
            : StringRef(entryPoint);
    // The library's entry point, else the input's, whose schedule may then
    // include named sequences the library defines (as with mlir-opt's
    // --transform-preload-library).
    ModuleOp entryModule = scheduleModule;
    transform::TransformOpInterface entry =
        findEntryPoint(scheduleModule, entryName);
    if (!entry && libraryModule) {
      entry = findEntryPoint(module, entryName);
      entryModule = module;
    }
    if (entry && !libraryModule && failed(checkIncludesDefined(entry)))
      return signalPassFailure();

    makeInsertSlicesRankPreserving(module);
    // What the program allocates and frees itself, for the deallocation of
    // what a schedule's bufferization allocates (below).
    bool deallocate = bufferizes(scheduleModule) ||
                      (entryModule != scheduleModule && bufferizes(module));
    StringRef manual = bufferization::BufferizationDialect::kManualDeallocation;
    if (deallocate)
      module.walk([&](Operation *op) {
        if (!isTransformOp(op) && mlirc::allocatesOrFrees(op))
          op->setAttr(manual, UnitAttr::get(&getContext()));
      });
    transform::TransformOptions options;
    LogicalResult applied = success();
    if (entry) {
      applied = mlirc::applyNamingTransformOps(
          entry, {entryModule, scheduleModule}, [&] {
            return transform::applyTransformNamedSequence(
                module, entry, scheduleModule, options);
          });
    } else if (!entryPoint.empty()) {
      reportMissingEntryPoint(scheduleModule);
      return signalPassFailure();
    } else if (transform::TransformOpInterface sequence =
                   findTopLevelSequence(scheduleModule)) {
      applied = mlirc::applyNamingTransformOps(sequence, {scheduleModule}, [&] {
        return transform::applyTransforms(module, sequence, {}, options);
      });
    } else {
      // Named sequences without an entry point: a library of helpers, or
      // of schedules to choose from.
      SmallVector<std::string> names = getNamedSequences(scheduleModule);
      InFlightDiagnostic diag =
          scheduleModule.emitError("the transform schedule has no entry ")
          << "point: name one transform.named_sequence @"
          << transform::TransformDialect::kTransformEntryPointSymbolName
          << ", or use a top-level transform.sequence";
      if (!names.empty())
        diag << ", or start at one of " << llvm::join(names, ", ")
             << " with --transform-entry-point=<name>";
      return signalPassFailure();
    }
    if (failed(applied))
      return signalPassFailure();
    eraseSchedule(module);
    if (deallocate) {
      freeBufferizedAllocations(module);
      module.walk([&](Operation *op) { op->removeAttr(manual); });
    }
  }

  /// --transform-entry-point names no named sequence with a body: says
  /// which ones the schedule has.
  void reportMissingEntryPoint(ModuleOp scheduleModule) {
    SmallVector<std::string> names = getNamedSequences(scheduleModule);
    InFlightDiagnostic diag =
        scheduleModule.emitError("the transform schedule has no ")
        << "transform.named_sequence @" << entryPoint
        << " for --transform-entry-point=" << entryPoint;
    if (names.empty())
      diag << "; it has no named sequences";
    else
      diag << "; it has " << llvm::join(names, ", ");
  }

  /// Frees what the schedule's bufferization allocated, as mlirc's own
  /// bufferization does (mlir-opt leaves it to leak). Where MLIR's buffer
  /// deallocation cannot take the result (it rejects some control flow and
  /// ops), the program stays as the schedule left it.
  void freeBufferizedAllocations(ModuleOp module) {
    // The pipeline runs on a copy, nested in the module (a pass may run
    // one only there), which then replaces the module's body.
    auto copy = ModuleOp::create(module.getLoc());
    copy->setAttrs(module->getAttrDictionary());
    copy.getBodyRegion().getBlocks().clear();
    IRMapping mapping;
    module.getBodyRegion().cloneInto(&copy.getBodyRegion(), mapping);
    module.getBody()->push_back(copy);
    mlirc::DeallocationStandIns standIns;
    standIns.replace(copy);
    OpPassManager pm(ModuleOp::getOperationName());
    mlirc::addBufferDeallocationPasses(pm);
    LogicalResult freed = success();
    {
      ScopedDiagnosticHandler quiet(&getContext(),
                                    [](Diagnostic &) { return success(); });
      freed = runPipeline(pm, copy);
    }
    standIns.restore();
    copy->remove();
    if (succeeded(freed))
      module.getBodyRegion().takeBody(copy.getBodyRegion());
    copy->erase();
  }
};

} // namespace
