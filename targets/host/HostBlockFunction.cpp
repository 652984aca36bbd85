//===- HostBlockFunction.cpp - One kernel as a CPU block function ---------===//
//
// Thread loops, per-thread buffers, private and workgroup memory, and the
// host equivalents of the GPU ops; the block-level control flow around the
// thread loops is in HostBlockControlFlow.cpp. See HostBlockFunction.h.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostBlockFunction.h"
#include "pipeline/AllocsOnStack.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/KernelHandle.h"
#include "pipeline/LiftKernelBranches.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Index/IR/IndexDialect.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "mlir/Transforms/RegionUtils.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/TypeSwitch.h"

#include <functional>

using namespace mlir;
using namespace mlirc::host;

Type mlirc::host::stripAddressSpace(Type type) {
  auto memref = dyn_cast<MemRefType>(type);
  if (!memref ||
      !isa_and_nonnull<gpu::AddressSpaceAttr>(memref.getMemorySpace()))
    return type;
  return MemRefType::get(memref.getShape(), memref.getElementType(),
                         memref.getLayout());
}

bool mlirc::host::isCrossThread(Operation *op) {
  return isa<gpu::BarrierOp, gpu::ShuffleOp, gpu::AllReduceOp,
             gpu::SubgroupReduceOp>(op);
}

/// Rewrites each `block_id x * block_dim x + thread_id x` of \p kernel (the
/// form MLIR's gpu.launch bodies spell it in) as the gpu.global_id x it
/// is, and erases the ids it leaves unused: a kernel that reads x only so
/// can then merge blocks in x.
static void formGlobalIdsInX(gpu::GPUFuncOp kernel) {
  auto inX = [](auto op) {
    return op && op.getDimension() == gpu::Dimension::x;
  };
  auto isBlockOffset = [&](Value value) {
    auto mul = value.getDefiningOp<arith::MulIOp>();
    if (!mul)
      return false;
    auto holds = [&](Value id, Value size) {
      return inX(id.getDefiningOp<gpu::BlockIdOp>()) &&
             inX(size.getDefiningOp<gpu::BlockDimOp>());
    };
    return holds(mul.getLhs(), mul.getRhs()) ||
           holds(mul.getRhs(), mul.getLhs());
  };
  auto isThreadId = [&](Value value) {
    return inX(value.getDefiningOp<gpu::ThreadIdOp>());
  };
  SmallVector<arith::AddIOp> sums;
  kernel.walk([&](arith::AddIOp add) {
    Value lhs = add.getLhs(), rhs = add.getRhs();
    if ((isBlockOffset(lhs) && isThreadId(rhs)) ||
        (isBlockOffset(rhs) && isThreadId(lhs)))
      sums.push_back(add);
  });
  SetVector<Operation *> maybeDead;
  for (arith::AddIOp add : sums) {
    for (Value operand : add->getOperands())
      maybeDead.insert(operand.getDefiningOp());
    OpBuilder b(add);
    Value id = gpu::GlobalIdOp::create(b, add.getLoc(), gpu::Dimension::x);
    add.replaceAllUsesWith(id);
    add.erase();
  }
  // The products first, then the ids they read.
  for (unsigned i = 0; i < maybeDead.size(); ++i) {
    Operation *op = maybeDead[i];
    if (!op->use_empty())
      continue;
    for (Value operand : op->getOperands())
      if (Operation *def = operand.getDefiningOp())
        maybeDead.insert(def);
  }
  for (Operation *op : maybeDead)
    if (op->use_empty() && isPure(op))
      op->erase();
}

/// True when \p value may differ between threads of different x: it may
/// read gpu.global_id x (the only x id canMergeBlocksInX lets through).
static bool mayDependOnX(Value value, unsigned depth = 0) {
  if (depth > 32)
    return true;
  if (auto arg = dyn_cast<BlockArgument>(value)) {
    Operation *owner = arg.getOwner()->getParentOp();
    if (isa<gpu::GPUFuncOp>(owner))
      return false;
    auto loop = dyn_cast<scf::ForOp>(owner);
    if (!loop || arg != loop.getInductionVar())
      return true;
    return mayDependOnX(loop.getLowerBound(), depth + 1) ||
           mayDependOnX(loop.getStep(), depth + 1);
  }
  Operation *def = value.getDefiningOp();
  if (auto id = dyn_cast<gpu::GlobalIdOp>(def))
    return id.getDimension() == gpu::Dimension::x;
  if (def->getNumRegions() != 0)
    return true;
  return llvm::any_of(def->getOperands(), [&](Value operand) {
    return mayDependOnX(operand, depth + 1);
  });
}

