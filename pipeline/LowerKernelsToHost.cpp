//===- LowerKernelsToHost.cpp - GPU kernels as CPU block functions --------===//
//
// For the host target every kernel @K becomes
//   func.func @__mlirc_host.K(%ctx: !llvm.ptr, %shared: memref<?xi8>, args)
// which runs one thread block: the runtime calls it once per block, blocks
// in parallel. The threads of the block are loops (x innermost, so LLVM can
// vectorize them). A gpu.barrier splits the body into several thread loops
// (loop fission): values that live across a barrier are kept per thread in
// buffers, and a loop or branch holding a barrier runs at block level,
// which is correct because CUDA requires barriers to be reached by all
// threads of the block alike (uniform control flow).
//
// %ctx points at the runtime's block context: blockIdx[3], blockDim[3],
// gridDim[3] as i64. Workgroup memory is a stack allocation of the block
// function, shared by its threads; dynamic shared memory is %shared.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"

using namespace mlir;

/// Threads per subgroup on the host, as on NVIDIA GPUs.
static constexpr int64_t subgroupSize = 32;

/// The memref type without a GPU address space: on the CPU all memory is
/// one address space.
static Type stripAddressSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref || !isa_and_nonnull<gpu::AddressSpaceAttr>(
                     memref.getMemorySpace()))
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout());
}

static bool containsBarrier(Operation *op) {
  return op->walk([](gpu::BarrierOp) { return WalkResult::interrupt(); })
      .wasInterrupted();
}

/// Ops through which threads see each other's values: each splits the
/// thread loops like a barrier.
static bool isCrossThread(Operation *op) {
  return isa<gpu::BarrierOp, gpu::ShuffleOp, gpu::AllReduceOp,
             gpu::SubgroupReduceOp>(op);
}

static bool containsCrossThread(Operation *op) {
  return op
      ->walk([](Operation *nested) {
        return isCrossThread(nested) ? WalkResult::interrupt()
                                     : WalkResult::advance();
      })
      .wasInterrupted();
}

/// Combines two values the way \p kind reduces them.
static Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
                     Value lhs, Value rhs) {
  bool isFloat = isa<FloatType>(getElementTypeOrSelf(lhs.getType()));
  switch (kind) {
  case gpu::AllReduceOperation::ADD:
    return isFloat ? Value(arith::AddFOp::create(b, loc, lhs, rhs))
                   : Value(arith::AddIOp::create(b, loc, lhs, rhs));
  case gpu::AllReduceOperation::MUL:
    return isFloat ? Value(arith::MulFOp::create(b, loc, lhs, rhs))
                   : Value(arith::MulIOp::create(b, loc, lhs, rhs));
  case gpu::AllReduceOperation::MINUI:
    return arith::MinUIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MINSI:
    return arith::MinSIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MINNUMF:
    return arith::MinNumFOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MAXUI:
    return arith::MaxUIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MAXSI:
    return arith::MaxSIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MAXNUMF:
    return arith::MaxNumFOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::AND:
    return arith::AndIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::OR:
    return arith::OrIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::XOR:
    return arith::XOrIOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MINIMUMF:
    return arith::MinimumFOp::create(b, loc, lhs, rhs);
  case gpu::AllReduceOperation::MAXIMUMF:
    return arith::MaximumFOp::create(b, loc, lhs, rhs);
  }
  llvm_unreachable("unknown reduction");
}

namespace {

/// Builds the block function of one kernel.
class BlockFunctionBuilder {
public:
  BlockFunctionBuilder(gpu::GPUFuncOp kernel, ModuleOp module,
                       const DenseMap<StringAttr, StringAttr> &helpers)
      : kernel(kernel), module(module), helpers(helpers),
        builder(kernel.getContext()) {}

  FailureOr<func::FuncOp> build();

private:
  /// The values a thread loop's body sees.
  struct ThreadScope {
    OpBuilder builder;
    IRMapping mapping;
    Value tid[3];
    Value linear;
  };

  /// Asks LLVM to vectorize a thread loop rather than unroll it: unrolled
  /// short thread loops (16 threads, say) end up as scalar code.
  Attribute getVectorizeAnnotation() {
    MLIRContext *context = builder.getContext();
    auto enable = LLVM::LoopVectorizeAttr::get(
        context, BoolAttr::get(context, false), {}, {}, {}, {}, {}, {});
    auto noUnroll = LLVM::LoopUnrollAttr::get(
        context, BoolAttr::get(context, true), {}, {}, {}, {}, {}, {});
    return LLVM::LoopAnnotationAttr::get(context, {}, enable, {}, noUnroll,
                                         {}, {}, {}, {}, {}, {}, {}, {}, {},
                                         {}, {});
  }

