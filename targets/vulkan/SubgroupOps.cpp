//===- SubgroupOps.cpp - Subgroup operations for any subgroup size --------===//

#include "targets/vulkan/SubgroupOps.h"
#include "pipeline/SubgroupOpsByElement.h"
#include "runtime/DeviceLimits.h"

#include "llvm/ADT/TypeSwitch.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/CallInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/Support/MathExtras.h"

using namespace mlir;

namespace {


/// The threads of \p kernel's workgroup, if its entry point states them.
std::optional<int64_t> getWorkgroupThreads(gpu::GPUFuncOp kernel) {
  std::optional<SmallVector<int64_t, 3>> size = mlirc::getWorkgroupSize(kernel);
  if (!size)
    return std::nullopt;
  return (*size)[0] * (*size)[1] * (*size)[2];
}

/// The subgroups of a workgroup of \p threads, from the subgroup size:
/// lavapipe's NumSubgroups leaves out a last, partial subgroup (4 for 35
/// threads in subgroups of 8).
Value createNumSubgroups(OpBuilder &b, Location loc, Value threads) {
  Value size = gpu::SubgroupSizeOp::create(b, loc, /*upperBound=*/nullptr);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value last = arith::SubIOp::create(b, loc, threads, one);
  Value spanned = arith::AddIOp::create(b, loc, last, size);
  return arith::DivUIOp::create(b, loc, spanned, size);
}

/// The threads of the workgroup around \p op: a constant where the
/// kernel's entry point fixes them, else the product of its sizes.
Value createWorkgroupThreads(OpBuilder &b, Location loc, Operation *op) {
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  if (kernel && kernel.isKernel())
    if (std::optional<int64_t> threads = getWorkgroupThreads(kernel))
      return arith::ConstantIndexOp::create(b, loc, *threads);
  Value threads = gpu::BlockDimOp::create(b, loc, gpu::Dimension::x);
  for (gpu::Dimension dim : {gpu::Dimension::y, gpu::Dimension::z})
    threads = arith::MulIOp::create(b, loc, threads,
                                    gpu::BlockDimOp::create(b, loc, dim));
  return threads;
}

/// Numbers the subgroups of \p kernel's workgroup itself, when it has more
/// than one dimension or a size chosen at launch: how a driver packs rows
/// into subgroups is its own, and lavapipe gives two of them one
/// SubgroupId, and leaves some out of NumSubgroups, there. At the kernel's
/// start, where every thread is, the first lane of each subgroup takes
/// the next number from a workgroup counter; the counter's final value is
/// the number of subgroups. gpu.subgroup_id and gpu.num_subgroups read
/// those.
void numberSubgroups(gpu::GPUFuncOp kernel) {
  SmallVector<Operation *> reads;
  kernel.walk([&](Operation *op) {
    if (isa<gpu::SubgroupIdOp, gpu::NumSubgroupsOp>(op))
      reads.push_back(op);
  });
  std::optional<SmallVector<int64_t, 3>> size = mlirc::getWorkgroupSize(kernel);
  if (reads.empty() || (size && (*size)[1] * (*size)[2] == 1))
    return;
  Location loc = kernel.getLoc();
  OpBuilder b(&kernel.getBody().front(), kernel.getBody().front().begin());
  Type i32 = b.getI32Type();
  auto space = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                          gpu::AddressSpace::Workgroup);
  Value counter = memref::AllocOp::create(
      b, loc, MemRefType::get({1}, i32, MemRefLayoutAttrInterface(), space));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value origin = arith::OrIOp::create(
      b, loc, x, arith::OrIOp::create(b, loc, y, z));
  Value isFirstThread =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, origin, zero);
  auto init = scf::IfOp::create(b, loc, isFirstThread, false);
  {
    OpBuilder then = init.getThenBodyBuilder();
    memref::StoreOp::create(then, loc,
                            arith::ConstantIntOp::create(then, loc, i32, 0),
                            counter, zero);
  }
  gpu::BarrierOp::create(b, loc);
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  Value isFirstLane =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto take = scf::IfOp::create(b, loc, i32, isFirstLane, true);
  {
    OpBuilder then = take.getThenBodyBuilder();
    Value one = arith::ConstantIntOp::create(then, loc, i32, 1);
    Value ticket = memref::AtomicRMWOp::create(
        then, loc, arith::AtomicRMWKind::addi, one, counter, ValueRange{zero});
    scf::YieldOp::create(then, loc, ticket);
    OpBuilder otherwise = take.getElseBodyBuilder();
    scf::YieldOp::create(otherwise, loc,
                         arith::ConstantIntOp::create(otherwise, loc, i32, 0)
                             .getResult());
  }
  // Only the first lane holds the number: the subgroup's sum is it.
  Value number = gpu::SubgroupReduceOp::create(
      b, loc, take.getResult(0), gpu::AllReduceOperation::ADD,
      /*uniform=*/false);
  gpu::BarrierOp::create(b, loc);
  Value count = memref::LoadOp::create(b, loc, counter, zero);
  Type index = b.getIndexType();
  Value id = arith::IndexCastUIOp::create(b, loc, index, number);
  Value total = arith::IndexCastUIOp::create(b, loc, index, count);
  for (Operation *op : reads) {
    op->getResult(0).replaceAllUsesWith(isa<gpu::SubgroupIdOp>(op) ? id
                                                                    : total);
    op->erase();
  }
}