bool mlirc::host::canMergeBlocksInX(gpu::GPUFuncOp kernel) {
  if (!kernel.getWorkgroupAttributions().empty() ||
      !kernel.getPrivateAttributions().empty())
    return false;
  WalkResult found = kernel.getBody().walk([&](Operation *op) {
    // Thread and block ids, sizes and counts in y and z.
    std::optional<gpu::Dimension> dim =
        TypeSwitch<Operation *, std::optional<gpu::Dimension>>(op)
            .Case<gpu::ThreadIdOp, gpu::BlockIdOp, gpu::BlockDimOp,
                  gpu::GridDimOp>(
                [](auto typed) { return typed.getDimension(); })
            .Default([](Operation *) { return std::nullopt; });
    if (dim)
      return *dim == gpu::Dimension::x ? WalkResult::interrupt()
                                       : WalkResult::advance();
    if (isa<gpu::GlobalIdOp, gpu::ReturnOp>(op))
      return WalkResult::advance();
    // A loop whose bounds are the same in every x: it runs around the
    // thread loop, or inside it the same way in every merged block.
    if (auto loop = dyn_cast<scf::ForOp>(op))
      return mayDependOnX(loop.getLowerBound()) ||
                     mayDependOnX(loop.getUpperBound()) ||
                     mayDependOnX(loop.getStep())
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    // Every other GPU op, loops (a trip count may depend on the block),
    // branches (a loop among them), calls, asserts (they name the thread),
    // allocations and globals.
    bool blockBound =
        isa<gpu::GPUDialect>(op->getDialect()) ||
        isa<LoopLikeOpInterface, CallOpInterface, memref::AllocaOp,
            memref::AllocOp, memref::AllocaScopeOp, memref::GetGlobalOp>(op) ||
        op->getNumSuccessors() > 0 ||
        op->getName().getStringRef() == "cf.assert";
    return blockBound ? WalkResult::interrupt() : WalkResult::advance();
  });
  return !found.wasInterrupted();
}

bool mlirc::host::containsCrossThread(Operation *op) {
  return !getCrossThreadOpName(op).empty();
}

StringRef mlirc::host::getCrossThreadOpName(Operation *op) {
  StringRef name;
  op->walk([&](Operation *nested) {
    if (!isCrossThread(nested))
      return WalkResult::advance();
    name = mlirc::getWrittenName(nested);
    return WalkResult::interrupt();
  });
  return name;
}

Value BlockFunctionBuilder::loadContext(unsigned field) {
  Type i64 = builder.getI64Type();
  auto ptr = LLVM::LLVMPointerType::get(builder.getContext());
  Value address = LLVM::GEPOp::create(builder, loc, ptr, i64, ctx,
                                      ArrayRef<LLVM::GEPArg>{int32_t(field)});
  Value value = LLVM::LoadOp::create(builder, loc, i64, address);
  return arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                    value);
}

/// Bytes of one \p type value in memory (pointers and index: 8).
static int64_t getBytes(Type type) {
  if (auto vector = dyn_cast<VectorType>(type))
    return vector.getNumElements() * getBytes(vector.getElementType());
  if (type.isIntOrFloat())
    return llvm::divideCeil(type.getIntOrFloatBitWidth(), 8);
  return 8;
}

Value BlockFunctionBuilder::allocateRows(MemRefType rowsType,
                                         int64_t alignment) {
  // Rows for up to 1024 threads beyond what a thread's stack can spare
  // come from the heap (CUDA gives a thread up to 512 KiB of local memory).
  constexpr int64_t maxStackBytes = 64 << 10;
  int64_t rowBytes =
      getBytes(rowsType.getElementType()) *
      ShapedType::getNumElements(rowsType.getShape().drop_front());
  if (rowBytes * maxThreads() <= maxStackBytes)
    return memref::AllocaOp::create(
        builder, loc, rowsType, ValueRange{blockSize}, ValueRange(),
        alignment ? builder.getI64IntegerAttr(alignment) : IntegerAttr());
  Value rows = memref::AllocOp::create(
      builder, loc, rowsType, ValueRange{blockSize},
      builder.getI64IntegerAttr(std::max<int64_t>(alignment, 64)));
  heapBuffers.push_back(rows);
  return rows;
}