  Value constant(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value loadContext(unsigned field);
  LogicalResult hoistUniformOps(SmallVectorImpl<Operation *> &rest);
  LogicalResult emitSequence(ArrayRef<Operation *> ops);
  LogicalResult emitSegment(ArrayRef<Operation *> ops);
  LogicalResult emitFor(scf::ForOp forOp);
  /// Emits a thread loop storing each thread's \p values into \p targets.
  LogicalResult storePerThread(ArrayRef<Value> values,
                               ArrayRef<Value> targets);
  /// True when \p forOp has the same bounds in every thread and carries
  /// only values that per-thread buffers can hold.
  bool isUniformLoop(scf::ForOp forOp) {
    return uniform.contains(forOp.getLowerBound()) &&
           uniform.contains(forOp.getUpperBound()) &&
           uniform.contains(forOp.getStep()) &&
           llvm::none_of(forOp.getInitArgs().getTypes(),
                         [](Type t) { return isa<MemRefType>(t); });
  }
  LogicalResult emitIf(scf::IfOp ifOp);
  LogicalResult emitAllReduce(gpu::AllReduceOp reduce);
  /// The value of \p value in thread \p thread, which a previous thread
  /// loop stored (or which is the same in every thread).
  Value loadFromThread(Value value, Value thread, ThreadScope &scope);
  LogicalResult emitShuffle(gpu::ShuffleOp shuffle, ThreadScope &scope);
  LogicalResult emitSubgroupReduce(gpu::SubgroupReduceOp reduce,
                                   ThreadScope &scope);
  /// Emits the thread loop nest at the current block-level insertion point
  /// and fills it through \p body.
  LogicalResult
  emitThreadLoop(function_ref<LogicalResult(ThreadScope &)> body,
                 Value xUpperBound = Value());
  /// For a segment ending in `scf.if (global_id x < n)` (or thread_id x),
  /// the guard that can become the x loop's bound instead, and that bound;
  /// the guarded body then runs unconditionally and vectorizes.
  std::pair<scf::IfOp, Value> findBoundsGuard(ArrayRef<Operation *> ops);
  /// Makes \p value, defined outside the current thread loop, available in
  /// it: from its per-thread buffer, or recomputed when it is a view.
  LogicalResult materialize(Value value, ThreadScope &scope);
  /// True when \p value is cheaper to recompute in each thread loop than to
  /// keep per thread: thread ids and arithmetic on them and on uniform
  /// values (index computations, mostly).
  bool isRecomputable(Value value, unsigned depth = 0);
  /// \p value as seen by every thread (thread 0's copy when it is kept per
  /// thread), for loop bounds and branch conditions around barriers.
  FailureOr<Value> uniformValue(Value value);
  Value getBuffer(Value value);
  Value newBuffer(Type type);
  /// Replaces the GPU ops in \p copy, a clone of \p original made with
  /// \p scope's mapping, by their host equivalents, keeping the mapping
  /// valid when \p copy itself is replaced.
  LogicalResult replaceGpuOps(Operation *original, Operation *copy,
                              ThreadScope &scope);
  LogicalResult lowerPrintf(gpu::PrintfOp printf);
  /// What \p get refers to on the host: the block's copy of a workgroup
  /// global, or a get_global of the host copy of a device global; null
  /// when it already names a host global.
  FailureOr<Value> getGlobal(memref::GetGlobalOp get);

  gpu::GPUFuncOp kernel;
  ModuleOp module;
  const DenseMap<StringAttr, StringAttr> &helpers;
  OpBuilder builder;
  Location loc = kernel.getLoc();
  func::FuncOp blockFn;
  /// Per-thread buffers are allocated at the block function's entry, after
  /// this op.
  Operation *allocaAfter = nullptr;
  Value ctx, shared;
  Value blockIds[3], blockDims[3], gridDims[3];
  Value blockSize;
  /// Kernel values with a block-level equivalent.
  IRMapping uniform;
  /// Kernel values kept per thread, and their buffers.
  DenseMap<Value, Value> buffers;
  /// Workgroup globals of the gpu.module, one allocation per block.
  DenseMap<StringAttr, Value> workgroupGlobals;
};

} // namespace

Value BlockFunctionBuilder::loadContext(unsigned field) {
  Type i64 = builder.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(builder.getContext());
  Value address = LLVM::GEPOp::create(builder, loc, ptr, i64, ctx,
                                      ArrayRef<LLVM::GEPArg>{int32_t(field)});
  Value value = LLVM::LoadOp::create(builder, loc, i64, address);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

Value BlockFunctionBuilder::newBuffer(Type type) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(allocaAfter);
  auto bufferType = MemRefType::get({ShapedType::kDynamic}, type);
  auto buffer = memref::AllocaOp::create(builder, loc, bufferType,
                                         ValueRange{blockSize});
  allocaAfter = buffer;
  return buffer;
}

Value BlockFunctionBuilder::getBuffer(Value value) {
  auto it = buffers.find(value);
  if (it != buffers.end())
    return it->second;
  Value buffer = newBuffer(stripAddressSpace(value.getType()));
  buffers[value] = buffer;
  return buffer;
}

FailureOr<Value> BlockFunctionBuilder::uniformValue(Value value) {
  if (Value mapped = uniform.lookupOrNull(value))
    return mapped;
  auto it = buffers.find(value);
  if (it == buffers.end())
    return failure();
  return memref::LoadOp::create(builder, loc, it->second,
                                ValueRange{constant(builder, 0)})
      .getResult();
}

bool BlockFunctionBuilder::isRecomputable(Value value, unsigned depth) {
  if (uniform.contains(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 6 || def->getNumRegions() != 0 || !isPure(def) ||
      def->getParentRegion() != &kernel.getBody())
    return false;
  if (isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp,
          gpu::SubgroupIdOp>(def))
    return true;
  if (!isa<arith::ArithDialect, index::IndexDialect>(def->getDialect()))
    return false;
  return llvm::all_of(def->getOperands(), [&](Value operand) {
    return isRecomputable(operand, depth + 1);
  });
}

LogicalResult BlockFunctionBuilder::materialize(Value value,
                                                ThreadScope &scope) {
  if (scope.mapping.contains(value))
    return success();
  if (Value mapped = uniform.lookupOrNull(value)) {
    scope.mapping.map(value, mapped);
    return success();
  }
  if (isRecomputable(value)) {
    Operation *def = value.getDefiningOp();
    for (Value operand : def->getOperands())
      if (failed(materialize(operand, scope)))
        return failure();
    Operation *copy = scope.builder.clone(*def, scope.mapping);
    return replaceGpuOps(def, copy, scope);
  }
  auto it = buffers.find(value);
  if (it != buffers.end()) {
    scope.mapping.map(value, memref::LoadOp::create(scope.builder, loc,
                                                    it->second,
                                                    ValueRange{scope.linear}));
    return success();
  }
  // Views of memory (subviews, casts, shared memory views) are recomputed.
  Operation *def = value.getDefiningOp();
  if (def && isa<MemRefType>(value.getType()) && isPure(def) &&
      def->getNumRegions() == 0) {
    for (Value operand : def->getOperands())
      if (failed(materialize(operand, scope)))
        return failure();
    Operation *copy = scope.builder.clone(*def, scope.mapping);
    if (failed(replaceGpuOps(def, copy, scope)))
      return failure();
    return success();
  }
  return emitError(value.getLoc(),
                   "this value lives across a gpu.barrier and mlirc cannot "
                   "keep it per thread on the host target");
}

LogicalResult BlockFunctionBuilder::emitThreadLoop(
    function_ref<LogicalResult(ThreadScope &)> body, Value xUpperBound) {
  Value zero = constant(builder, 0), one = constant(builder, 1);
  Value ivs[3];
  OpBuilder b = builder;
  // z outermost, x innermost: consecutive threads touch consecutive memory.
  for (int dim = 2; dim >= 0; --dim) {
    Value upper = dim == 0 && xUpperBound ? xUpperBound : blockDims[dim];
    auto loop = scf::ForOp::create(b, loc, zero, upper, one);
    if (dim == 0)
      loop->setAttr("llvm.loop_annotation", getVectorizeAnnotation());
    ivs[dim] = loop.getInductionVar();
    b.setInsertionPoint(loop.getBody()->getTerminator());
  }
  ThreadScope scope{b, IRMapping(), {ivs[0], ivs[1], ivs[2]}, Value()};
  Value zy = arith::MulIOp::create(b, loc, ivs[2], blockDims[1]);
  Value zyy = arith::AddIOp::create(b, loc, zy, ivs[1]);
  Value row = arith::MulIOp::create(b, loc, zyy, blockDims[0]);
  scope.linear = arith::AddIOp::create(b, loc, row, ivs[0]);
  return body(scope);
}

LogicalResult BlockFunctionBuilder::lowerPrintf(gpu::PrintfOp printf) {
  OpBuilder b(printf);
  MLIRContext *context = b.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto printfFn = module.lookupSymbol<LLVM::LLVMFuncOp>("printf");
  if (!printfFn) {
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    printfFn = LLVM::LLVMFuncOp::create(
        mb, loc, "printf",
        LLVM::LLVMFunctionType::get(b.getI32Type(), {ptr}, /*isVarArg=*/true));
  }
  std::string format = printf.getFormat().str();
  format.push_back('\0');
  std::string name;
  for (unsigned i = 0;; ++i) {
    name = "__mlirc_printf_format." + std::to_string(i);
    if (!module.lookupSymbol(name))
      break;
  }
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  auto type = LLVM::LLVMArrayType::get(b.getI8Type(), format.size());
  LLVM::GlobalOp::create(mb, loc, type, /*isConstant=*/true,
                         LLVM::Linkage::Internal, name,
                         b.getStringAttr(format));
  SmallVector<Value> args = {LLVM::AddressOfOp::create(b, loc, ptr, name)};
  for (Value arg : printf.getArgs()) {
    Type type = arg.getType();
    // C's default argument promotions.
    if (type.isIndex())
      arg = arith::IndexCastOp::create(b, loc, b.getI64Type(), arg);
    else if (type.isF16() || type.isBF16() || type.isF32())
      arg = arith::ExtFOp::create(b, loc, b.getF64Type(), arg);
    else if (type.isInteger() && type.getIntOrFloatBitWidth() < 32)
      arg = arith::ExtSIOp::create(b, loc, b.getI32Type(), arg);
    args.push_back(arg);
  }
  LLVM::CallOp::create(b, loc, printfFn, args);
  printf.erase();
  return success();
}

FailureOr<Value> BlockFunctionBuilder::getGlobal(memref::GetGlobalOp get) {
  auto gpuModule = kernel->getParentOfType<gpu::GPUModuleOp>();
  auto global = gpuModule.lookupSymbol<memref::GlobalOp>(get.getNameAttr());
  if (!global)
    return Value();
  auto type = cast<MemRefType>(global.getType());
  if (auto space = dyn_cast_or_null<gpu::AddressSpaceAttr>(
          type.getMemorySpace());
      space && space.getValue() == gpu::AddressSpace::Workgroup) {
    Value &copy = workgroupGlobals[global.getSymNameAttr()];
    if (!copy) {
      OpBuilder::InsertionGuard guard(builder);
      builder.setInsertionPointAfter(allocaAfter);
      auto alloca = memref::AllocaOp::create(
          builder, loc, cast<MemRefType>(stripAddressSpace(type)));
      allocaAfter = alloca;
      copy = alloca;
    }
    return copy;
  }
  // Global memory: one host copy of the global for the whole program.
  std::string name = ("__mlirc_host." + gpuModule.getName() + "." +
                      global.getSymName())
                         .str();
  auto hostType = cast<MemRefType>(stripAddressSpace(type));
  if (!module.lookupSymbol(name)) {
    OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
    auto copy = cast<memref::GlobalOp>(mb.clone(*global));
    copy.setSymName(name);
    copy.setType(hostType);
    copy.setPrivate();
  }
  OpBuilder b(get);
  return memref::GetGlobalOp::create(b, get.getLoc(), hostType, name)
      .getResult();
}

LogicalResult BlockFunctionBuilder::replaceGpuOps(Operation *original,
                                                  Operation *root,
                                                  ThreadScope &scope) {
  // The CPU has one address space.
  root->walk([](Operation *op) {
    for (Value result : op->getResults())
      result.setType(stripAddressSpace(result.getType()));
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (BlockArgument arg : block.getArguments())
          arg.setType(stripAddressSpace(arg.getType()));
  });
  SmallVector<Operation *> gpuOps;
  root->walk([&](Operation *op) {
    if (isa<gpu::GPUDialect>(op->getDialect()))
      gpuOps.push_back(op);
    if (isa<memref::GetGlobalOp>(op))
      gpuOps.push_back(op);
    // Calls to device helpers go to their host copies.
    if (auto call = dyn_cast<func::CallOp>(op)) {
      auto it = helpers.find(call.getCalleeAttr().getAttr());
      if (it != helpers.end())
        call.setCallee(it->second);
    }
  });
  for (Operation *op : gpuOps) {
    OpBuilder b(op);
    auto dim = [](auto typed) { return static_cast<int>(typed.getDimension()); };
    Value replacement;
    if (auto typed = dyn_cast<gpu::ThreadIdOp>(op)) {
      replacement = scope.tid[dim(typed)];
    } else if (auto typed = dyn_cast<gpu::BlockIdOp>(op)) {
      replacement = blockIds[dim(typed)];
    } else if (auto typed = dyn_cast<gpu::BlockDimOp>(op)) {
      replacement = blockDims[dim(typed)];
    } else if (auto typed = dyn_cast<gpu::GridDimOp>(op)) {
      replacement = gridDims[dim(typed)];
    } else if (auto typed = dyn_cast<gpu::GlobalIdOp>(op)) {
      int d = dim(typed);
      Value base = arith::MulIOp::create(b, loc, blockIds[d], blockDims[d]);
      replacement = arith::AddIOp::create(b, loc, base, scope.tid[d]);
    } else if (isa<gpu::LaneIdOp>(op)) {
      replacement = arith::RemUIOp::create(b, loc, scope.linear,
                                           constant(b, subgroupSize));
    } else if (isa<gpu::SubgroupIdOp>(op)) {
      replacement = arith::DivUIOp::create(b, loc, scope.linear,
                                           constant(b, subgroupSize));
    } else if (isa<gpu::SubgroupSizeOp>(op)) {
      replacement = constant(b, subgroupSize);
    } else if (isa<gpu::NumSubgroupsOp>(op)) {
      Value rounded = arith::AddIOp::create(b, loc, blockSize,
                                            constant(b, subgroupSize - 1));
      replacement = arith::DivUIOp::create(b, loc, rounded,
                                           constant(b, subgroupSize));
    } else if (isa<gpu::DynamicSharedMemoryOp>(op)) {
      replacement = shared;
    } else if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      FailureOr<Value> global = getGlobal(get);
      if (failed(global))
        return failure();
      if (!*global)
        continue; // a global of the host module
      replacement = *global;
    } else if (auto printf = dyn_cast<gpu::PrintfOp>(op)) {
      if (failed(lowerPrintf(printf)))
        return failure();
      continue;
    } else {
      return op->emitError("'")
             << op->getName()
             << "' is not supported by mlirc's host target yet";
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    if (op == root)
      scope.mapping.map(original->getResult(0), replacement);
    op->erase();
  }
  return success();
}

std::pair<scf::IfOp, Value>
BlockFunctionBuilder::findBoundsGuard(ArrayRef<Operation *> ops) {
  auto guard = dyn_cast<scf::IfOp>(ops.back());
  if (!guard || guard.getNumResults() != 0 || !guard.getElseRegion().empty())
    return {};
  auto cmp = guard.getCondition().getDefiningOp<arith::CmpIOp>();
  if (!cmp || (cmp.getPredicate() != arith::CmpIPredicate::ult &&
               cmp.getPredicate() != arith::CmpIPredicate::slt))
    return {};
  Value limit = uniform.lookupOrNull(cmp.getRhs());
  if (!limit || !limit.getType().isIndex())
    return {};
  // The ops before the guard must be free of effects and used only here:
  // threads past the bound no longer run them.
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  for (Operation *op : ops.drop_back()) {
    if (!isPure(op) || op->getNumRegions() != 0)
      return {};
    for (Value result : op->getResults())
      for (Operation *user : result.getUsers()) {
        Operation *top = op->getBlock()->findAncestorOpInBlock(*user);
        if (!top || !inSegment.contains(top))
          return {};
      }
  }
  Value base;
  Operation *id = cmp.getLhs().getDefiningOp();
  if (!id || !inSegment.contains(id))
    return {};
  if (auto global = dyn_cast_or_null<gpu::GlobalIdOp>(id);
      global && global.getDimension() == gpu::Dimension::x)
    base = arith::MulIOp::create(builder, loc, blockIds[0], blockDims[0]);
  else if (auto thread = dyn_cast_or_null<gpu::ThreadIdOp>(id);
           thread && thread.getDimension() == gpu::Dimension::x)
    base = constant(builder, 0);
  else
    return {};
  // x < limit - base, clamped to [0, blockDim.x]; signed, so a negative
  // limit runs no thread.
  Value remaining = arith::SubIOp::create(builder, loc, limit, base);
  Value atLeastZero =
      arith::MaxSIOp::create(builder, loc, remaining, constant(builder, 0));
  Value bound = arith::MinSIOp::create(builder, loc, atLeastZero, blockDims[0]);
  if (cmp.getPredicate() == arith::CmpIPredicate::ult) {
    // Unsigned: a "negative" limit is huge, so every thread passes.
    Value negative = arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::slt, limit, constant(builder, 0));
    bound = arith::SelectOp::create(builder, loc, negative, blockDims[0],
                                    bound);
  }
  return {guard, bound};
}

LogicalResult BlockFunctionBuilder::emitSegment(ArrayRef<Operation *> ops) {
  if (ops.empty())
    return success();
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  auto [guard, xBound] = findBoundsGuard(ops);
  return emitThreadLoop([&](ThreadScope &scope) -> LogicalResult {
    for (Operation *op : ops) {
      llvm::SetVector<Value> used;
      for (Value operand : op->getOperands())
        used.insert(operand);
      getUsedValuesDefinedAbove(op->getRegions(), used);
      for (Value value : used)
        if (failed(materialize(value, scope)))
          return failure();
      if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
        if (failed(emitShuffle(shuffle, scope)))
          return failure();
        continue;
      }
      if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op)) {
        if (failed(emitSubgroupReduce(reduce, scope)))
          return failure();
        continue;
      }
      if (op == guard.getOperation()) {
        // The loop bound already keeps every thread inside the guard.
        for (Operation &inner : guard.getThenRegion().front().without_terminator()) {
          Operation *copy = scope.builder.clone(inner, scope.mapping);
          if (failed(replaceGpuOps(&inner, copy, scope)))
            return failure();
        }
        continue;
      }
      Operation *copy = scope.builder.clone(*op, scope.mapping);
      if (failed(replaceGpuOps(op, copy, scope)))
        return failure();
    }
    // Results used beyond this thread loop are kept per thread.
    for (Operation *op : ops) {
      for (Value result : op->getResults()) {
        bool escapes = llvm::any_of(result.getUses(), [&](OpOperand &use) {
          Operation *user =
              op->getBlock()->findAncestorOpInBlock(*use.getOwner());
          return !user || !inSegment.contains(user);
        });
        if (!escapes)
          continue;
        Value value = scope.mapping.lookup(result);
        // Recomputed where needed, unless another thread reads it.
        bool readAcrossThreads = llvm::any_of(result.getUsers(), [](Operation *u) {
          return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp, gpu::AllReduceOp>(u);
        });
        if (isa<MemRefType>(value.getType()) ||
            (isRecomputable(result) && !readAcrossThreads))
          continue;
        memref::StoreOp::create(scope.builder, loc, value, getBuffer(result),
                                ValueRange{scope.linear});
      }
    }
    return success();
  }, xBound);
}