/// Workgroup memory for one value per thread of \p kernel's workgroup, at
/// its start; null when the workgroup size is not known.
Value allocatePartials(gpu::GPUFuncOp kernel, Type element, Location loc) {
  // A block size chosen at launch: as many as the largest block has.
  int64_t threads =
      getWorkgroupThreads(kernel).value_or(mlirc::limits::maxThreadsPerBlock);
  auto space = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                          gpu::AddressSpace::Workgroup);
  auto type =
      MemRefType::get({threads}, element, MemRefLayoutAttrInterface(), space);
  OpBuilder b(&kernel.getBody().front(), kernel.getBody().front().begin());
  return memref::AllocOp::create(b, loc, type);
}

/// The operation of \p op: its own, or that of a reduction region that
/// applies one arith op of a kind to its two arguments.
std::optional<gpu::AllReduceOperation> getReduceKind(gpu::AllReduceOp op) {
  if (std::optional<gpu::AllReduceOperation> kind = op.getOp())
    return kind;
  Region &region = op.getBody();
  if (!region.hasOneBlock() || region.front().getNumArguments() != 2 ||
      region.front().getOperations().size() != 2)
    return std::nullopt;
  Block &block = region.front();
  Operation &combine = block.front();
  auto yield = dyn_cast<gpu::YieldOp>(block.getTerminator());
  if (!yield || yield.getNumOperands() != 1 ||
      yield.getOperand(0) != combine.getResult(0) ||
      combine.getNumOperands() != 2 ||
      !llvm::is_contained(combine.getOperands(), block.getArgument(0)) ||
      !llvm::is_contained(combine.getOperands(), block.getArgument(1)))
    return std::nullopt;
  using Kind = gpu::AllReduceOperation;
  return llvm::TypeSwitch<Operation *, std::optional<Kind>>(&combine)
      .Case<arith::AddIOp, arith::AddFOp>([](auto) { return Kind::ADD; })
      .Case<arith::MulIOp, arith::MulFOp>([](auto) { return Kind::MUL; })
      .Case<arith::AndIOp>([](auto) { return Kind::AND; })
      .Case<arith::OrIOp>([](auto) { return Kind::OR; })
      .Case<arith::XOrIOp>([](auto) { return Kind::XOR; })
      .Case<arith::MinSIOp>([](auto) { return Kind::MINSI; })
      .Case<arith::MinUIOp>([](auto) { return Kind::MINUI; })
      .Case<arith::MaxSIOp>([](auto) { return Kind::MAXSI; })
      .Case<arith::MaxUIOp>([](auto) { return Kind::MAXUI; })
      .Case<arith::MinNumFOp>([](auto) { return Kind::MINNUMF; })
      .Case<arith::MaxNumFOp>([](auto) { return Kind::MAXNUMF; })
      .Case<arith::MinimumFOp>([](auto) { return Kind::MINIMUMF; })
      .Case<arith::MaximumFOp>([](auto) { return Kind::MAXIMUMF; })
      .Default([](Operation *) { return std::nullopt; });
}

