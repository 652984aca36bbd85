//===- BufferizeTensors.cpp - Programs on tensors as programs on memrefs --===//
//
// MLIR's bufferization, set up for whole programs that run: one-shot
// bufferization of the module across function boundaries, then
// ownership-based buffer deallocation so that nothing bufferization
// allocates leaks. Boundaries take identity layouts: a function's loops
// then see static strides, and a caller passing a strided view gets a
// copy. The program's own allocations (memref.alloc, gpu.alloc and their
// frees) are marked as manually deallocated first, so the deallocation
// pass neither frees them (a gpu.alloc freed as memref.dealloc would be
// wrong) nor rejects their frees. Kernels allocate on the stack and copy
// with linalg.copy, which every target lowers (a heap, or memref.copy's
// runtime call, are not there on GPUs).
//
//===----------------------------------------------------------------------===//

#include "pipeline/CarriedBuffers.h"
#include "pipeline/DeallocationStandIns.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/BufferizableOpInterface.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotAnalysis.h"
#include "mlir/Dialect/Bufferization/Transforms/OneShotModuleBufferize.h"
#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Dialect/Complex/IR/Complex.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SparseTensor/IR/SparseTensor.h"
#include "mlir/Dialect/SparseTensor/Transforms/Passes.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"

namespace mlirc {
#define GEN_PASS_DEF_BUFFERIZETENSORS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

bool isTensor(Type type) { return isa<TensorType>(type); }

/// True when an op of \p module is of a dialect \p isDialect takes or has
/// an operand, result, function or block argument of a type \p isType
/// takes.
template <typename DialectT>
bool mentions(ModuleOp module, function_ref<bool(Type)> isType) {
  WalkResult found = module.walk([&](Operation *op) {
    if (isa<DialectT>(op->getDialect()) ||
        llvm::any_of(op->getOperandTypes(), isType) ||
        llvm::any_of(op->getResultTypes(), isType))
      return WalkResult::interrupt();
    if (auto function = dyn_cast<FunctionOpInterface>(op))
      if (llvm::any_of(function.getArgumentTypes(), isType) ||
          llvm::any_of(function.getResultTypes(), isType))
        return WalkResult::interrupt();
    for (Region &region : op->getRegions())
      for (Block &block : region)
        if (llvm::any_of(block.getArgumentTypes(), isType))
          return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}

/// True when \p module has anything bufferization rewrites.
bool usesTensors(ModuleOp module) {
  return mentions<bufferization::BufferizationDialect>(module, isTensor);
}

/// True when \p module has sparse tensors (an encoding on a tensor type, or
/// a sparse_tensor op).
bool usesSparseTensors(ModuleOp module) {
  return mentions<sparse_tensor::SparseTensorDialect>(module, [](Type type) {
    return sparse_tensor::getSparseTensorEncoding(type) != nullptr;
  });
}

/// True when \p op allocates or frees a buffer.
/// True when code built at \p b runs in a kernel.
bool isInKernel(OpBuilder &b) {
  Operation *parent = b.getInsertionBlock()->getParentOp();
  return parent && (isa<gpu::LaunchOp, gpu::GPUFuncOp>(parent) ||
                    parent->getParentOfType<gpu::LaunchOp>() ||
                    parent->getParentOfType<gpu::GPUFuncOp>());
}

bufferization::OneShotBufferizationOptions getBufferizationOptions() {
  bufferization::OneShotBufferizationOptions options;
  options.bufferizeFunctionBoundaries = true;
  // A loop in host code may yield a tensor that is not its iteration
  // argument updated in place (one inserted into another tensor): the
  // yielded buffer is then a new one, which the deallocation pipeline
  // frees, instead of MLIR's error "Yield operand #0 is not equivalent to
  // the corresponding iter bbArg". Not in kernels, whose buffers are on
  // the stack: one per trip would grow it with every trip.
  options.allowReturnAllocsFromLoops = true;
  options.setFunctionBoundaryTypeConversion(
      bufferization::LayoutMapOption::IdentityLayoutMap);
  options.allocationFn = [](OpBuilder &b, Location loc, MemRefType type,
                            ValueRange dynamicSizes,
                            unsigned alignment) -> FailureOr<Value> {
    IntegerAttr align =
        alignment ? b.getI64IntegerAttr(alignment) : IntegerAttr();
    if (isInKernel(b))
      return memref::AllocaOp::create(b, loc, type, dynamicSizes, ValueRange(),
                                      align)
          .getResult();
    return memref::AllocOp::create(b, loc, type, dynamicSizes, ValueRange(),
                                   align)
        .getResult();
  };
  options.memCpyFn = [](OpBuilder &b, Location loc, Value from,
                        Value to) -> LogicalResult {
    if (isInKernel(b))
      linalg::CopyOp::create(b, loc, from, to);
    else
      memref::CopyOp::create(b, loc, from, to);
    return success();
  };
  return options;
}

/// One-shot bufferization's own error for an op on tensors it has no rule
/// for is "op was not bufferized"; this one names the op and what to do.
LogicalResult
checkBufferizable(ModuleOp module,
                  const bufferization::OneShotBufferizationOptions &options) {
  WalkResult result = module.walk([&](Operation *op) {
    if (!bufferization::hasTensorSemantics(op) ||
        options.dynCastBufferizableOp(op))
      return WalkResult::advance();
    op->emitError("'")
        << op->getName()
        << "' on tensors cannot be compiled: MLIR's bufferization has no "
           "rule for it; write it with ops that have one (linalg, tensor.*, "
           "scf), or on memrefs";
    return WalkResult::interrupt();
  });
  return failure(result.wasInterrupted());
}

/// Bufferization puts the globals of constant tensors in the top module;
/// those of \p gpuModule's kernels go in \p gpuModule, where they are read.
void moveConstantGlobals(ModuleOp module, gpu::GPUModuleOp gpuModule) {
  SymbolTable device(gpuModule);
  SymbolTable host(module);
  gpuModule.walk([&](memref::GetGlobalOp get) {
    if (device.lookup(get.getName()))
      return;
    auto global = host.lookup<memref::GlobalOp>(get.getName());
    if (!global)
      return;
    device.insert(global.clone(), gpuModule.getBody()->begin());
    if (SymbolTable::symbolKnownUseEmpty(global, module))
      global.erase();
  });
}

/// linalg.pack and linalg.unpack on tensors as the pads, reshapes,
/// transposes and slices they stand for (MLIR's lowerPack/lowerUnPack, what
/// the transform dialect's lower_pack does): bufferized as they are, a pack
/// whose result is read elsewhere meets read-after-write conflicts
/// bufferization cannot resolve. Ops these cannot lower (dynamic inner
/// tiles) stay.
void lowerPacks(ModuleOp module) {
  SmallVector<Operation *> ops;
  module.walk([&](Operation *op) {
    if (isa<linalg::PackOp, linalg::UnPackOp>(op) &&
        bufferization::hasTensorSemantics(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(module.getContext());
  for (Operation *op : ops) {
    rewriter.setInsertionPoint(op);
    if (auto pack = dyn_cast<linalg::PackOp>(op))
      (void)linalg::lowerPack(rewriter, pack);
    else
      (void)linalg::lowerUnPack(rewriter, cast<linalg::UnPackOp>(op));
  }
}

/// Ops that stand for several (linalg.softmax, which torch-mlir emits) as
/// those: max, exp, sum and divide as linalg.generic ops, which bufferize
/// and lower; nothing lowers the softmax itself.
void decomposeAggregates(ModuleOp module) {
  SmallVector<linalg::AggregatedOpInterface> ops;
  module.walk([&](linalg::AggregatedOpInterface op) {
    if (bufferization::hasTensorSemantics(op))
      ops.push_back(op);
  });
  IRRewriter rewriter(module.getContext());
  for (linalg::AggregatedOpInterface op : ops) {
    rewriter.setInsertionPoint(op);
    FailureOr<SmallVector<Value>> values = op.decomposeOperation(rewriter);
    if (succeeded(values))
      rewriter.replaceOp(op, *values);
  }
}

/// arith.select of whole tensors of dynamic shape by one i1 as scf.if:
/// MLIR's convert-elementwise-to-linalg makes it a select per element,
/// shaped as the first tensor, which picked the wrong elements (or too few
/// of them) when the tensors differ in size. Static shapes are the same
/// by their types, and a select per element chooses no buffer at run time
/// (which Vulkan's SPIR-V could not).
void selectsAsBranches(ModuleOp module) {
  SmallVector<arith::SelectOp> ops;
  module.walk([&](arith::SelectOp op) {
    auto type = dyn_cast<TensorType>(op.getType());
    if (type && !type.hasStaticShape() &&
        !isa<ShapedType>(op.getCondition().getType()))
      ops.push_back(op);
  });
  for (arith::SelectOp op : ops) {
    OpBuilder b(op);
    auto branch = scf::IfOp::create(b, op.getLoc(), op.getType(),
                                    op.getCondition(), /*withElse=*/true);
    b.setInsertionPointToStart(branch.thenBlock());
    scf::YieldOp::create(b, op.getLoc(), op.getTrueValue());
    b.setInsertionPointToStart(branch.elseBlock());
    scf::YieldOp::create(b, op.getLoc(), op.getFalseValue());
    op.replaceAllUsesWith(branch.getResult(0));
    op.erase();
  }
}

/// linalg.softmax on memrefs as the same op on tensors of them: MLIR's
/// decomposition makes ops of mixed semantics on memrefs, so the memref
/// form could not be lowered at all. The result goes back into the output
/// buffer; an input that is the output itself is one tensor.
void wrapMemRefSoftmax(ModuleOp module) {
  SmallVector<linalg::SoftmaxOp> ops;
  module.walk([&](linalg::SoftmaxOp op) {
    if (op.hasPureBufferSemantics())
      ops.push_back(op);
  });
  for (linalg::SoftmaxOp op : ops) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    auto asTensor = [&](Value buffer, bool writable) -> Value {
      return bufferization::ToTensorOp::create(
          b, loc, memref::getTensorTypeFromMemRefType(buffer.getType()),
          buffer, b.getUnitAttr(), writable ? b.getUnitAttr() : UnitAttr());
    };
    Value output = asTensor(op.getOutput(), /*writable=*/true);
    Value input = op.getInput() == op.getOutput()
                      ? output
                      : asTensor(op.getInput(), /*writable=*/false);
    auto softmax = linalg::SoftmaxOp::create(b, loc, output.getType(), input,
                                             output, op.getDimension());
    bufferization::MaterializeInDestinationOp::create(
        b, loc, TypeRange(), softmax.getResult()[0], op.getOutput(),
        /*restrict=*/true, /*writable=*/true);
    op.erase();
  }
}

/// ml_program globals (the weights and state torch-mlir and IREE put in
/// them) bufferize with MLIR's models: a global becomes a memref.global, a
/// store a copy into it, and a load the global's buffer itself, so a load
/// of a mutable global read after a later store would see the stored
/// value: such loads copy. global_load_const, which MLIR 22 has no model
/// for, loads an immutable global, which nothing writes.
void prepareGlobals(ModuleOp module) {
  SmallVector<ml_program::GlobalLoadConstOp> constLoads;
  module.walk(
      [&](ml_program::GlobalLoadConstOp load) { constLoads.push_back(load); });
  IRRewriter rewriter(module.getContext());
  for (ml_program::GlobalLoadConstOp load : constLoads) {
    rewriter.setInsertionPoint(load);
    rewriter.replaceOpWithNewOp<ml_program::GlobalLoadOp>(
        load, load.getType(), load.getGlobalAttr());
  }
  SmallVector<ml_program::GlobalLoadOp> loads;
  module.walk([&](ml_program::GlobalLoadOp load) { loads.push_back(load); });
  for (ml_program::GlobalLoadOp load : loads) {
    auto global = SymbolTable::lookupNearestSymbolFrom<ml_program::GlobalOp>(
        load, load.getGlobalAttr());
    auto type = dyn_cast<RankedTensorType>(load.getType());
    if (!global || !global.getIsMutable() || !type)
      continue;
    rewriter.setInsertionPointAfter(load);
    auto copy = bufferization::AllocTensorOp::create(
        rewriter, load.getLoc(), type, ValueRange(), load.getResult());
    rewriter.replaceAllUsesExcept(load.getResult(), copy.getResult(), copy);
  }
}

/// MLIR's runner utilities that take tensors only read them (printMemref*,
/// verifyMemRef*, ...). Declared without bufferization.access, an external
/// function is taken to write its tensor arguments, so that a tensor passed
/// to it and read again afterwards needs a copy, which a cast to an
/// unranked tensor (how such calls are written) cannot have. Returns the
/// functions and arguments marked.
SmallVector<std::pair<func::FuncOp, unsigned>>
markRunnerUtilitiesReadOnly(ModuleOp module) {
  SmallVector<std::pair<func::FuncOp, unsigned>> marked;
  for (auto func : module.getOps<func::FuncOp>()) {
    StringRef name = func.getName();
    if (!func.isExternal() ||
        !(name.starts_with("printMemref") || name.starts_with("verifyMemRef")))
      continue;
    for (unsigned i = 0, e = func.getNumArguments(); i != e; ++i)
      if (isTensor(func.getArgumentTypes()[i]) &&
          !func.getArgAttr(
              i, bufferization::BufferizationDialect::kBufferAccessAttrName)) {
        func.setArgAttr(
            i, bufferization::BufferizationDialect::kBufferAccessAttrName,
            StringAttr::get(module.getContext(), "read"));
        marked.push_back({func, i});
      }
  }
  return marked;
}

/// MLIR's sparsifier up to its bufferization (what the `sparsifier`
/// pipeline runs before lowering to LLVM): sparse kernels as loops over
/// the storage it chooses, generated in the program (no runtime library),
/// bufferized with the rest. MLIR frees the sparse storage but, unlike
/// the dense path, runs no deallocation pass on dense temporaries.
void populateSparsePasses(OpPassManager &pm) {
  pm.addNestedPass<func::FuncOp>(createLinalgGeneralizeNamedOpsPass());
  pm.addNestedPass<func::FuncOp>(createLinalgElementwiseOpFusionPass());
  SparsificationOptions sparsification(SparseParallelizationStrategy::kNone,
                                       SparseEmitStrategy::kFunctional,
                                       /*enableRT=*/false);
  pm.addPass(createSparsificationAndBufferizationPass(
      getBufferizationOptionsForSparsification(/*analysisOnly=*/false),
      sparsification, /*createSparseDeallocs=*/true,
      /*enableRuntimeLibrary=*/false, /*enableBufferInitialization=*/false,
      /*vectorLength=*/0, /*enableVLAVectorization=*/false,
      /*enableSIMDIndex32=*/false, /*enableGPULibgen=*/false,
      SparseEmitStrategy::kFunctional, SparseParallelizationStrategy::kNone));
  pm.addPass(createStorageSpecifierToLLVMPass());
  // Growing sparse storage reallocates.
  pm.addPass(mlirc::createExpandRealloc());
}

struct BufferizeTensorsPass
    : public mlirc::impl::BufferizeTensorsBase<BufferizeTensorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    wrapMemRefSoftmax(module);
    if (!usesTensors(module))
      return;
    StringRef manual = bufferization::BufferizationDialect::kManualDeallocation;
    module.walk([&](Operation *op) {
      if (mlirc::allocatesOrFrees(op))
        op->setAttr(manual, UnitAttr::get(&getContext()));
    });

    lowerPacks(module);
    decomposeAggregates(module);
    selectsAsBranches(module);
    prepareGlobals(module);
    SmallVector<std::pair<func::FuncOp, unsigned>> readOnly =
        markRunnerUtilitiesReadOnly(module);
    OpPassManager before(ModuleOp::getOperationName());
    before.addPass(createConvertElementwiseToLinalgPass());
    before.addPass(bufferization::createEmptyTensorEliminationPass());
    if (failed(runPipeline(before, module)))
      return signalPassFailure();

    // Sparse programs go through MLIR's sparsifier, which frees the sparse
    // storage itself; MLIR's deallocation pass rejects its frees.
    if (usesSparseTensors(module)) {
      OpPassManager sparse(ModuleOp::getOperationName());
      populateSparsePasses(sparse);
      if (failed(runPipeline(sparse, module)))
        return signalPassFailure();
      removeMarks(module, readOnly);
      return;
    }

    bufferization::OneShotBufferizationOptions options =
        getBufferizationOptions();
    if (failed(checkBufferizable(module, options)))
      return signalPassFailure();
    // The loops on memrefs the program has; bufferization leaves them be.
    llvm::DenseSet<Operation *> memrefLoops;
    module.walk([&](scf::ForOp loop) {
      if (llvm::any_of(loop.getInitArgs().getTypes(),
                       llvm::IsaPred<MemRefType>))
        memrefLoops.insert(loop);
    });
    bufferization::BufferizationState state;
    if (failed(
            bufferization::runOneShotModuleBufferize(module, options, state)))
      return signalPassFailure();
    // Module bufferization leaves nested symbol tables alone: the device
    // functions of each gpu.module are a module of their own. It analyses
    // func.func only, and would copy every tensor of a gpu.func: kernels
    // are bufferized one by one first (their arguments are memrefs).
    bufferization::OneShotBufferizationOptions kernelOptions = options;
    kernelOptions.bufferizeFunctionBoundaries = false;
    for (auto gpuModule : module.getOps<gpu::GPUModuleOp>()) {
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        bufferization::BufferizationState kernelState;
        if (failed(bufferization::runOneShotBufferize(kernel, kernelOptions,
                                                      kernelState)))
          return signalPassFailure();
      }
      bufferization::BufferizationState deviceState;
      if (failed(bufferization::runOneShotModuleBufferize(gpuModule, options,
                                                          deviceState)))
        return signalPassFailure();
      moveConstantGlobals(module, gpuModule);
    }

    // Loops in kernels and device functions that carry buffers carry none:
    // their memory is a thread's stack, which deallocation would track with
    // flags and calls.
    WalkResult notCarried = module.walk([&](Operation *op) {
      if (!isa<gpu::LaunchOp, gpu::GPUModuleOp>(op))
        return WalkResult::advance();
      if (failed(mlirc::carryBuffersInPlace(op, [&](Operation *loop) {
            return !memrefLoops.contains(loop);
          })))
        return WalkResult::interrupt();
      return WalkResult::skip();
    });
    if (notCarried.wasInterrupted())
      return signalPassFailure();

    // MLIR's buffer deallocation pipeline, with mlirc's bounded
    // canonicalizer in place of MLIR's, and calls in place of the ops it
    // rejects.
    mlirc::DeallocationStandIns standIns;
    standIns.replace(module);
    OpPassManager after(ModuleOp::getOperationName());
    mlirc::addBufferDeallocationPasses(after);
    LogicalResult deallocated = runPipeline(after, module);
    standIns.restore();
    if (failed(deallocated))
      return signalPassFailure();

    removeMarks(module, readOnly);
  }

private:
  /// The marks were for bufferization only.
  void removeMarks(ModuleOp module,
                   ArrayRef<std::pair<func::FuncOp, unsigned>> readOnly) {
    module.walk([&](Operation *op) {
      op->removeAttr(bufferization::BufferizationDialect::kManualDeallocation);
    });
    for (auto [func, index] : readOnly)
      func.removeArgAttr(
          index, bufferization::BufferizationDialect::kBufferAccessAttrName);
  }
};

} // namespace