/// Stores \p values (one per thread) into \p targets, loading them all
/// first so that swaps between loop-carried values stay correct.
static LogicalResult
storeEach(ArrayRef<Value> values, ArrayRef<Value> targets,
          function_ref<LogicalResult(Value)> materialize,
          function_ref<Value(Value)> lookup, OpBuilder &b, Location loc,
          Value linear) {
  SmallVector<Value> loaded;
  for (Value value : values) {
    if (failed(materialize(value)))
      return failure();
    loaded.push_back(lookup(value));
  }
  for (auto [value, target] : llvm::zip(loaded, targets))
    memref::StoreOp::create(b, loc, value, target, ValueRange{linear});
  return success();
}

LogicalResult BlockFunctionBuilder::storePerThread(ArrayRef<Value> values,
                                                   ArrayRef<Value> targets) {
  return emitThreadLoop([&](ThreadScope &scope) {
    return storeEach(
        values, targets, [&](Value v) { return materialize(v, scope); },
        [&](Value v) { return scope.mapping.lookup(v); }, scope.builder, loc,
        scope.linear);
  });
}

LogicalResult BlockFunctionBuilder::emitFor(scf::ForOp forOp) {
  FailureOr<Value> lb = uniformValue(forOp.getLowerBound());
  FailureOr<Value> ub = uniformValue(forOp.getUpperBound());
  FailureOr<Value> step = uniformValue(forOp.getStep());
  if (failed(lb) || failed(ub) || failed(step))
    return forOp.emitError("the bounds of a loop holding a gpu.barrier must "
                           "be the same for all threads");
  SmallVector<Value> carried;
  for (Value init : forOp.getInitArgs()) {
    if (isa<MemRefType>(init.getType()))
      return forOp.emitError("a loop holding a gpu.barrier cannot carry a "
                             "memref on the host target");
    carried.push_back(newBuffer(init.getType()));
  }
  if (!carried.empty() &&
      failed(storePerThread(llvm::to_vector(forOp.getInitArgs()), carried)))
    return failure();
  for (auto [arg, buffer] : llvm::zip(forOp.getRegionIterArgs(), carried))
    buffers[arg] = buffer;

  // A yielded value computed in the body after the last read of its
  // loop-carried value is stored straight into the carried buffer, saving
  // a copy per iteration.
  auto yield = cast<scf::YieldOp>(forOp.getBody()->getTerminator());
  SmallVector<bool> storedInPlace(carried.size(), false);
  for (auto [i, operand] : llvm::enumerate(yield.getOperands())) {
    Operation *def = operand.getDefiningOp();
    // Only values a thread loop computes: loops, branches and block-wide
    // reductions bring buffers of their own.
    if (!def || def->getBlock() != forOp.getBody() || !operand.hasOneUse() ||
        buffers.count(operand) || isa<MemRefType>(operand.getType()) ||
        isa<scf::ForOp, scf::IfOp, gpu::AllReduceOp>(def))
      continue;
    BlockArgument carriedArg = forOp.getRegionIterArgs()[i];
    bool readsBefore = llvm::all_of(carriedArg.getUsers(), [&](Operation *u) {
      Operation *top = forOp.getBody()->findAncestorOpInBlock(*u);
      return top && (top == def || top->isBeforeInBlock(def));
    });
    if (!readsBefore)
      continue;
    buffers[operand] = carried[i];
    storedInPlace[i] = true;
  }

  auto hostLoop = scf::ForOp::create(builder, loc, *lb, *ub, *step);
  uniform.map(forOp.getInductionVar(), hostLoop.getInductionVar());
  OpBuilder::InsertPoint after = builder.saveInsertionPoint();
  builder.setInsertionPoint(hostLoop.getBody()->getTerminator());
  SmallVector<Operation *> body;
  for (Operation &op : forOp.getBody()->without_terminator())
    body.push_back(&op);
  if (failed(emitSequence(body)))
    return failure();
  SmallVector<Value> toCopy, copyTargets;
  for (auto [i, operand] : llvm::enumerate(yield.getOperands()))
    if (!storedInPlace[i]) {
      toCopy.push_back(operand);
      copyTargets.push_back(carried[i]);
    }
  if (!toCopy.empty() &&
      failed(storePerThread(toCopy, copyTargets)))
    return failure();
  builder.restoreInsertionPoint(after);
  for (auto [result, buffer] : llvm::zip(forOp.getResults(), carried))
    buffers[result] = buffer;
  return success();
}