/// gpu.all_reduce in a workgroup of more than one dimension, as a tree
/// through workgroup memory indexed by the threads' linear ids. Subgroups
/// of such workgroups need not be runs of linear ids, and lavapipe gives
/// two of them one SubgroupId when rows are no multiple of its 8 lanes.
LogicalResult lowerAllReduceAsTree(gpu::AllReduceOp op,
                                   gpu::AllReduceOperation kind,
                                   Value partials,
                                   std::optional<SmallVector<int64_t, 3>> size) {
  Location loc = op.getLoc();
  OpBuilder b(op);
  auto constant = [&](int64_t value) -> Value {
    return arith::ConstantIndexOp::create(b, loc, value);
  };
  // The block's size: fixed, or chosen at launch (gpu.block_dim reads it).
  auto dim = [&](gpu::Dimension axis, unsigned i) -> Value {
    if (size)
      return constant((*size)[i]);
    return gpu::BlockDimOp::create(b, loc, axis);
  };
  Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
  Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
  Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
  Value sizeX = dim(gpu::Dimension::x, 0), sizeY = dim(gpu::Dimension::y, 1);
  Value plane = arith::AddIOp::create(b, loc, y,
                                      arith::MulIOp::create(b, loc, z, sizeY));
  Value linear = arith::AddIOp::create(
      b, loc, x, arith::MulIOp::create(b, loc, plane, sizeX));
  Value threads = arith::MulIOp::create(
      b, loc, arith::MulIOp::create(b, loc, sizeX, sizeY),
      dim(gpu::Dimension::z, 2));
  int64_t most = size ? (*size)[0] * (*size)[1] * (*size)[2]
                      : mlirc::limits::maxThreadsPerBlock;
  memref::StoreOp::create(b, loc, op.getValue(), partials, linear);
  gpu::BarrierOp::create(b, loc);
  vector::CombiningKind combining = gpu::convertReductionKind(kind);
  // Halves of the next power of two of the most threads there may be:
  // thread i combines i + half, where that is a thread.
  for (int64_t half = llvm::PowerOf2Ceil(most) / 2; half >= 1; half /= 2) {
    Value other = arith::AddIOp::create(b, loc, linear, constant(half));
    Value low = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                      linear, constant(half));
    Value inside = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult,
                                         other, threads);
    Value both = arith::AndIOp::create(b, loc, low, inside);
    auto step = scf::IfOp::create(b, loc, both, /*withElseRegion=*/false);
    {
      OpBuilder inner = step.getThenBodyBuilder();
      Value mine = memref::LoadOp::create(inner, loc, partials, linear);
      Value theirs = memref::LoadOp::create(inner, loc, partials, other);
      Value combined =
          vector::makeArithReduction(inner, loc, combining, mine, theirs);
      memref::StoreOp::create(inner, loc, combined, partials, linear);
    }
    gpu::BarrierOp::create(b, loc);
  }
  Value result = memref::LoadOp::create(b, loc, partials, constant(0));
  // Before the memory is used again.
  gpu::BarrierOp::create(b, loc);
  op.replaceAllUsesWith(result);
  op.erase();
  return success();
}

/// %r = gpu.all_reduce <op> %v: each subgroup reduces its values, its
/// first lane stores the result, and every thread combines those after a
/// barrier (one more keeps the memory for the next reduction).
LogicalResult lowerAllReduce(gpu::AllReduceOp op) {
  Location loc = op.getLoc();
  std::optional<gpu::AllReduceOperation> kind = getReduceKind(op);
  if (!kind)
    return op.emitError("gpu.all_reduce with a reduction region other than "
                        "one arith op of its two arguments cannot be "
                        "compiled for the Vulkan target; name the operation "
                        "(gpu.all_reduce add %x)");
  auto kernel = op->getParentOfType<gpu::GPUFuncOp>();
  Type type = op.getType();
  Value partials = kernel && kernel.isKernel()
                       ? allocatePartials(kernel, type, loc)
                       : nullptr;
  if (!partials)
    return op.emitError("gpu.all_reduce cannot be compiled for the Vulkan "
                        "target outside a kernel (its workgroup memory is "
                        "the kernel's); reduce in the kernel");
  std::optional<SmallVector<int64_t, 3>> known =
      mlirc::getWorkgroupSize(kernel);
  // A block of more than one dimension, or of a size chosen at launch.
  if (!known || (*known)[1] * (*known)[2] != 1)
    return lowerAllReduceAsTree(op, *kind, partials, known);
  SmallVector<int64_t, 3> size = *known;
  OpBuilder b(op);
  Value mine = gpu::SubgroupReduceOp::create(b, loc, op.getValue(), *kind,
                                             /*uniform=*/false);
  Value lane = gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr);
  Value subgroup = gpu::SubgroupIdOp::create(b, loc, /*upperBound=*/nullptr);
  Value subgroups = createNumSubgroups(
      b, loc, arith::ConstantIndexOp::create(b, loc, size[0]));
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  Value first =
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, lane, zero);
  auto store = scf::IfOp::create(b, loc, first, /*withElseRegion=*/false);
  {
    OpBuilder inside = store.getThenBodyBuilder();
    memref::StoreOp::create(inside, loc, mine, partials, subgroup);
  }
  gpu::BarrierOp::create(b, loc);
  Value start = memref::LoadOp::create(b, loc, partials, zero);
  vector::CombiningKind combining = gpu::convertReductionKind(*kind);
  auto loop = scf::ForOp::create(
      b, loc, one, subgroups, one, ValueRange{start},
      [&](OpBuilder &body, Location loc, Value i, ValueRange acc) {
        Value next = memref::LoadOp::create(body, loc, partials, i);
        Value combined =
            vector::makeArithReduction(body, loc, combining, acc[0], next);
        scf::YieldOp::create(body, loc, combined);
      });
  gpu::BarrierOp::create(b, loc);
  op.replaceAllUsesWith(loop.getResult(0));
  op.erase();
  return success();
}

