//===- ExpandGpuOps.cpp - GPU ops the device lowerings need rewritten -----===//
//
// convert-gpu-to-nvvm has no lowering for gpu.subgroup_id,
// gpu.subgroup_reduce or gpu.all_reduce, nor convert-gpu-to-rocdl for
// gpu.subgroup_reduce; MLIR's rewrite patterns express them with shuffles
// and lane arithmetic, which both lower. The subgroup size is the chip's
// (32 on NVIDIA and RDNA, 64 on CDNA/GCN), so each chip gets its own
// expansion.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BlockUniform.h"
#include "pipeline/BoundedRewrites.h"
#include "pipeline/LiftKernelBranches.h"
#include "pipeline/Passes.h"
#include "pipeline/ShuffleSegments.h"
#include "pipeline/SubgroupOpsByElement.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPANDGPUOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The width of one shuffle.
constexpr unsigned shuffleBits = 32;

/// \p value (a scalar of at most 64 bits) moved between lanes by \p move,
/// which moves one i32: narrower values zero-extended, 64-bit ones as
/// their low and high words. Floats travel as their bits.
Value moveInWords(OpBuilder &b, Location loc, Value value,
                  function_ref<Value(Value)> move) {
  Type type = value.getType();
  unsigned width = type.getIntOrFloatBitWidth();
  Type bits = b.getIntegerType(width);
  Type i32 = b.getI32Type();
  if (isa<FloatType>(type))
    value = arith::BitcastOp::create(b, loc, bits, value);
  Value result;
  if (width == 64) {
    Type i64 = b.getI64Type();
    Value shift = arith::ConstantIntOp::create(b, loc, i64, 32);
    Value low = move(arith::TruncIOp::create(b, loc, i32, value));
    Value high = move(arith::TruncIOp::create(
        b, loc, i32, arith::ShRUIOp::create(b, loc, value, shift)));
    result = arith::OrIOp::create(
        b, loc, arith::ExtUIOp::create(b, loc, i64, low),
        arith::ShLIOp::create(b, loc, arith::ExtUIOp::create(b, loc, i64, high),
                              shift));
  } else {
    if (width < 32)
      value = arith::ExtUIOp::create(b, loc, i32, value);
    result = move(value);
    if (width < 32)
      result = arith::TruncIOp::create(b, loc, bits, result);
  }
  if (isa<FloatType>(type))
    result = arith::BitcastOp::create(b, loc, type, result);
  return result;
}

/// gpu.printf's integers narrower than int as int, as C promotes them:
/// MLIR's vprintf lowering stores them at their width, which %d reads 4
/// bytes of, and its HIP lowering zero-extends them.
struct PromotePrintfIntegers : public OpRewritePattern<gpu::PrintfOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::PrintfOp op,
                                PatternRewriter &rewriter) const override {
    SmallVector<Value> args;
    for (Value arg : op.getArgs())
      args.push_back(mlirc::promotePrintfInteger(rewriter, op.getLoc(), arg));
    if (ValueRange(args) == op.getArgs())
      return failure();
    rewriter.modifyOpInPlace(op, [&] { op.getArgsMutable().assign(args); });
    return success();
  }
};

/// gpu.shuffle of a value narrower than 32 bits (f16, bf16, i8, i16) as
/// one of i32: NVIDIA's shfl.sync takes 32-bit values only, and MLIR 22
/// made an invalid nvvm.shfl.sync of the narrow one (also from
/// gpu.all_reduce on f16 or i8).
struct WidenNarrowShuffle : public OpRewritePattern<gpu::ShuffleOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(gpu::ShuffleOp op,
                                PatternRewriter &rewriter) const override {
    Type type = op.getValue().getType();
    if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() >= shuffleBits)
      return failure();
    Value valid;
    Value result = moveInWords(
        rewriter, op.getLoc(), op.getValue(), [&](Value word) -> Value {
          auto shuffle = gpu::ShuffleOp::create(rewriter, op.getLoc(), word,
                                                op.getOffset(), op.getWidth(),
                                                op.getMode());
          valid = shuffle.getValid();
          return shuffle.getShuffleResult();
        });
    rewriter.replaceOp(op, {result, valid});
    return success();
  }
};