LogicalResult BlockFunctionBuilder::emitIf(scf::IfOp ifOp) {
  FailureOr<Value> condition = uniformValue(ifOp.getCondition());
  if (failed(condition))
    return ifOp.emitError("the condition of a branch holding a gpu.barrier "
                          "must be the same for all threads");
  SmallVector<Value> results;
  for (Type type : ifOp.getResultTypes()) {
    if (isa<MemRefType>(type))
      return ifOp.emitError("a branch holding a gpu.barrier cannot yield a "
                            "memref on the host target");
    results.push_back(newBuffer(type));
  }
  auto hostIf = scf::IfOp::create(builder, loc, *condition,
                                  /*withElseRegion=*/!ifOp.getElseRegion().empty());
  OpBuilder::InsertPoint after = builder.saveInsertionPoint();
  for (auto [source, target] :
       llvm::zip(ifOp->getRegions(), hostIf->getRegions())) {
    if (source.empty())
      continue;
    builder.setInsertionPoint(target.front().getTerminator());
    SmallVector<Operation *> body;
    for (Operation &op : source.front().without_terminator())
      body.push_back(&op);
    if (failed(emitSequence(body)))
      return failure();
    auto yield = cast<scf::YieldOp>(source.front().getTerminator());
    if (!results.empty() &&
        failed(storePerThread(llvm::to_vector(yield.getOperands()), results)))
      return failure();
  }
  builder.restoreInsertionPoint(after);
  for (auto [result, buffer] : llvm::zip(ifOp.getResults(), results))
    buffers[result] = buffer;
  return success();
}