/// A whole-subgroup maximumf, minimumf, maxnumf or minnumf reduction:
/// GroupNonUniformFMax and FMin drop NaNs, leave a reduction of NaNs
/// only undefined, and need not order -0 below +0. As the device's maxnumf
/// or minnumf reduction, then NaN where any value (maximumf, minimumf) or
/// every value (the others) is one, and for maximumf (minimumf) a zero
/// result +0 (-0) where any value is.
void makeFloatMinMaxExact(gpu::SubgroupReduceOp op) {
  using Kind = gpu::AllReduceOperation;
  Kind kind = op.getOp();
  bool ieee = kind == Kind::MAXIMUMF || kind == Kind::MINIMUMF;
  bool max = kind == Kind::MAXIMUMF || kind == Kind::MAXNUMF;
  if (!ieee && kind != Kind::MAXNUMF && kind != Kind::MINNUMF)
    return;
  auto type = dyn_cast<FloatType>(op.getType());
  if (!type)
    return;
  // The uses before those made here.
  SmallVector<OpOperand *> uses;
  for (OpOperand &use : op->getUses())
    uses.push_back(&use);
  OpBuilder b(op);
  b.setInsertionPointAfter(op);
  Location loc = op.getLoc();
  Value value = op.getValue();
  auto anyOf = [&](Value flag, Kind how) -> Value {
    return gpu::SubgroupReduceOp::create(b, loc, flag, how, /*uniform=*/false);
  };
  Value isNaN =
      arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNO, value, value);
  Value nanResult = anyOf(isNaN, ieee ? Kind::OR : Kind::AND);
  op.setOp(max ? Kind::MAXNUMF : Kind::MINNUMF);
  Value result = op.getResult();
  Value exact = result;
  if (ieee) {
    // The zero of the sign that wins, as bits.
    Type bits = b.getIntegerType(type.getWidth());
    APInt zeroBits = APInt::getZero(type.getWidth());
    if (!max)
      zeroBits.setSignBit();
    Value asBits = arith::BitcastOp::create(b, loc, bits, value);
    Value winningZero = arith::ConstantOp::create(
        b, loc, bits, b.getIntegerAttr(bits, zeroBits));
    Value isWinningZero = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::eq, asBits, winningZero);
    Value anyWinningZero = anyOf(isWinningZero, Kind::OR);
    Value zero = arith::ConstantOp::create(b, loc, b.getFloatAttr(type, 0.0));
    Value resultIsZero =
        arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OEQ, result, zero);
    Value useZero = arith::AndIOp::create(b, loc, resultIsZero, anyWinningZero);
    exact = arith::SelectOp::create(
        b, loc, useZero, arith::BitcastOp::create(b, loc, type, winningZero),
        exact);
  }
  Value nan = arith::ConstantOp::create(
      b, loc, b.getFloatAttr(type, APFloat::getQNaN(type.getFloatSemantics())));
  exact = arith::SelectOp::create(b, loc, nanResult, nan, exact);
  for (OpOperand *use : uses)
    use->set(exact);
}