/// The lanes of the subgroup that execute this point, one bit each
/// (\p warpSize bits): on NVIDIA activemask (asm with side effects stays
/// where it is), on AMD a ballot, which reads the exec mask. The lanes past
/// a block's last thread are never among them.
Value getActiveLanes(OpBuilder &b, Location loc, unsigned warpSize,
                     bool nvidia) {
  if (nvidia)
    return LLVM::InlineAsmOp::create(
               b, loc, b.getI32Type(), ValueRange(), "activemask.b32 $0;",
               "=r", /*has_side_effects=*/true, /*is_align_stack=*/false,
               LLVM::TailCallKind::None, LLVM::AsmDialectAttr(), ArrayAttr())
        .getResult(0);
  Value always = arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1);
  return ROCDL::BallotOp::create(b, loc, b.getIntegerType(warpSize), always);
}

/// gpu.shuffle of a width W other than the subgroup's, within segments of W
/// lanes, as on the host target and Vulkan (and as CUDA's __shfl_*_sync
/// with a width): MLIR's NVVM lowering lets only the first W lanes take
/// part, so the lanes past them got no value. A source outside the lane's
/// segment, past the subgroup or past the block's last thread (counted
/// from the active lanes, not from thread ids and block sizes) leaves the
/// value as it is, with valid false. On NVIDIA only the segment's own lanes
/// take part (its mask), so a shuffle that only the first W lanes reach,
/// as MLIR defines it, stays right; on AMD one bpermute over the subgroup
/// reads any lane.
struct ShuffleWithinSegments : public OpRewritePattern<gpu::ShuffleOp> {
  ShuffleWithinSegments(MLIRContext *context, unsigned warpSize, bool nvidia)
      : OpRewritePattern(context, /*benefit=*/2), warpSize(warpSize),
        nvidia(nvidia) {}

  LogicalResult matchAndRewrite(gpu::ShuffleOp op,
                                PatternRewriter &rewriter) const override {
    APInt constantWidth;
    if (matchPattern(op.getWidth(), m_ConstantInt(&constantWidth)) &&
        constantWidth == warpSize)
      return failure();
    Type type = op.getValue().getType();
    if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto constant = [&](int64_t value) -> Value {
      return arith::ConstantIntOp::create(rewriter, loc, i32, value);
    };
    auto cmp = [&](arith::CmpIPredicate predicate, Value x, Value y) -> Value {
      return arith::CmpIOp::create(rewriter, loc, predicate, x, y);
    };
    auto both = [&](Value x, Value y) -> Value {
      return arith::AndIOp::create(rewriter, loc, x, y);
    };
    using P = arith::CmpIPredicate;
    Value lane = arith::IndexCastOp::create(
        rewriter, loc, i32, gpu::LaneIdOp::create(rewriter, loc, nullptr));
    auto [source, valid, segmentStart, segmentEnd] = mlirc::getShuffleSource(
        rewriter, loc, op.getMode(), lane, op.getOffset(), op.getWidth());
    // MLIR requires the first W lanes to run the shuffle, so the lanes
    // that do not are the last ones, past the block's last thread: the
    // source runs it if it is below their count. An `up` source lies below
    // this lane, which runs it.
    if (op.getMode() != gpu::ShuffleMode::UP) {
      Value count = LLVM::CtPopOp::create(
          rewriter, loc, getActiveLanes(rewriter, loc, warpSize, nvidia));
      if (warpSize != 32)
        count = arith::TruncIOp::create(rewriter, loc, i32, count);
      valid = both(valid, cmp(P::ult, source, count));
    }
    Value sourceLane =
        arith::SelectOp::create(rewriter, loc, valid, source, lane);
    Value mask;
    if (nvidia) {
      Value end = arith::MinUIOp::create(rewriter, loc, segmentEnd,
                                         constant(warpSize));
      Value lanes = arith::SubIOp::create(rewriter, loc, end, segmentStart);
      Value ones = arith::SelectOp::create(
          rewriter, loc, cmp(P::eq, lanes, constant(warpSize)), constant(-1),
          arith::SubIOp::create(
              rewriter, loc,
              arith::ShLIOp::create(rewriter, loc, constant(1), lanes),
              constant(1)));
      mask = arith::ShLIOp::create(rewriter, loc, ones, segmentStart);
    }
    // AMD: the validity is known, so a bare bpermute (by byte address)
    // instead of MLIR's lowering of an index shuffle, which checks again.
    Value address;
    if (!nvidia)
      address = arith::ShLIOp::create(rewriter, loc, sourceLane, constant(2));
    Value result =
        moveInWords(rewriter, loc, op.getValue(), [&](Value word) -> Value {
          if (nvidia)
            return NVVM::ShflOp::create(rewriter, loc, i32, mask, word,
                                        sourceLane, constant(0x1f),
                                        NVVM::ShflKind::idx, UnitAttr());
          return ROCDL::DsBpermuteOp::create(rewriter, loc, i32, address,
                                             word);
        });
    rewriter.replaceOp(op, {result, valid});
    return success();
  }