void BlockFunctionBuilder::hoistBlockLevelAllocas(gpu::GPUFuncOp kernel) {
  Block &entry = kernel.getBody().front();
  SmallVector<memref::AllocaOp> nested;
  kernel.walk([&](memref::AllocaOp alloca) {
    if (alloca->getBlock() != &entry && alloca.getType().hasStaticShape() &&
        alloca.getType().getLayout().isIdentity())
      nested.push_back(alloca);
  });
  for (memref::AllocaOp alloca : nested) {
    // Only those in loops and branches that run at block level, around
    // thread loops of their own (which the allocation could not be kept
    // across): each thread's memory is then its row of private memory,
    // the same for every trip, which a fresh allocation's undefined
    // contents allow.
    bool blockLevel = false;
    for (Operation *parent = alloca->getParentOp(); parent != kernel;
         parent = parent->getParentOp())
      blockLevel |= containsCrossThread(parent);
    if (blockLevel && mlirc::staysInItsRegion(alloca.getResult()))
      alloca->moveBefore(&entry, entry.begin());
  }
}

/// Bytes of \p type in memory where a row of private memory can hold it
/// as a memref.view of bytes: those LLVM lays out as their size.
static std::optional<int64_t> getViewElementBytes(Type type) {
  if (type.isIndex())
    return 8;
  if (auto vector = dyn_cast<VectorType>(type)) {
    std::optional<int64_t> element =
        getViewElementBytes(vector.getElementType());
    if (!element || vector.isScalable())
      return std::nullopt;
    int64_t bytes = *element * vector.getNumElements();
    if (!llvm::isPowerOf2_64(bytes))
      return std::nullopt;
    return bytes;
  }
  if (!type.isIntOrFloat())
    return std::nullopt;
  unsigned width = type.getIntOrFloatBitWidth();
  if (width != 1 && width != 8 && width != 16 && width != 32 && width != 64)
    return std::nullopt;
  if (isa<FloatType>(type) && width != 16 && width != 32 && width != 64)
    return std::nullopt;
  return std::max(width / 8, 1u);
}

std::optional<BlockFunctionBuilder::PrivateRows>
BlockFunctionBuilder::allocatePrivateRows(MemRefType type, int64_t alignment) {
  std::optional<int64_t> elementBytes =
      getViewElementBytes(type.getElementType());
  if (!elementBytes)
    return std::nullopt;
  // Each row aligned as the element and as the allocation asks, and at
  // least as a 16-byte vector.
  int64_t rowAlignment = std::max<int64_t>({16, alignment, *elementBytes});
  // An allocation of no elements (bufferization's deallocation makes them)
  // still gets a row: rows of no bytes made an invalid collapse_shape.
  int64_t rowBytes =
      llvm::alignTo(std::max<int64_t>(*elementBytes * type.getNumElements(), 1),
                    rowAlignment);
  auto i8 = builder.getI8Type();
  Value rows = allocateRows(
      MemRefType::get({ShapedType::kDynamic, rowBytes}, i8), rowAlignment);
  Value bytes = memref::CollapseShapeOp::create(
      builder, loc, rows, ArrayRef<ReassociationIndices>{{0, 1}});
  return PrivateRows{bytes, rowBytes};
}

Value BlockFunctionBuilder::newBuffer(Type type) {
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(allocaAfter);
  Value buffer = allocateRows(MemRefType::get({ShapedType::kDynamic}, type));
  allocaAfter = buffer.getDefiningOp();
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
  if (it != buffers.end())
    return memref::LoadOp::create(builder, loc, it->second,
                                  ValueRange{constant(builder, 0)})
        .getResult();
  // Arithmetic on values all threads share is computed once more here;
  // on thread ids it differs between threads.
  std::function<bool(Value)> usesThreadIds = [&](Value v) {
    if (uniform.contains(v))
      return false;
    Operation *def = v.getDefiningOp();
    return !def ||
           isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp,
               gpu::SubgroupIdOp>(def) ||
           llvm::any_of(def->getOperands(), usesThreadIds);
  };
  if (!isRecomputable(value) || usesThreadIds(value))
    return failure();
  Value zero = constant(builder, 0);
  ThreadScope thread0{builder, IRMapping(), {zero, zero, zero}, zero};
  if (failed(materialize(value, thread0)))
    return failure();
  return thread0.mapping.lookup(value);
}