/// A clustered gpu.subgroup_reduce through the device's shuffles.
LogicalResult lowerClusteredReduce(gpu::SubgroupReduceOp op) {
  std::optional<uint32_t> cluster = op.getClusterSize();
  if (!cluster)
    return success();
  Type type = op.getType();
  unsigned bits = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
  if (bits > 64 || bits < 8)
    return op.emitError("clustered gpu.subgroup_reduce of ")
           << type
           << " cannot be compiled for the Vulkan target; it takes integers "
              "and floats of 8 to 64 bits";
  OpBuilder b(op);
  Location loc = op.getLoc();
  Type i32 = b.getI32Type();
  Value lane = arith::IndexCastUIOp::create(
      b, loc, i32, gpu::LaneIdOp::create(b, loc, /*upperBound=*/nullptr));
  // Lanes of 8 and 16 bits move as the low bits of i32s (the devices'
  // shuffles of those need an extension); the reduction's arithmetic stays
  // in the op's type.
  auto shuffle = [&](OpBuilder &b, Value value, Value offset, unsigned width,
                     gpu::ShuffleMode mode) -> std::pair<Value, Value> {
    Value segment = arith::ConstantIntOp::create(b, loc, i32, width);
    if (bits >= 32) {
      auto made = gpu::ShuffleOp::create(b, loc, value, offset, segment, mode);
      return {made.getShuffleResult(), made.getValid()};
    }
    Type narrow = b.getIntegerType(bits);
    Value word = value;
    if (isa<FloatType>(type))
      word = arith::BitcastOp::create(b, loc, narrow, word);
    word = arith::ExtUIOp::create(b, loc, i32, word);
    auto made = gpu::ShuffleOp::create(b, loc, word, offset, segment, mode);
    Value moved =
        arith::TruncIOp::create(b, loc, narrow, made.getShuffleResult());
    if (isa<FloatType>(type))
      moved = arith::BitcastOp::create(b, loc, type, moved);
    return {moved, made.getValid()};
  };
  op.replaceAllUsesWith(
      mlirc::buildSubgroupReduction(b, op, *cluster, lane, shuffle));
  op.erase();
  return success();
}

