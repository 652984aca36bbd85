//===- HostBlockFunction.h - One kernel as a CPU block function -*- C++ -*-===//
//
// For the host target every kernel @K becomes
//   func.func @__mlirc_host.K(%ctx: !llvm.ptr, %shared: memref<?xi8>, args)
// which runs one thread block: the runtime calls it once per block, blocks
// in parallel. The threads of the block are loops (x innermost, so LLVM can
// vectorize across threads). A gpu.barrier splits the body into several
// thread loops (loop fission): values that live across it are kept per
// thread in buffers, and a loop or branch holding a barrier runs at block
// level, which is correct because CUDA requires barriers to be reached by
// all threads of the block alike (uniform control flow). Shuffles and
// reductions split the same way and read the other threads' stored values.
// Between barriers threads are independent, so loops with the same bounds
// in every thread also run around the thread loops; a small one that
// carries values runs several iterations per thread loop (unroll and jam).
//
// %ctx points at the runtime's block context: blockIdx[3], blockDim[3],
// gridDim[3] as i64. Workgroup memory is a stack allocation of the block
// function, shared by its threads; dynamic shared memory is %shared.
// Private memory is one allocation while a single thread loop runs the
// threads one after another, and a row per thread once thread loops are
// split. Per-thread rows that could overflow the stack come from the heap.
//
// Only pipeline/ includes this header.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_HOST_HOSTBLOCKFUNCTION_H
#define MLIRC_TARGETS_HOST_HOSTBLOCKFUNCTION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlirc::host {

using namespace mlir;

/// Threads per subgroup on the host, as on NVIDIA GPUs.
inline constexpr int64_t subgroupSize = 32;

/// The memref type without a GPU address space: on the CPU all memory is
/// one address space.
Type stripAddressSpace(Type type);

/// Ops through which threads see each other's values: each splits the
/// thread loops like a barrier.
bool isCrossThread(Operation *op);

/// True when \p op is or holds a cross-thread op.
bool containsCrossThread(Operation *op);

/// The name of the first cross-thread op \p op is or holds, for messages.
StringRef getCrossThreadOpName(Operation *op);

/// Combines two values the way \p kind reduces them.
Value combine(OpBuilder &b, Location loc, gpu::AllReduceOperation kind,
              Value lhs, Value rhs);

/// True when the runtime may run several consecutive blocks in x as one
/// wider block: the kernel sees x only through gpu.global_id x (which the
/// builder forms from block_id x * block_dim x + thread_id x; no thread
/// or block id, size or count in x, no lane or subgroup), its threads are
/// independent (no barrier, shuffle or reduction), and it has no loop
/// whose bounds depend on x, and no other loop, call, assert, allocation or
/// global (memory a block owns) that the wider block could change. A 16x16
/// stencil's thread loops then run 256 threads in a row, not 16.
bool canMergeBlocksInX(gpu::GPUFuncOp kernel);

/// Builds the block function of one kernel.
class BlockFunctionBuilder {
public:
  BlockFunctionBuilder(gpu::GPUFuncOp kernel, ModuleOp module)
      : kernel(kernel), module(module), builder(kernel.getContext()) {}

  FailureOr<func::FuncOp> build();

private:
  /// The values a thread loop's body sees.
  struct ThreadScope {
    OpBuilder builder;
    IRMapping mapping;
    Value tid[3];
    Value linear;
    /// False in the x loops of a split thread loop outside its range.
    bool inRange = true;
  };

  /// Asks LLVM to vectorize a thread loop rather than unroll it: unrolled
  /// short thread loops (16 threads, say) end up as scalar code. The
  /// vectorized loop carries no such request, so LLVM unrolls it as usual
  /// (a 16-thread loop becomes straight-line vector code).
  ///
  /// The loop's accesses are also parallel, in an access group of its own
  /// (tagged after the translation, compiler/HostCodegen.cpp): threads
  /// between barriers are independent, and a GPU runs them in any
  /// interleaving, a warp's in lockstep as vectorized code does. LLVM then
  /// checks at run time neither that one thread's stores miss another's
  /// loads nor, for a 32-thread row, anything else per row. Not while the
  /// threads take turns in one copy of their private memory.
  Attribute getVectorizeAnnotation() {
    MLIRContext *context = builder.getContext();
    auto noAnnotation = LLVM::LoopAnnotationAttr::get(
        context, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {}, {});
    auto enable =
        LLVM::LoopVectorizeAttr::get(context, BoolAttr::get(context, false), {},
                                     {}, {}, noAnnotation, {}, {});
    auto noUnroll = LLVM::LoopUnrollAttr::get(
        context, BoolAttr::get(context, true), {}, {}, {}, {}, {}, {});
    SmallVector<LLVM::AccessGroupAttr, 1> parallel;
    if (!threadsSharePrivateMemory)
      parallel.push_back(LLVM::AccessGroupAttr::get(context));
    return LLVM::LoopAnnotationAttr::get(context, {}, enable, {}, noUnroll, {},
                                         {}, {}, {}, {}, {}, {}, {}, {}, {},
                                         parallel);
  }