LogicalResult BlockFunctionBuilder::emitSequence(ArrayRef<Operation *> ops) {
  SmallVector<Operation *> segment;
  for (Operation *op : ops) {
    if (auto forOp = dyn_cast<scf::ForOp>(op);
        forOp && !containsCrossThread(op) && isUniformLoop(forOp)) {
      // Between barriers the threads are independent, so a loop with the
      // same bounds in every thread can run around the thread loop rather
      // than inside it: the thread loop becomes innermost and vectorizes
      // across threads (work-item loops innermost).
      if (failed(emitSegment(segment)) || failed(emitFor(forOp)))
        return failure();
      segment.clear();
      continue;
    }
    if (!containsCrossThread(op)) {
      segment.push_back(op);
      continue;
    }
    if (failed(emitSegment(segment)))
      return failure();
    segment.clear();
    if (isa<gpu::BarrierOp>(op))
      continue; // the end of a thread loop is the barrier
    if (isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(op)) {
      // Reads what every thread stored before it: starts a thread loop.
      segment.push_back(op);
      continue;
    }
    LogicalResult emitted = success();
    if (auto reduce = dyn_cast<gpu::AllReduceOp>(op))
      emitted = emitAllReduce(reduce);
    else if (auto forOp = dyn_cast<scf::ForOp>(op))
      emitted = emitFor(forOp);
    else if (auto ifOp = dyn_cast<scf::IfOp>(op))
      emitted = emitIf(ifOp);
    else
      return op->emitError("mlirc's host target supports gpu.barrier, "
                           "shuffles and reductions inside scf.for and "
                           "scf.if only");
    if (failed(emitted))
      return failure();
  }
  return emitSegment(segment);
}