/// gpu.shuffle of width W: the lane's segment of W lanes, the source lane
/// in it by the mode, and the lane's own value where that is outside it or
/// is no invocation running the shuffle (past the subgroup's or the
/// block's last one; MLIR defines only the first W lanes).
struct ShuffleToSPIRV : public OpConversionPattern<gpu::ShuffleOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::ShuffleOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    unsigned width = mlirc::getConstantWidth(op);
    if (!width)
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    Type i1 = rewriter.getI1Type();
    auto constant = [&](int32_t value) -> Value {
      return spirv::ConstantOp::create(rewriter, loc, i32,
                                       rewriter.getI32IntegerAttr(value));
    };
    Value lane = spirv::getBuiltinVariableValue(
        op, spirv::BuiltIn::SubgroupLocalInvocationId, i32, rewriter);
    Value widthValue = constant(static_cast<int32_t>(width));
    Value inSegment =
        llvm::isPowerOf2_32(width)
            ? spirv::BitwiseAndOp::create(
                  rewriter, loc, lane, constant(static_cast<int32_t>(width - 1)))
                  .getResult()
            : spirv::UModOp::create(rewriter, loc, lane, widthValue)
                  .getResult();
    Value segment = spirv::ISubOp::create(rewriter, loc, lane, inSegment);
    Value offset = adaptor.getOffset();
    Value source, valid;
    switch (op.getMode()) {
    case gpu::ShuffleMode::XOR:
      source = spirv::BitwiseXorOp::create(rewriter, loc, inSegment, offset);
      valid = spirv::ULessThanOp::create(rewriter, loc, i1, source, widthValue);
      break;
    // Up and down compare the offset with the lanes left in the segment,
    // unsigned, so no sum wraps whatever the offset.
    case gpu::ShuffleMode::UP:
      source = spirv::ISubOp::create(rewriter, loc, inSegment, offset);
      valid = spirv::UGreaterThanEqualOp::create(rewriter, loc, i1, inSegment,
                                                 offset);
      break;
    case gpu::ShuffleMode::DOWN:
      source = spirv::IAddOp::create(rewriter, loc, inSegment, offset);
      valid = spirv::ULessThanOp::create(
          rewriter, loc, i1, offset,
          spirv::ISubOp::create(rewriter, loc, widthValue, inSegment));
      break;
    case gpu::ShuffleMode::IDX:
      source = offset;
      valid = spirv::ULessThanOp::create(rewriter, loc, i1, source, widthValue);
      break;
    }
    // The source must be an invocation that runs the shuffle: a subgroup
    // past the block's last thread (or the last segment of a subgroup that
    // is not a multiple of W lanes) has lanes that do not, and reading one
    // is undefined. Its bit in a ballot says.
    Value sourceLane = spirv::IAddOp::create(rewriter, loc, segment, source);
    Value yes = spirv::ConstantOp::create(rewriter, loc, i1,
                                          rewriter.getBoolAttr(true));
    Value ballot = spirv::GroupNonUniformBallotOp::create(
        rewriter, loc, VectorType::get({4}, i32), spirv::Scope::Subgroup, yes);
    Value word = spirv::VectorExtractDynamicOp::create(
        rewriter, loc, ballot,
        spirv::BitwiseAndOp::create(
            rewriter, loc,
            spirv::ShiftRightLogicalOp::create(rewriter, loc, sourceLane,
                                               constant(5)),
            constant(3)));
    Value bit = spirv::BitwiseAndOp::create(
        rewriter, loc,
        spirv::ShiftRightLogicalOp::create(
            rewriter, loc, word,
            spirv::BitwiseAndOp::create(rewriter, loc, sourceLane,
                                        constant(31))),
        constant(1));
    valid = spirv::LogicalAndOp::create(
        rewriter, loc, valid,
        spirv::INotEqualOp::create(rewriter, loc, i1, bit, constant(0)));
    Value chosen =
        spirv::SelectOp::create(rewriter, loc, valid, source, inSegment);
    Value id = spirv::IAddOp::create(rewriter, loc, segment, chosen);
    auto scope =
        spirv::ScopeAttr::get(rewriter.getContext(), spirv::Scope::Subgroup);
    Value result = spirv::GroupNonUniformShuffleOp::create(
        rewriter, loc, adaptor.getValue().getType(), scope, adaptor.getValue(),
        id);
    rewriter.replaceOp(op, {result, valid});
    return success();
  }
};

/// gpu.subgroup_broadcast: a shuffle from the lane named, or from the
/// lowest lane of a ballot of the active ones.
struct BroadcastToSPIRV : public OpConversionPattern<gpu::SubgroupBroadcastOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupBroadcastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !isa<spirv::ScalarType>(type))
      return failure();
    Location loc = op.getLoc();
    Type i32 = rewriter.getI32Type();
    auto scope = spirv::Scope::Subgroup;
    Value lane = adaptor.getLane();
    if (!lane) {
      Value yes = spirv::ConstantOp::create(rewriter, loc, rewriter.getI1Type(),
                                            rewriter.getBoolAttr(true));
      Value ballot = spirv::GroupNonUniformBallotOp::create(
          rewriter, loc, VectorType::get({4}, i32), scope, yes);
      lane = spirv::GroupNonUniformBallotFindLSBOp::create(rewriter, loc, i32,
                                                           scope, ballot);
    } else if (lane.getType() != i32) {
      lane = spirv::UConvertOp::create(rewriter, loc, i32, lane);
    }
    rewriter.replaceOpWithNewOp<spirv::GroupNonUniformShuffleOp>(
        op, type, spirv::ScopeAttr::get(rewriter.getContext(), scope),
        adaptor.getSrc(), lane);
    return success();
  }
};