bool BlockFunctionBuilder::isRecomputable(Value value, unsigned depth) {
  if (uniform.contains(value))
    return true;
  Operation *def = value.getDefiningOp();
  if (!def || depth > 6 || def->getNumRegions() != 0 || !isPure(def) ||
      def->getParentRegion() != &kernel.getBody())
    return false;
  if (isa<gpu::ThreadIdOp, gpu::GlobalIdOp, gpu::LaneIdOp, gpu::SubgroupIdOp>(
          def))
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
  auto rows = privateRows.find(value);
  if (rows != privateRows.end()) {
    // This thread's row, as a memref of the allocation's own type.
    OpBuilder &b = scope.builder;
    Value shift = arith::MulIOp::create(b, loc, scope.linear,
                                        constant(b, rows->second.rowBytes));
    scope.mapping.map(
        value, memref::ViewOp::create(
                   b, loc, cast<MemRefType>(stripAddressSpace(value.getType())),
                   rows->second.bytes, shift, ValueRange()));
    return success();
  }
  auto privateBuffer = privateBuffers.find(value);
  if (privateBuffer != privateBuffers.end()) {
    // This thread's row of the private buffer.
    auto type = cast<MemRefType>(stripAddressSpace(value.getType()));
    OpBuilder &b = scope.builder;
    SmallVector<OpFoldResult> offsets = {scope.linear};
    SmallVector<OpFoldResult> sizes = {b.getIndexAttr(1)};
    SmallVector<OpFoldResult> strides(type.getRank() + 1, b.getIndexAttr(1));
    for (int64_t dim : type.getShape()) {
      offsets.push_back(b.getIndexAttr(0));
      sizes.push_back(b.getIndexAttr(dim));
    }
    auto bufferType = cast<MemRefType>(privateBuffer->second.getType());
    auto rowType = memref::SubViewOp::inferRankReducedResultType(
        type.getShape(), bufferType, offsets, sizes, strides);
    scope.mapping.map(
        value, memref::SubViewOp::create(b, loc, cast<MemRefType>(rowType),
                                         privateBuffer->second, offsets, sizes,
                                         strides));
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
    scope.mapping.map(value,
                      memref::LoadOp::create(scope.builder, loc, it->second,
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
  if (isa_and_nonnull<memref::AllocOp>(def))
    return emitError(value.getLoc(),
                     "this heap allocation lives across a gpu.barrier and "
                     "mlirc cannot keep it per thread on the host target; "
                     "allocate the thread's memory with memref.alloca, or "
                     "in #gpu.address_space<private>");
  return emitError(value.getLoc(),
                   "this value lives across a gpu.barrier and mlirc cannot "
                   "keep it per thread on the host target");
}

LogicalResult BlockFunctionBuilder::emitThreadLoop(
    function_ref<LogicalResult(ThreadScope &)> body, XRange xRange,
    bool splitOutside) {
  Value zero = constant(builder, 0), one = constant(builder, 1);
  Value ivs[3];
  OpBuilder b = builder;
  // z outermost, x innermost: consecutive threads touch consecutive memory.
  for (int dim = 2; dim >= 1; --dim) {
    auto loop = scf::ForOp::create(b, loc, zero, blockDims[dim], one);
    ivs[dim] = loop.getInductionVar();
    b.setInsertionPoint(loop.getBody()->getTerminator());
  }
  Value first = zero, end = xWidth;
  if (xRange)
    std::tie(first, end) = xRange(b, ivs[1], ivs[2]);
  // [0, first) and [end, width) outside the range, in x order.
  SmallVector<std::tuple<Value, Value, bool>, 3> parts = {{first, end, true}};
  if (splitOutside)
    parts = {{zero, first, false}, {first, end, true}, {end, xWidth, false}};
  for (auto [lower, upper, inRange] : parts) {
    OpBuilder xb = b;
    auto loop = scf::ForOp::create(xb, loc, lower, upper, one);
    loop->setAttr("llvm.loop_annotation", getVectorizeAnnotation());
    ivs[0] = loop.getInductionVar();
    xb.setInsertionPoint(loop.getBody()->getTerminator());
    ThreadScope scope{
        xb, IRMapping(), {ivs[0], ivs[1], ivs[2]}, Value(), inRange};
    Value zy = arith::MulIOp::create(xb, loc, ivs[2], blockDims[1]);
    Value zyy = arith::AddIOp::create(xb, loc, zy, ivs[1]);
    Value row = arith::MulIOp::create(xb, loc, zyy, xWidth);
    scope.linear = arith::AddIOp::create(xb, loc, row, ivs[0]);
    if (failed(body(scope)))
      return failure();
    // A thread's stack allocations end with its iteration: on a GPU each
    // thread has a stack of its own, here they would pile up in the
    // block's.
    Block *threadBody = loop.getBody();
    bool allocates = false;
    threadBody->walk([&](memref::AllocaOp) { allocates = true; });
    if (!allocates)
      continue;
    OpBuilder atStart = OpBuilder::atBlockBegin(threadBody);
    Value stack = LLVM::StackSaveOp::create(
        atStart, loc, LLVM::LLVMPointerType::get(builder.getContext()));
    OpBuilder atEnd(threadBody->getTerminator());
    LLVM::StackRestoreOp::create(atEnd, loc, stack);
  }
  return success();
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
    else
      arg = mlirc::promotePrintfInteger(b, loc, arg);
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
  if (auto space =
          dyn_cast_or_null<gpu::AddressSpaceAttr>(type.getMemorySpace());
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
  std::string name =
      ("__mlirc_host." + gpuModule.getName() + "." + global.getSymName()).str();
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
  });
  for (Operation *op : gpuOps) {
    OpBuilder b(op);
    auto dim = [](auto typed) {
      return static_cast<int>(typed.getDimension());
    };
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
      replacement =
          arith::DivUIOp::create(b, loc, rounded, constant(b, subgroupSize));
    } else if (auto typed = dyn_cast<gpu::ClusterDimBlocksOp>(op)) {
      replacement = clusterDims[dim(typed)];
    } else if (auto typed = dyn_cast<gpu::ClusterBlockIdOp>(op)) {
      int d = dim(typed);
      replacement = arith::RemUIOp::create(b, loc, blockIds[d], clusterDims[d]);
    } else if (auto typed = dyn_cast<gpu::ClusterIdOp>(op)) {
      int d = dim(typed);
      replacement = arith::DivUIOp::create(b, loc, blockIds[d], clusterDims[d]);
    } else if (auto typed = dyn_cast<gpu::ClusterDimOp>(op)) {
      // Clusters per grid, of the grid as launched.
      int d = dim(typed);
      replacement =
          arith::DivUIOp::create(b, loc, launchGrid[d], clusterDims[d]);
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
      // An op of an unsupported region op (gpu.yield of
      // gpu.warp_execute_on_lane_0) is reported as that op.
      Operation *at = op;
      while (Operation *parent = at->getParentOp()) {
        if (!isa<gpu::GPUDialect>(parent->getDialect()) ||
            isa<gpu::GPUFuncOp, gpu::LaunchOp>(parent))
          break;
        at = parent;
      }
      return at->emitError("'")
             << at->getName()
             << "' is not supported by mlirc's host target yet";
    }
    op->getResult(0).replaceAllUsesWith(replacement);
    if (op == root)
      scope.mapping.map(original->getResult(0), replacement);
    op->erase();
  }
  return success();
}

LogicalResult BlockFunctionBuilder::materializeUsedValues(Operation *op,
                                                          ThreadScope &scope) {
  llvm::SetVector<Value> used;
  for (Value operand : op->getOperands())
    used.insert(operand);
  getUsedValuesDefinedAbove(op->getRegions(), used);
  for (Value value : used)
    if (failed(materialize(value, scope)))
      return failure();
  return success();
}

LogicalResult BlockFunctionBuilder::cloneIntoThread(Operation *op,
                                                    ThreadScope &scope) {
  if (failed(materializeUsedValues(op, scope)))
    return failure();
  Operation *copy = scope.builder.clone(*op, scope.mapping);
  return replaceGpuOps(op, copy, scope);
}

LogicalResult BlockFunctionBuilder::emitSegment(ArrayRef<Operation *> ops) {
  if (ops.empty())
    return success();
  llvm::SmallPtrSet<Operation *, 16> inSegment(ops.begin(), ops.end());
  BoundsGuard boundsGuard = findBoundsGuard(ops);
  BoundsGuard splitGuard;
  if (!boundsGuard.op)
    splitGuard = findSplitGuard(ops);
  const BoundsGuard &rangeGuard = boundsGuard.op ? boundsGuard : splitGuard;
  scf::IfOp guard = boundsGuard.op;
  auto xRange = [&](OpBuilder &b, Value tidY, Value tidZ) {
    return emitGuardedXRange(rangeGuard, b, tidY, tidZ);
  };
  return emitThreadLoop(
      [&](ThreadScope &scope) -> LogicalResult {
        for (Operation *op : ops) {
          if (splitGuard.op && op == splitGuard.op.getOperation()) {
            if (failed(emitSplitBranch(splitGuard, scope)))
              return failure();
            continue;
          }
          if (!isa<gpu::ShuffleOp, gpu::SubgroupReduceOp>(op) &&
              op != guard.getOperation()) {
            if (failed(cloneIntoThread(op, scope)))
              return failure();
            continue;
          }
          if (failed(materializeUsedValues(op, scope)))
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
          // The x range keeps the threads inside the guard but for its
          // per-thread conjuncts, still checked here.
          OpBuilder::InsertionGuard atBody(scope.builder);
          FailureOr<Value> condition =
              emitPerThreadCondition(boundsGuard, scope);
          if (failed(condition))
            return failure();
          if (*condition) {
            auto branch = scf::IfOp::create(scope.builder, loc, *condition);
            scope.builder.setInsertionPoint(
                branch.getThenRegion().front().getTerminator());
          }
          for (Operation &inner :
               guard.getThenRegion().front().without_terminator()) {
            Operation *copy = scope.builder.clone(inner, scope.mapping);
            if (failed(replaceGpuOps(&inner, copy, scope)))
              return failure();
          }
        }
        // Results used beyond this thread loop are kept per thread.
        SmallVector<Value> escaping;
        for (Operation *op : ops)
          for (Value result : op->getResults())
            if (llvm::any_of(result.getUses(), [&](OpOperand &use) {
                  Operation *user =
                      op->getBlock()->findAncestorOpInBlock(*use.getOwner());
                  return !user || !inSegment.contains(user);
                }))
              escaping.push_back(result);
        // In program order, operands of views after them.
        llvm::SmallPtrSet<Value, 16> kept;
        for (size_t next = 0; next < escaping.size(); ++next) {
          Value result = escaping[next];
          if (!kept.insert(result).second)
            continue;
          Value value = scope.mapping.lookup(result);
          // A view of memory is made again where it is used (materialize),
          // from its operands: those made here are kept instead (the
          // condition of an arith.select of two buffers).
          Operation *def = result.getDefiningOp();
          if (isa<MemRefType>(value.getType())) {
            if (def && isPure(def) && def->getNumRegions() == 0)
              for (Value operand : def->getOperands())
                if (Operation *from = operand.getDefiningOp();
                    from && inSegment.contains(from))
                  escaping.push_back(operand);
            continue;
          }
          // Recomputed where needed, unless another thread reads it.
          bool readAcrossThreads =
              llvm::any_of(result.getUsers(), [](Operation *u) {
                return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp,
                           gpu::AllReduceOp>(u);
              });
          if (isRecomputable(result) && !readAcrossThreads)
            continue;
          memref::StoreOp::create(scope.builder, loc, value, getBuffer(result),
                                  ValueRange{scope.linear});
        }
        return success();
      },
      rangeGuard.op ? XRange(xRange) : nullptr,
      /*splitOutside=*/splitGuard.op != nullptr);
}

FailureOr<Value>
BlockFunctionBuilder::emitPerThreadCondition(const BoundsGuard &guard,
                                             ThreadScope &scope) {
  Value condition;
  for (Value conjunct : guard.perThread) {
    if (failed(materialize(conjunct, scope)))
      return failure();
    Value value = scope.mapping.lookup(conjunct);
    condition =
        condition ? arith::AndIOp::create(scope.builder, loc, condition, value)
                        .getResult()
                  : value;
  }
  return condition;
}

LogicalResult BlockFunctionBuilder::emitSplitBranch(const BoundsGuard &guard,
                                                    ThreadScope &scope) {
  scf::IfOp branch = guard.op;
  if (failed(materializeUsedValues(branch, scope)))
    return failure();
  // Inside the range only the per-thread conjuncts are left to test.
  if (scope.inRange) {
    FailureOr<Value> condition = emitPerThreadCondition(guard, scope);
    if (failed(condition))
      return failure();
    if (*condition) {
      Operation *copy = scope.builder.clone(*branch, scope.mapping);
      copy->setOperand(0, *condition);
      return replaceGpuOps(branch, copy, scope);
    }
  }
  Region &taken =
      scope.inRange ? branch.getThenRegion() : branch.getElseRegion();
  if (taken.empty())
    return success(); // no else branch, and so no results
  for (Operation &inner : taken.front().without_terminator()) {
    Operation *copy = scope.builder.clone(inner, scope.mapping);
    if (failed(replaceGpuOps(&inner, copy, scope)))
      return failure();
  }
  for (auto [result, yielded] : llvm::zip(
           branch.getResults(), taken.front().getTerminator()->getOperands()))
    scope.mapping.map(result, scope.mapping.lookupOrDefault(yielded));
  return success();
}

FailureOr<func::FuncOp> BlockFunctionBuilder::build() {
  formGlobalIdsInX(kernel);
  // Barriers, shuffles and reductions are placed by the scf ops around
  // them: lift branches into those first.
  bool unstructured = !kernel.getBody().hasOneBlock();
  if (unstructured && containsCrossThread(kernel) &&
      succeeded(mlirc::liftKernelBranches(kernel)))
    unstructured = !kernel.getBody().hasOneBlock();
  if (unstructured && containsCrossThread(kernel))
    return kernel.emitError(
        "mlirc's host target needs structured control flow (scf) in kernels "
        "with barriers, shuffles or reductions, and this kernel's branches "
        "do not lift into scf ops (an exit other than gpu.return?)");
  // Switches that hold such ops (written so, or lifted cf.switch) as
  // chains of scf.if, by which the block function places them.
  SmallVector<Operation *> switches;
  kernel.walk([&](scf::IndexSwitchOp op) {
    if (containsCrossThread(op))
      switches.push_back(op);
  });
  if (!switches.empty()) {
    RewritePatternSet patterns(kernel.getContext());
    mlirc::populateSwitchAsIfsPatterns(patterns);
    if (failed(mlirc::applyOpPatternsWithBound(
            switches, std::move(patterns), "host block function",
            GreedyRewriteStrictness::ExistingOps)))
      return failure();
  }
  MLIRContext *context = kernel.getContext();
  auto ptr = LLVM::LLVMPointerType::get(context);
  auto sharedType =
      MemRefType::get({ShapedType::kDynamic}, IntegerType::get(context, 8));
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
  for (auto [arg, value] :
       llvm::zip(kernel.getArguments(), entry->getArguments().drop_front(2)))
    uniform.map(arg, value);
  // Sizes the kernel declares (gpu.launch with constant sizes records them)
  // are constants: thread loops with known trip counts vectorize and
  // unroll without run-time checks.
  std::optional<ArrayRef<int32_t>> knownBlock = kernel.getKnownBlockSize();
  std::optional<ArrayRef<int32_t>> knownGrid = kernel.getKnownGridSize();
  for (int d = 0; d < 3; ++d) {
    blockIds[d] = loadContext(d);
    blockDims[d] =
        knownBlock ? constant(builder, (*knownBlock)[d]) : loadContext(3 + d);
    gridDims[d] =
        knownGrid ? constant(builder, (*knownGrid)[d]) : loadContext(6 + d);
    launchGrid[d] = loadContext(6 + d);
    clusterDims[d] = loadContext(9 + d);
  }
  xWidth = blockDims[0];
  if (canMergeBlocksInX(kernel)) {
    blockFn->setAttr(mergesBlocksInXAttr, builder.getUnitAttr());
    // Without loops it streams through memory (elementwise, stencils):
    // its grid runs row by row. One with loops may reuse what its
    // neighbours in y read, as a matmul's rows of B.
    if (!kernel.walk([](scf::ForOp) { return WalkResult::interrupt(); })
             .wasInterrupted())
      blockFn->setAttr(streamsAttr, builder.getUnitAttr());
    xWidth = arith::MulIOp::create(builder, loc, blockDims[0], loadContext(12));
  }
  blockSize = arith::MulIOp::create(
      builder, loc, arith::MulIOp::create(builder, loc, xWidth, blockDims[1]),
      blockDims[2]);

  // Workgroup memory belongs to the block. Private memory belongs to one
  // thread: while threads run one after another in a single thread loop,
  // one copy serves them all; once barriers or loops around the thread
  // loops split them, each thread gets its row of a buffer.
  bool splitsThreads =
      containsCrossThread(kernel) ||
      kernel.walk([](scf::ForOp) { return WalkResult::interrupt(); })
          .wasInterrupted();
  for (BlockArgument arg : kernel.getWorkgroupAttributions())
    uniform.map(arg, memref::AllocaOp::create(
                         builder, loc,
                         cast<MemRefType>(stripAddressSpace(arg.getType()))));
  // So is a heap allocation of a static shape at the kernel's top level
  // (each thread's own on a GPU): once barriers or loops split the
  // threads, it keeps its memory across them as a stack allocation does.
  if (splitsThreads)
    for (auto alloc : llvm::make_early_inc_range(
             kernel.getBody().front().getOps<memref::AllocOp>())) {
      MemRefType type = alloc.getType();
      if (!type.getMemorySpace() && type.hasStaticShape() &&
          type.getLayout().isIdentity())
        mlirc::moveAllocToStack(alloc);
    }
  if (splitsThreads)
    hoistBlockLevelAllocas(kernel);
  SmallVector<Value> privateMemory(kernel.getPrivateAttributions());
  // Stack allocations at the kernel's top level are private memory too.
  for (auto alloca : kernel.getBody().front().getOps<memref::AllocaOp>()) {
    auto type = alloca.getType();
    if (type.hasStaticShape() && type.getLayout().isIdentity())
      privateMemory.push_back(alloca.getResult());
  }
  for (Value memory : privateMemory) {
    auto type = cast<MemRefType>(stripAddressSpace(memory.getType()));
    if (!splitsThreads) {
      uniform.map(memory, memref::AllocaOp::create(builder, loc, type));
      threadsSharePrivateMemory = true;
      continue;
    }
    if (!type.hasStaticShape() || !type.getLayout().isIdentity())
      return kernel.emitError("mlirc's host target needs private memory of "
                              "a static shape in kernels with barriers or "
                              "loops");
    auto alloca = memory.getDefiningOp<memref::AllocaOp>();
    if (std::optional<PrivateRows> rows = allocatePrivateRows(
            type, alloca ? alloca.getAlignment().value_or(0) : 0)) {
      privateRows[memory] = *rows;
      continue;
    }
    SmallVector<int64_t> shape = {ShapedType::kDynamic};
    llvm::append_range(shape, type.getShape());
    privateBuffers[memory] =
        allocateRows(MemRefType::get(shape, type.getElementType()));
  }
  allocaAfter = blockSize.getDefiningOp();

  if (unstructured) {
    if (failed(emitUnstructured()))
      return failure();
  } else {
    SmallVector<Operation *> rest;
    if (failed(hoistUniformOps(rest)) || failed(emitSequence(rest)))
      return failure();
  }
  for (Value buffer : heapBuffers)
    memref::DeallocOp::create(builder, loc, buffer);
  func::ReturnOp::create(builder, loc);
  return blockFn;
}

LogicalResult BlockFunctionBuilder::emitUnstructured() {
  return emitThreadLoop([&](ThreadScope &scope) -> LogicalResult {
    Block &entry = kernel.getBody().front();
    for (BlockArgument arg : entry.getArguments())
      if (failed(materialize(arg, scope)))
        return failure();
    // Private memory allocated at the entry already has its host memory.
    SmallVector<std::pair<Value, Value>> privateAllocas;
    for (auto alloca : entry.getOps<memref::AllocaOp>()) {
      Value memory = alloca.getResult();
      if (!uniform.contains(memory) && !hasPrivateRows(memory))
        continue;
      if (failed(materialize(memory, scope)))
        return failure();
      privateAllocas.push_back({memory, scope.mapping.lookup(memory)});
    }
    auto region = scf::ExecuteRegionOp::create(scope.builder, loc, TypeRange());
    kernel.getBody().cloneInto(&region.getRegion(), scope.mapping);
    for (auto [memory, host] : privateAllocas) {
      Operation *copy = scope.mapping.lookup(memory).getDefiningOp();
      copy->getResult(0).replaceAllUsesWith(host);
      copy->erase();
    }
    region.walk([&](gpu::ReturnOp ret) {
      OpBuilder b(ret);
      scf::YieldOp::create(b, ret.getLoc());
      ret.erase();
    });
    return replaceGpuOps(region, region, scope);
  });
}