Value BlockFunctionBuilder::loadFromThread(Value value, Value thread,
                                           ThreadScope &scope) {
  if (Value mapped = uniform.lookupOrNull(value))
    return mapped;
  return memref::LoadOp::create(scope.builder, loc, getBuffer(value),
                                ValueRange{thread});
}

LogicalResult BlockFunctionBuilder::emitShuffle(gpu::ShuffleOp shuffle,
                                                ThreadScope &scope) {
  OpBuilder &b = scope.builder;
  Value own = scope.mapping.lookup(shuffle.getValue());
  Value offset = arith::IndexCastOp::create(
      b, loc, b.getIndexType(), scope.mapping.lookup(shuffle.getOffset()));
  Value width = arith::IndexCastOp::create(
      b, loc, b.getIndexType(), scope.mapping.lookup(shuffle.getWidth()));
  Value lane = arith::RemUIOp::create(b, loc, scope.linear,
                                      constant(b, subgroupSize));
  // Lanes form segments of `width`; a source outside the thread's segment,
  // or past the end of the block, leaves the value as it is.
  Value inSegment = arith::RemUIOp::create(b, loc, lane, width);
  Value segmentStart = arith::SubIOp::create(b, loc, lane, inSegment);
  Value segmentEnd = arith::AddIOp::create(b, loc, segmentStart, width);
  Value source, valid;
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y).getResult();
  };
  switch (shuffle.getMode()) {
  case gpu::ShuffleMode::XOR:
    source = arith::XOrIOp::create(b, loc, lane, offset);
    valid = cmp(arith::CmpIPredicate::ult, source, segmentEnd);
    valid = arith::AndIOp::create(
        b, loc, valid, cmp(arith::CmpIPredicate::uge, source, segmentStart));
    break;
  case gpu::ShuffleMode::UP:
    source = arith::SubIOp::create(b, loc, lane, offset);
    // Unsigned: a negative source wraps to a huge lane.
    valid = cmp(arith::CmpIPredicate::uge, lane,
                arith::AddIOp::create(b, loc, segmentStart, offset));
    break;
  case gpu::ShuffleMode::DOWN:
    source = arith::AddIOp::create(b, loc, lane, offset);
    valid = cmp(arith::CmpIPredicate::ult, source, segmentEnd);
    break;
  case gpu::ShuffleMode::IDX:
    source = arith::AddIOp::create(b, loc, segmentStart, offset);
    valid = cmp(arith::CmpIPredicate::ult, offset, width);
    break;
  }
  Value subgroupStart = arith::SubIOp::create(b, loc, scope.linear, lane);
  Value sourceThread = arith::AddIOp::create(b, loc, subgroupStart, source);
  valid = arith::AndIOp::create(
      b, loc, valid, cmp(arith::CmpIPredicate::ult, sourceThread, blockSize));
  // Read thread 0 when invalid: always in bounds, and then unused.
  Value readThread = arith::SelectOp::create(b, loc, valid, sourceThread,
                                             constant(b, 0));
  Value read = loadFromThread(shuffle.getValue(), readThread, scope);
  Value result = arith::SelectOp::create(b, loc, valid, read, own);
  scope.mapping.map(shuffle.getShuffleResult(), result);
  scope.mapping.map(shuffle.getValid(), valid);
  return success();
}