/// A whole-subgroup and/or/xor reduction of integers (MLIR lowers only
/// the arithmetic kinds) as GroupNonUniformBitwise*, of booleans as
/// GroupNonUniformLogical*.
struct BitwiseReduceToSPIRV : public OpConversionPattern<gpu::SubgroupReduceOp> {
  using OpConversionPattern::OpConversionPattern;
  LogicalResult
  matchAndRewrite(gpu::SubgroupReduceOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (op.getClusterSize() || !type || !type.isSignlessInteger())
      return failure();
    Location loc = op.getLoc();
    auto scope = spirv::Scope::Subgroup;
    auto reduce = spirv::GroupOperation::Reduce;
    Value value = adaptor.getValue();
    bool logical = type.isInteger(1);
    auto create = [&](auto logicalOp, auto bitwiseOp) -> Value {
      using Logical = decltype(logicalOp);
      using Bitwise = decltype(bitwiseOp);
      if (logical)
        return Logical::create(rewriter, loc, type, scope, reduce, value,
                               Value());
      return Bitwise::create(rewriter, loc, type, scope, reduce, value,
                             Value());
    };
    Value result;
    switch (op.getOp()) {
    case gpu::AllReduceOperation::AND:
      result = create(spirv::GroupNonUniformLogicalAndOp(),
                      spirv::GroupNonUniformBitwiseAndOp());
      break;
    case gpu::AllReduceOperation::OR:
      result = create(spirv::GroupNonUniformLogicalOrOp(),
                      spirv::GroupNonUniformBitwiseOrOp());
      break;
    case gpu::AllReduceOperation::XOR:
      result = create(spirv::GroupNonUniformLogicalXorOp(),
                      spirv::GroupNonUniformBitwiseXorOp());
      break;
    default:
      return failure();
    }
    rewriter.replaceOp(op, result);
    return success();
  }
};

} // namespace

Value mlirc::buildSubgroupReduction(OpBuilder &b, gpu::SubgroupReduceOp reduce,
                                    unsigned cluster, Value lane,
                                    ShuffleBuilder shuffle) {
  // The lanes of a cluster are those of a segment of C * S lanes that agree
  // modulo S. A tree of down shuffles sums them into the first; a source
  // past the block (valid false) adds nothing: the block's last cluster
  // may be partial (a block of 100 threads), and its lanes are a prefix of
  // the cluster, so the first lane still gets them all. Xor shuffles had
  // such a lane add its own value again.
  Location loc = reduce.getLoc();
  Type i32 = b.getI32Type();
  unsigned stride = reduce.getClusterStride();
  unsigned segment = cluster * stride;
  vector::CombiningKind kind = gpu::convertReductionKind(reduce.getOp());
  Value value = reduce.getValue();
  for (unsigned offset = stride; offset < segment; offset *= 2) {
    auto [other, valid] =
        shuffle(b, value, arith::ConstantIntOp::create(b, loc, i32, offset),
                segment, gpu::ShuffleMode::DOWN);
    Value combined = vector::makeArithReduction(b, loc, kind, value, other);
    value = arith::SelectOp::create(b, loc, valid, combined, value);
  }
  // The first lane of the lane's cluster is its position modulo S.
  Value first = arith::RemUIOp::create(
      b, loc, lane, arith::ConstantIntOp::create(b, loc, i32, stride));
  return shuffle(b, value, first, segment, gpu::ShuffleMode::IDX).first;
}

unsigned mlirc::getConstantWidth(gpu::ShuffleOp shuffle) {
  APInt width;
  if (matchPattern(shuffle.getWidth(), m_ConstantInt(&width)))
    return static_cast<unsigned>(width.getZExtValue());
  Value value = shuffle.getWidth();
  while (Operation *def = value.getDefiningOp()) {
    if (!isa<arith::IndexCastOp, arith::IndexCastUIOp>(def))
      break;
    value = def->getOperand(0);
  }
  auto dim = value.getDefiningOp<gpu::BlockDimOp>();
  auto kernel = shuffle->getParentOfType<gpu::GPUFuncOp>();
  if (!dim || !kernel)
    return 0;
  unsigned axis = static_cast<unsigned>(dim.getDimension());
  if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize())
    return static_cast<unsigned>((*known)[axis]);
  if (std::optional<SmallVector<int64_t, 3>> size =
          mlirc::getWorkgroupSize(kernel))
    return static_cast<unsigned>((*size)[axis]);
  return 0;
}

std::optional<SmallVector<int64_t, 3>>
mlirc::getWorkgroupSize(Operation *kernel) {
  auto abi = kernel->getAttrOfType<spirv::EntryPointABIAttr>(
      spirv::getEntryPointABIAttrName());
  if (!abi || !abi.getWorkgroupSize())
    return std::nullopt;
  SmallVector<int64_t, 3> size(abi.getWorkgroupSize().asArrayRef());
  size.resize(3, 1);
  return size;
}