  unsigned warpSize;
  bool nvidia;
};

struct ExpandGpuOpsPass
    : public mlirc::impl::ExpandGpuOpsBase<ExpandGpuOpsPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, LLVM::LLVMDialect,
                    memref::MemRefDialect, NVVM::NVVMDialect,
                    ROCDL::ROCDLDialect, vector::VectorDialect>();
  }

  /// gpu.subgroup_broadcast as shfl.sync among the active lanes (a
  /// broadcast need not be reached by all), from the first of them or the
  /// lane named: in one 32-bit word (narrower values zero-extended), or
  /// two for 64-bit values.
  LogicalResult expressBroadcastsForNvidia() {
    SmallVector<gpu::SubgroupBroadcastOp> broadcasts;
    getOperation().walk(
        [&](gpu::SubgroupBroadcastOp op) { broadcasts.push_back(op); });
    for (gpu::SubgroupBroadcastOp op : broadcasts) {
      Type type = op.getType();
      if (!type.isIntOrFloat() || type.getIntOrFloatBitWidth() > 64)
        return op.emitError("gpu.subgroup_broadcast of ")
               << type
               << " is not supported for NVIDIA targets; broadcast scalars "
                  "of at most 64 bits";
      OpBuilder b(op);
      Location loc = op.getLoc();
      Type i32 = b.getI32Type();
      Value mask = getActiveLanes(b, loc, /*warpSize=*/32, /*nvidia=*/true);
      Value lane;
      if (Value named = op.getLane())
        lane = named.getType().isIndex()
                   ? arith::IndexCastOp::create(b, loc, i32, named).getResult()
                   : named;
      else
        // The mask has this lane: never zero.
        lane = LLVM::CountTrailingZerosOp::create(b, loc, i32, mask,
                                                  /*is_zero_poison=*/true);
      Value clamp = arith::ConstantIntOp::create(b, loc, i32, 0x1f);
      Value result = moveInWords(b, loc, op.getSrc(), [&](Value word) -> Value {
        return NVVM::ShflOp::create(b, loc, i32, mask, word, lane, clamp,
                                    NVVM::ShflKind::idx, UnitAttr());
      });
      op.replaceAllUsesWith(result);
      op.erase();
    }
    return success();
  }

  /// Uniform subgroup reductions of i32 over the whole subgroup as one
  /// redux.sync, as nvcc's __reduce_*_sync, instead of five shuffles and
  /// five ops.
  void expressReductionsAsRedux() {
    SmallVector<gpu::SubgroupReduceOp> reductions;
    getOperation().walk([&](gpu::SubgroupReduceOp op) {
      std::optional<uint32_t> cluster = op.getClusterSize();
      if (op.getUniform() && op.getType().isInteger(32) &&
          (!cluster || *cluster == warpSize) && op.getClusterStride() == 1 &&
          getReduxKind(op.getOp()))
        reductions.push_back(op);
    });
    for (gpu::SubgroupReduceOp op : reductions) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value everyLane = arith::ConstantIntOp::create(b, loc, b.getI32Type(), -1);
      Value result = NVVM::ReduxOp::create(b, loc, op.getType(), op.getValue(),
                                           *getReduxKind(op.getOp()),
                                           everyLane);
      op.replaceAllUsesWith(result);
      op.erase();
    }
  }

  static std::optional<NVVM::ReduxKind>
  getReduxKind(gpu::AllReduceOperation kind) {
    using K = gpu::AllReduceOperation;
    switch (kind) {
    case K::ADD:
      return NVVM::ReduxKind::ADD;
    case K::AND:
      return NVVM::ReduxKind::AND;
    case K::OR:
      return NVVM::ReduxKind::OR;
    case K::XOR:
      return NVVM::ReduxKind::XOR;
    case K::MINSI:
      return NVVM::ReduxKind::MIN;
    case K::MAXSI:
      return NVVM::ReduxKind::MAX;
    case K::MINUI:
      return NVVM::ReduxKind::UMIN;
    case K::MAXUI:
      return NVVM::ReduxKind::UMAX;
    default:
      return std::nullopt;
    }
  }

  void runOnOperation() override {
    if (reduxSync)
      expressReductionsAsRedux();
    // MLIR's all-reduce lowering rewrites a kernel only when every
    // gpu.all_reduce in it is marked uniform. One that every thread reaches
    // alike (in the kernel's entry block, or in loops and branches the whole
    // block takes alike there) is, as MLIR's own tests write them unmarked;
    // branches (cf) are lifted into scf ops to tell.
    // Lifted: kernels with branches and an all_reduce not yet known to be
    // reached by every thread.
    auto needsLifting = [](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel() || kernel.getBody().hasOneBlock())
        return false;
      return kernel
          .walk([&](gpu::AllReduceOp op) {
            if (op.getUniform() || mlirc::isReachedByWholeBlock(op, kernel))
              return WalkResult::advance();
            return WalkResult::interrupt();
          })
          .wasInterrupted();
    };
    WalkResult notLifted = getOperation().walk([&](gpu::GPUFuncOp kernel) {
      if (!needsLifting(kernel) || succeeded(mlirc::liftKernelBranches(kernel)))
        return WalkResult::advance();
      // A failed lifting leaves the kernel in no defined state.
      kernel.emitError("the branches of kernel '")
          << kernel.getName()
          << "' do not lift into scf ops, which tell whether its "
             "gpu.all_reduce is reached by every thread ("
          << vendor
          << " targets); mark it 'uniform' and write the kernel's control "
             "flow with scf";
      return WalkResult::interrupt();
    });
    if (notLifted.wasInterrupted())
      return signalPassFailure();
    WalkResult nonUniform = getOperation().walk([&](gpu::AllReduceOp op) {
      auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
      if (kernel && kernel.isKernel() &&
          mlirc::isReachedByWholeBlock(op, kernel))
        op.setUniform(true);
      if (op.getUniform())
        return WalkResult::advance();
      op.emitError("gpu.all_reduce without 'uniform' is not supported for ")
          << vendor
          << " targets; mark it 'uniform' when all threads of the block "
             "reach it";
      return WalkResult::interrupt();
    });
    if (nonUniform.wasInterrupted())
      return signalPassFailure();
    // MLIR's lowering splits the block of each all_reduce, which an scf
    // op's region cannot hold.
    WalkResult notLowered = getOperation().walk([&](gpu::GPUFuncOp kernel) {
      SmallVector<Operation *> reductions;
      kernel.walk([&](gpu::AllReduceOp op) { reductions.push_back(op); });
      return failed(mlirc::lowerScfAround(kernel, reductions))
                 ? WalkResult::interrupt()
                 : WalkResult::advance();
    });
    if (notLowered.wasInterrupted())
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    populateGpuAllReducePatterns(patterns);
    populateGpuSubgroupIdPatterns(patterns);
    populateGpuBreakDownSubgroupReducePatterns(patterns, shuffleBits);
    mlirc::populateSubgroupOpsByElementPatterns(patterns, shuffleBits);
    // 32-bit shuffles first; 64-bit values (f64, i64), which those patterns
    // do not take, as 64-bit shuffles, which both lowerings split.
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, warpSize,
                                                    shuffleBits, /*benefit=*/2);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(
        patterns, warpSize, shuffleBits, /*benefit=*/2);
    populateGpuLowerSubgroupReduceToShufflePatterns(patterns, warpSize, 64);
    populateGpuLowerClusteredSubgroupReduceToShufflePatterns(patterns, warpSize,
                                                             64);
    patterns.add<WidenNarrowShuffle, PromotePrintfIntegers>(&getContext());
    patterns.add<ShuffleWithinSegments>(&getContext(), warpSize,
                                        vendor == "NVIDIA");
    if (failed(mlirc::applyPatternsWithBound(
            getOperation(), std::move(patterns), getArgument())))
      return signalPassFailure();
    // Neither lowering has gpu.rotate; NVVM's has no gpu.subgroup_broadcast.
    mlirc::expressRotatesAsShuffles(getOperation(), /*withinSegments=*/false);
    if (vendor == "NVIDIA" && failed(expressBroadcastsForNvidia()))
      return signalPassFailure();
    // The subgroup id rewrite leaves gpu.subgroup_size, which the NVVM
    // lowering does not handle; it is the chip's wavefront size.
    getOperation().walk([&](gpu::SubgroupSizeOp op) {
      OpBuilder b(op);
      op.replaceAllUsesWith(
          arith::ConstantIndexOp::create(b, op.getLoc(), warpSize).getResult());
      op.erase();
    });
    getOperation().walk([&](gpu::NumSubgroupsOp op) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value size = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
      for (gpu::Dimension dim : {gpu::Dimension::y, gpu::Dimension::z})
        size = arith::MulIOp::create(b, loc, size,
                                     gpu::BlockDimOp::create(b, loc, dim));
      Value rounded = arith::AddIOp::create(
          b, loc, size, arith::ConstantIndexOp::create(b, loc, warpSize - 1));
      op.replaceAllUsesWith(
          arith::DivUIOp::create(
              b, loc, rounded, arith::ConstantIndexOp::create(b, loc, warpSize))
              .getResult());
      op.erase();
    });
  }
};

} // namespace