  Value constant(OpBuilder &b, int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value);
  }
  Value loadContext(unsigned field);
  LogicalResult hoistUniformOps(SmallVectorImpl<Operation *> &rest);
  /// Emits a kernel of several blocks (branches of the cf dialect), which
  /// has no barriers: one thread loop around a copy of its body.
  LogicalResult emitUnstructured();
  LogicalResult emitSequence(ArrayRef<Operation *> ops);
  /// True when \p segment defines memory that ops after it use and that
  /// cannot be kept per thread (an allocation inside a loop body): the
  /// segment's thread loop must then go on past a loop that could run
  /// around the thread loops.
  bool keepsMemoryInThread(ArrayRef<Operation *> segment);
  LogicalResult emitSegment(ArrayRef<Operation *> ops);
  LogicalResult emitFor(scf::ForOp forOp);
  /// How many iterations of \p forOp, a loop run around the thread loops,
  /// one thread loop runs (unroll and jam): several for a small loop that
  /// carries values, which then stay in registers in between instead of
  /// going through their per-thread buffers every iteration.
  unsigned getJamFactor(scf::ForOp forOp);
  /// Emits the iterations [lb, ub) of \p forOp around the thread loops,
  /// \p factor of them per thread loop, which must divide their number.
  /// The values the loop carries are in \p carried, one per thread.
  LogicalResult emitIterations(scf::ForOp forOp, Value lb, Value ub, Value step,
                               ArrayRef<Value> carried, unsigned factor);
  /// Makes the values \p op uses, in operands or regions, available in
  /// the thread loop of \p scope.
  LogicalResult materializeUsedValues(Operation *op, ThreadScope &scope);
  /// Clones \p op into the thread loop of \p scope.
  LogicalResult cloneIntoThread(Operation *op, ThreadScope &scope);
  /// Emits a thread loop storing each thread's \p values into \p targets.
  LogicalResult storePerThread(ValueRange values, ArrayRef<Value> targets);
  /// Emits the ops of \p block but its terminator at block level, then
  /// stores each thread's \p results (what the terminator passes on) into
  /// \p targets.
  LogicalResult emitBody(Block *block, ValueRange results,
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
  LogicalResult emitWhile(scf::WhileOp whileOp);
  LogicalResult emitAllReduce(gpu::AllReduceOp reduce);
  /// The value of \p value in thread \p thread, which a previous thread
  /// loop stored (or which is the same in every thread).
  Value loadFromThread(Value value, Value thread, ThreadScope &scope);
  LogicalResult emitShuffle(gpu::ShuffleOp shuffle, ThreadScope &scope);
  LogicalResult emitSubgroupReduce(gpu::SubgroupReduceOp reduce,
                                   ThreadScope &scope);
  /// The range [first, end) of x threads a y iteration runs, computed in
  /// that iteration before its x loop from the y and z thread ids.
  using XRange =
      function_ref<std::pair<Value, Value>(OpBuilder &, Value, Value)>;
  /// Emits the thread loop nest at the current block-level insertion point
  /// and fills it through \p body; the x loop runs \p xRange when given,
  /// all of the block's x threads otherwise.
  /// With \p splitOutside, the x threads outside \p xRange run too, in
  /// x loops of their own before and after it, whose scopes say so.
  LogicalResult emitThreadLoop(function_ref<LogicalResult(ThreadScope &)> body,
                               XRange xRange = nullptr,
                               bool splitOutside = false);
  /// A segment's last op, an `scf.if` whose condition (a conjunction) bounds
  /// the x thread ids the body runs for, and its conjuncts by kind.
  struct BoundsGuard {
    scf::IfOp op;
    /// `x_id < limit` (upper) or `x_id >= limit`, x_id a global_id x
    /// (global) or a thread_id x; limit a block-level value.
    struct XBound {
      Value limit;
      bool upper, isSigned, global;
    };
    SmallVector<XBound> xBounds;
    /// Conjuncts the same in all x threads of a y iteration.
    SmallVector<Value> xInvariant;
    /// Conjuncts each thread still checks.
    SmallVector<Value> perThread;
  };
  /// For a segment ending in `scf.if (global_id x < n && ...)` (or
  /// thread_id x, also with lower bounds and conditions on y), the guard
  /// whose conjuncts can become the x loop's range instead: the guarded
  /// body then runs without a branch, or with one on what is left, and
  /// vectorizes. Null when no conjunct can.
  BoundsGuard findBoundsGuard(ArrayRef<Operation *> ops);
  /// For a segment that has no such guard, its first `scf.if` whose
  /// condition bounds the x thread ids all the same, though it has results,
  /// an else branch or ops around it: `v = i < n ? x[i] : 0` before a
  /// shuffle.
  /// The segment's x loop is then split at the guard's range, each part
  /// running one branch without testing it. Null when there is none.
  BoundsGuard findSplitGuard(ArrayRef<Operation *> ops);
  /// The conjunction of \p guard's per-thread conjuncts in \p scope; null
  /// when it has none.
  FailureOr<Value> emitPerThreadCondition(const BoundsGuard &guard,
                                          ThreadScope &scope);
  /// Emits \p guard's branch as the x loop of \p scope runs it: the then
  /// branch inside the range (still testing the per-thread conjuncts), the
  /// else branch outside.
  LogicalResult emitSplitBranch(const BoundsGuard &guard, ThreadScope &scope);
  /// \p guard's conjuncts by kind (those on x ids defined in
  /// \p inSegment); null when none bounds x or is the same across x.
  BoundsGuard analyzeGuard(scf::IfOp guard,
                           const llvm::SmallPtrSetImpl<Operation *> &inSegment);
  /// The x threads \p guard lets through in the y iteration of thread ids
  /// \p tidY and \p tidZ, at \p b (before that iteration's x loop).
  std::pair<Value, Value> emitGuardedXRange(const BoundsGuard &guard,
                                            OpBuilder &b, Value tidY,
                                            Value tidZ);
  /// \p value computed at \p b (when not null) from block-level values,
  /// the y and z thread ids \p tidY and \p tidZ and pure arith ops on
  /// them; null when it needs more (the x thread id, memory). With a null
  /// \p b, only whether it can.
  Value computeBeforeXLoop(Value value, OpBuilder *b, Value tidY, Value tidZ,
                           IRMapping &mapping, unsigned depth = 0);
  /// Makes \p value, defined outside the current thread loop, available in
  /// it: from its per-thread buffer, or recomputed when it is a view.
  LogicalResult materialize(Value value, ThreadScope &scope);
  /// True when \p value is cheaper to recompute in each thread loop than to
  /// keep per thread: thread ids and arithmetic on them and on uniform
  /// values (index computations, mostly).
  bool isRecomputable(Value value, unsigned depth = 0);
  /// \p value as seen by every thread (thread 0's copy when it is kept per
  /// thread or recomputed), for loop bounds and branch conditions around
  /// barriers.
  FailureOr<Value> uniformValue(Value value);
  Value getBuffer(Value value);
  Value newBuffer(Type type);
  /// A buffer of \p rowsType, whose first dimension is dynamic: one row per
  /// thread of the block. On the stack unless that could overflow it.
  Value allocateRows(MemRefType rowsType, int64_t alignment = 0);
  /// A thread's private memory of \p type: bytes, a row per thread, each
  /// thread's row a memref.view of them with the allocation's own type
  /// (a subview's would have a layout of its own, which a loop carrying the
  /// memory or a call taking it does not accept).
  struct PrivateRows {
    Value bytes;
    int64_t rowBytes;
  };
  /// The rows of \p type aligned to \p alignment (and as its elements);
  /// none for elements whose layout in bytes a view cannot give.
  std::optional<PrivateRows> allocatePrivateRows(MemRefType type,
                                                 int64_t alignment);
  /// Moves the allocations of a static shape in \p kernel's loops and
  /// branches that hold barriers, shuffles or reductions to its entry, where
  /// they are private memory, when nothing refers to them past the region
  /// that allocates them.
  void hoistBlockLevelAllocas(gpu::GPUFuncOp kernel);
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
  OpBuilder builder;
  Location loc = kernel.getLoc();
  func::FuncOp blockFn;
  /// Per-thread buffers are allocated at the block function's entry, after
  /// this op.
  Operation *allocaAfter = nullptr;
  Value ctx, shared;
  Value blockIds[3], blockDims[3], gridDims[3];
  /// The launch's cluster size in blocks (1 without clusters), and its
  /// grid as launched (gridDims may be the kernel's known size).
  Value clusterDims[3], launchGrid[3];
  /// The threads in x one call runs: blockDims[0], or that times the
  /// blocks in x it runs (canMergeBlocksInX).
  Value xWidth;
  Value blockSize;
  /// Kernel values with a block-level equivalent.
  IRMapping uniform;
  /// Kernel values kept per thread, and their buffers.
  DenseMap<Value, Value> buffers;
  /// Workgroup globals of the gpu.module, one allocation per block.
  DenseMap<StringAttr, Value> workgroupGlobals;
  /// Private memory of kernels whose thread loops are split: a row per
  /// thread.
  DenseMap<Value, Value> privateBuffers;
  /// The same, for private memory whose rows are views of bytes.
  DenseMap<Value, PrivateRows> privateRows;
  /// True when the threads run one after another in one copy of their
  /// private memory.
  bool threadsSharePrivateMemory = false;
  bool hasPrivateRows(Value memory) const {
    return privateBuffers.count(memory) || privateRows.count(memory);
  }
  /// Buffers on the heap, freed when the block function returns.
  SmallVector<Value> heapBuffers;
  /// The most threads a block of this kernel can have.
  int64_t maxThreads() {
    std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize();
    if (!known)
      return 1024;
    return int64_t((*known)[0]) * (*known)[1] * (*known)[2];
  }
};

} // namespace mlirc::host

#endif // MLIRC_TARGETS_HOST_HOSTBLOCKFUNCTION_H