LogicalResult mlirc::lowerSubgroupOps(Operation *module) {
  WalkResult result = module->walk([](Operation *op) {
    if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
      unsigned width = getConstantWidth(shuffle);
      if (!width) {
        shuffle.emitError("gpu.shuffle cannot be compiled for the Vulkan "
                          "target without a constant width (the runtime "
                          "checks the device's subgroups against it)");
        return WalkResult::interrupt();
      }
      // The block's size as a constant: the conversion sees no gpu.func.
      if (!matchPattern(shuffle.getWidth(), m_Constant())) {
        OpBuilder b(shuffle);
        shuffle.getWidthMutable().assign(arith::ConstantIntOp::create(
            b, shuffle.getLoc(), b.getI32Type(), width));
      }
    }
    return WalkResult::advance();
  });
  if (result.wasInterrupted())
    return failure();
  module->walk([](gpu::GPUFuncOp kernel) {
    if (kernel.isKernel())
      numberSubgroups(kernel);
  });
  SmallVector<gpu::AllReduceOp> allReduces;
  SmallVector<gpu::SubgroupReduceOp> reductions, clustered;
  SmallVector<gpu::NumSubgroupsOp> numSubgroups;
  module->walk([&](Operation *op) {
    if (auto count = dyn_cast<gpu::NumSubgroupsOp>(op))
      numSubgroups.push_back(count);
    if (auto reduce = dyn_cast<gpu::AllReduceOp>(op))
      allReduces.push_back(reduce);
  });
  // Block reductions first: they reduce in subgroups too.
  for (gpu::AllReduceOp op : allReduces)
    if (failed(lowerAllReduce(op)))
      return failure();
  module->walk(
      [&](gpu::SubgroupReduceOp reduce) { reductions.push_back(reduce); });
  for (gpu::SubgroupReduceOp reduce : reductions) {
    // MLIR's SPIR-V lowering takes scalars only.
    SmallVector<gpu::SubgroupReduceOp> scalars = {reduce};
    if (isa<VectorType>(reduce.getType()))
      scalars = mlirc::reduceElementByElement(reduce);
    for (gpu::SubgroupReduceOp scalar : scalars) {
      // MLIR lowers uniform ones to OpGroup*, which Vulkan lacks; the
      // non-uniform OpGroupNonUniform* computes the same.
      scalar.setUniform(false);
      if (scalar.getClusterSize())
        clustered.push_back(scalar);
      else
        makeFloatMinMaxExact(scalar);
    }
  }
  for (gpu::NumSubgroupsOp op : numSubgroups) {
    OpBuilder b(op);
    Value threads = createWorkgroupThreads(b, op.getLoc(), op);
    op.replaceAllUsesWith(createNumSubgroups(b, op.getLoc(), threads));
    op.erase();
  }
  for (gpu::SubgroupReduceOp op : clustered)
    if (failed(lowerClusteredReduce(op)))
      return failure();
  return success();
}

void mlirc::populateShuffleToSPIRVPatterns(SPIRVTypeConverter &converter,
                                           RewritePatternSet &patterns) {
  // Before MLIR's, which takes the target's subgroup size only.
  patterns.add<ShuffleToSPIRV>(converter, patterns.getContext(),
                               /*benefit=*/2);
  patterns.add<BitwiseReduceToSPIRV, BroadcastToSPIRV>(converter,
                                                       patterns.getContext());
}

unsigned mlirc::getRequiredSubgroupSize(Operation *kernel) {
  Operation *module = kernel->getParentOp();
  unsigned lanes = 0;
  SetVector<Operation *> reached;
  SmallVector<Operation *> work = {kernel};
  while (!work.empty()) {
    Operation *function = work.pop_back_val();
    if (!reached.insert(function))
      continue;
    function->walk([&](Operation *op) {
      if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op))
        lanes = std::max(lanes, mlirc::getConstantWidth(shuffle));
      // The original kernel, which RecordKernelABI reads, still rotates.
      if (auto rotate = dyn_cast<gpu::RotateOp>(op))
        lanes = std::max<unsigned>(lanes, rotate.getWidth());
      if (auto reduce = dyn_cast<gpu::SubgroupReduceOp>(op))
        lanes = std::max(lanes, reduce.getClusterSize().value_or(0) *
                                    reduce.getClusterStride());
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (auto callee =
                dyn_cast_or_null<SymbolRefAttr>(call.getCallableForCallee()))
          if (Operation *found = SymbolTable::lookupSymbolIn(module, callee))
            work.push_back(found);
    });
  }
  return lanes;
}