void mlirc::expressRotatesAsShuffles(Operation *root, bool withinSegments) {
  SmallVector<gpu::RotateOp> rotates;
  root->walk([&](gpu::RotateOp op) { rotates.push_back(op); });
  for (gpu::RotateOp op : rotates) {
    OpBuilder b(op);
    Location loc = op.getLoc();
    Type i32 = b.getI32Type();
    auto constant = [&](int64_t v) -> Value {
      return arith::ConstantIntOp::create(b, loc, i32, v);
    };
    int64_t width = op.getWidth();
    Value lane = arith::IndexCastOp::create(
        b, loc, i32, gpu::LaneIdOp::create(b, loc, nullptr));
    Value inSegment = arith::AndIOp::create(b, loc, lane, constant(width - 1));
    Value sum = arith::AddIOp::create(b, loc, inSegment,
                                      constant(op.getOffset()));
    Value source = arith::AndIOp::create(b, loc, sum, constant(width - 1));
    Value shuffleWidth = constant(width);
    if (!withinSegments) {
      Value segment = arith::SubIOp::create(b, loc, lane, inSegment);
      source = arith::AddIOp::create(b, loc, segment, source);
      shuffleWidth = arith::IndexCastOp::create(
          b, loc, i32, gpu::SubgroupSizeOp::create(b, loc, nullptr));
    }
    auto shuffle = gpu::ShuffleOp::create(b, loc, op.getValue(), source,
                                          shuffleWidth, gpu::ShuffleMode::IDX);
    markWrittenAs(shuffle, op);
    Value valid = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                        lane, constant(width));
    op.getRotateResult().replaceAllUsesWith(shuffle.getShuffleResult());
    op.getValid().replaceAllUsesWith(valid);
    op.erase();
  }
}

void mlirc::markWrittenAs(Operation *op, Operation *written) {
  op->setAttr(
      kWrittenAsAttr,
      StringAttr::get(op->getContext(), written->getName().getStringRef()));
}

StringRef mlirc::getWrittenName(Operation *op) {
  if (auto written = op->getAttrOfType<StringAttr>(kWrittenAsAttr))
    return written.getValue();
  return op->getName().getStringRef();
}

Value mlirc::promotePrintfInteger(OpBuilder &b, Location loc, Value value) {
  Type type = value.getType();
  if (!type.isInteger() || type.getIntOrFloatBitWidth() >= 32)
    return value;
  if (type.isInteger(1))
    return arith::ExtUIOp::create(b, loc, b.getI32Type(), value);
  return arith::ExtSIOp::create(b, loc, b.getI32Type(), value);
}