LogicalResult
BlockFunctionBuilder::emitSubgroupReduce(gpu::SubgroupReduceOp reduce,
                                         ThreadScope &scope) {
  OpBuilder &b = scope.builder;
  int64_t size = reduce.getClusterSize().value_or(subgroupSize);
  int64_t stride = reduce.getClusterStride();
  // The cluster of a lane: `size` lanes `stride` apart within a span of
  // size * stride lanes.
  Value lane = arith::RemUIOp::create(b, loc, scope.linear,
                                      constant(b, subgroupSize));
  Value span = constant(b, size * stride);
  Value spanStart = arith::MulIOp::create(
      b, loc, arith::DivUIOp::create(b, loc, lane, span), span);
  Value first = arith::AddIOp::create(
      b, loc, spanStart,
      arith::RemUIOp::create(b, loc, lane, constant(b, stride)));
  Value subgroupStart = arith::SubIOp::create(b, loc, scope.linear, lane);
  Value firstThread = arith::AddIOp::create(b, loc, subgroupStart, first);
  // Every thread of the cluster combines the members in the same order, so
  // all get the same result.
  Value firstValue = loadFromThread(reduce.getValue(), firstThread, scope);
  auto loop = scf::ForOp::create(b, loc, constant(b, 1), constant(b, size),
                                 constant(b, 1), ValueRange{firstValue});
  {
    OpBuilder::InsertionGuard guard(b);
    b.setInsertionPointToStart(loop.getBody());
    Value acc = loop.getRegionIterArgs()[0];
    Value thread = arith::AddIOp::create(
        b, loc, firstThread,
        arith::MulIOp::create(b, loc, loop.getInductionVar(),
                              constant(b, stride)));
    Value inBlock = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                          thread, blockSize);
    Value safe = arith::SelectOp::create(b, loc, inBlock, thread,
                                         firstThread);
    Value member = loadFromThread(reduce.getValue(), safe, scope);
    Value combined = combine(b, loc, reduce.getOp(), acc, member);
    scf::YieldOp::create(
        b, loc, ValueRange{arith::SelectOp::create(b, loc, inBlock, combined,
                                                   acc)});
  }
  scope.mapping.map(reduce.getResult(), loop.getResult(0));
  return success();
}

LogicalResult BlockFunctionBuilder::emitAllReduce(gpu::AllReduceOp reduce) {
  // Every thread stored its value; one loop at block level reduces them and
  // the result is the same for all threads.
  Value zero = constant(builder, 0), one = constant(builder, 1);
  Value buffer;
  if (Value mapped = uniform.lookupOrNull(reduce.getValue())) {
    // The same value in every thread: reduce it blockSize times.
    buffer = newBuffer(reduce.getValue().getType());
    Value fill = mapped;
    auto loop = scf::ForOp::create(builder, loc, zero, blockSize, one);
    OpBuilder fb = OpBuilder::atBlockBegin(loop.getBody());
    memref::StoreOp::create(fb, loc, fill, buffer,
                            ValueRange{loop.getInductionVar()});
  } else {
    auto it = buffers.find(reduce.getValue());
    if (it == buffers.end())
      return reduce.emitError("the value of this gpu.all_reduce is not "
                              "available on the host target");
    buffer = it->second;
  }
  Value init = memref::LoadOp::create(builder, loc, buffer, ValueRange{zero});
  auto loop = scf::ForOp::create(builder, loc, one, blockSize, one,
                                 ValueRange{init});
  {
    OpBuilder::InsertionGuard guard(builder);
    builder.setInsertionPointToStart(loop.getBody());
    Value acc = loop.getRegionIterArgs()[0];
    Value member = memref::LoadOp::create(builder, loc, buffer,
                                          ValueRange{loop.getInductionVar()});
    Value combined;
    if (std::optional<gpu::AllReduceOperation> kind = reduce.getOp()) {
      combined = combine(builder, loc, *kind, acc, member);
    } else {
      Region &body = reduce.getBody();
      if (!body.hasOneBlock())
        return reduce.emitError("mlirc's host target needs a gpu.all_reduce "
                                "body of one block");
      IRMapping mapping = uniform;
      mapping.map(body.getArgument(0), acc);
      mapping.map(body.getArgument(1), member);
      for (Operation &op : body.front().without_terminator())
        builder.clone(op, mapping);
      combined = mapping.lookupOrDefault(
          body.front().getTerminator()->getOperand(0));
    }
    scf::YieldOp::create(builder, loc, combined);
  }
  uniform.map(reduce.getResult(), loop.getResult(0));
  return success();
}

LogicalResult
BlockFunctionBuilder::hoistUniformOps(SmallVectorImpl<Operation *> &rest) {
  for (Operation &op : kernel.getBody().front().without_terminator()) {
    bool isUniformQuery =
        isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
            gpu::SubgroupSizeOp>(op);
    bool operandsUniform = llvm::all_of(op.getOperands(), [&](Value v) {
      return uniform.contains(v);
    });
    if (isUniformQuery ||
        (isPure(&op) && op.getNumRegions() == 0 && operandsUniform &&
         !isa<gpu::GPUDialect>(op.getDialect()))) {
      ThreadScope none{builder, uniform, {}, Value()};
      Operation *copy = builder.clone(op, none.mapping);
      if (failed(replaceGpuOps(&op, copy, none)))
        return failure();
      for (Value result : op.getResults())
        uniform.map(result, none.mapping.lookup(result));
      continue;
    }
    rest.push_back(&op);
  }
  return success();
}

FailureOr<func::FuncOp> BlockFunctionBuilder::build() {
  if (!kernel.getBody().hasOneBlock())
    return kernel.emitError("mlirc's host target needs kernels whose body is "
                            "one block (structured control flow)");
  MLIRContext *context = kernel.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto sharedType = MemRefType::get({ShapedType::kDynamic},
                                    IntegerType::get(context, 8));
  SmallVector<Type> inputs = {ptr, sharedType};
  for (Type type : kernel.getArgumentTypes())
    inputs.push_back(stripAddressSpace(type));

  builder.setInsertionPointToEnd(module.getBody());
  std::string name = ("__mlirc_host." + kernel.getName()).str();
  blockFn = func::FuncOp::create(builder, loc, name,
                                 FunctionType::get(context, inputs, {}));
  blockFn->setAttr("mlirc.host_kernel", kernel.getNameAttr());
  blockFn.setPrivate();
  Block *entry = blockFn.addEntryBlock();
  builder.setInsertionPointToStart(entry);
  ctx = entry->getArgument(0);
  shared = entry->getArgument(1);
  for (auto [arg, value] : llvm::zip(kernel.getArguments(),
                                     entry->getArguments().drop_front(2)))
    uniform.map(arg, value);
  // Sizes the kernel declares (gpu.launch with constant sizes records them)
  // are constants: thread loops with known trip counts vectorize and
  // unroll without run-time checks.
  std::optional<ArrayRef<int32_t>> knownBlock = kernel.getKnownBlockSize();
  std::optional<ArrayRef<int32_t>> knownGrid = kernel.getKnownGridSize();
  for (int d = 0; d < 3; ++d) {
    blockIds[d] = loadContext(d);
    blockDims[d] = knownBlock ? constant(builder, (*knownBlock)[d])
                              : loadContext(3 + d);
    gridDims[d] = knownGrid ? constant(builder, (*knownGrid)[d])
                            : loadContext(6 + d);
  }
  blockSize = arith::MulIOp::create(
      builder, loc,
      arith::MulIOp::create(builder, loc, blockDims[0], blockDims[1]),
      blockDims[2]);

  bool hasBarrier = containsCrossThread(kernel);
  // Workgroup memory belongs to the block; private memory to one thread,
  // and threads without barriers run one after another, so one copy serves.
  for (BlockArgument arg : kernel.getWorkgroupAttributions())
    uniform.map(arg, memref::AllocaOp::create(
                         builder, loc,
                         cast<MemRefType>(stripAddressSpace(arg.getType()))));
  if (hasBarrier && !kernel.getPrivateAttributions().empty())
    return kernel.emitError("mlirc's host target does not support private "
                            "attributions in kernels with gpu.barrier yet");
  for (BlockArgument arg : kernel.getPrivateAttributions())
    uniform.map(arg, memref::AllocaOp::create(
                         builder, loc,
                         cast<MemRefType>(stripAddressSpace(arg.getType()))));
  allocaAfter = blockSize.getDefiningOp();

  SmallVector<Operation *> rest;
  if (failed(hoistUniformOps(rest)) || failed(emitSequence(rest)))
    return failure();
  func::ReturnOp::create(builder, loc);
  return blockFn;
}

namespace {

struct LowerKernelsToHostPass
    : public PassWrapper<LowerKernelsToHostPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(LowerKernelsToHostPass)

  explicit LowerKernelsToHostPass(bool keepDeviceBodies)
      : keepDeviceBodies(keepDeviceBodies) {}

  StringRef getArgument() const override {
    return "mlirc-lower-kernels-to-host";
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, func::FuncDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, scf::SCFDialect>();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<gpu::GPUModuleOp> gpuModules(module.getOps<gpu::GPUModuleOp>());
    for (gpu::GPUModuleOp gpuModule : gpuModules) {
      // Device helper functions get a host copy under a program-unique name.
      DenseMap<StringAttr, StringAttr> helpers;
      for (auto helper : gpuModule.getOps<func::FuncOp>()) {
        auto name = StringAttr::get(
            &getContext(), "__mlirc_host." + gpuModule.getName() + "." +
                               helper.getName());
        helpers[helper.getNameAttr()] = name;
        OpBuilder b = OpBuilder::atBlockEnd(module.getBody());
        auto copy = cast<func::FuncOp>(b.clone(*helper));
        copy.setName(name);
        copy.setPrivate();
      }
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        if (!kernel.isKernel())
          continue;
        BlockFunctionBuilder builder(kernel, module, helpers);
        if (failed(builder.build()))
          return signalPassFailure();
      }
      for (auto [oldName, newName] : helpers)
        for (Operation &op : module.getBody()->getOperations())
          if (auto func = dyn_cast<func::FuncOp>(op);
              func && func.getName().starts_with("__mlirc_host."))
            func.walk([&](func::CallOp call) {
              if (call.getCalleeAttr().getAttr() == oldName)
                call.setCallee(newName);
            });
      if (keepDeviceBodies)
        continue;
      // Only the signatures are still needed, by the launches' verifier.
      for (auto kernel : gpuModule.getOps<gpu::GPUFuncOp>()) {
        Block &body = kernel.getBody().front();
        body.dropAllDefinedValueUses();
        while (!body.empty())
          body.back().erase();
        OpBuilder b = OpBuilder::atBlockEnd(&body);
        gpu::ReturnOp::create(b, kernel.getLoc());
      }
      for (Operation &op :
           llvm::make_early_inc_range(gpuModule.getBody()->getOperations()))
        if (!isa<gpu::GPUFuncOp>(op))
          op.erase();
    }
  }

  bool keepDeviceBodies;
};

} // namespace

std::unique_ptr<Pass> mlirc::createLowerKernelsToHostPass(bool keepDeviceBodies) {
  return std::make_unique<LowerKernelsToHostPass>(keepDeviceBodies);
}
