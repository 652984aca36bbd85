//===- WideSubgroups.cpp - Kernels' subgroups wider than the device's ----===//
//
// A kernel whose shuffles span W lanes cannot run on subgroups narrower
// than W (lavapipe's have 8 lanes, CUDA code assumes 32). Where it is safe,
// the kernel gets a second entry point, `<kernel>_wide_subgroups`, that
// sees subgroups of W consecutive threads made of workgroup memory: a
// shuffle stores every thread's value and reads its source's between two
// barriers, and lane and subgroup ids, sizes and subgroup reductions follow
// the same subgroups. The runtime launches it where the device's subgroups
// are too narrow.
//
// Safe means: the barriers are reached by every thread alike, so each
// subgroup op sits in the kernel's own body, at most inside scf.for loops
// of block-uniform bounds and scf.if ops of block-uniform conditions
// (pipeline/BlockUniform.h); and no function the kernel calls has
// subgroup ops. A block size that is no multiple of W ends in a partial
// subgroup, whose
// sources past the block's last thread are invalid. (gpu.all_reduce needs
// none of this: it is right on any subgroups.)
//
//===----------------------------------------------------------------------===//

#include "pipeline/BlockUniform.h"
#include "pipeline/LiftKernelBranches.h"
#include "pipeline/ShuffleSegments.h"
#include "targets/vulkan/SubgroupOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVAttributes.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlir;

namespace {

bool isSubgroupOp(Operation *op) {
  return isa<gpu::ShuffleOp, gpu::SubgroupReduceOp, gpu::LaneIdOp,
             gpu::SubgroupIdOp, gpu::SubgroupSizeOp, gpu::NumSubgroupsOp,
             gpu::SubgroupBroadcastOp>(op);
}

/// Rewrites \p kernel's subgroup ops for subgroups of \p width threads in
/// workgroup memory.
class Emulation {
public:
  Emulation(gpu::GPUFuncOp kernel, ArrayRef<int64_t> block, unsigned width)
      : kernel(kernel), block(block), width(width),
        threads(block[0] * block[1] * block[2]) {}

  void run() {
    OpBuilder b(&kernel.getBody().front(), kernel.getBody().front().begin());
    Location loc = kernel.getLoc();
    // The thread's linear id, as a CUDA warp counts it.
    Value x = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::x);
    Value y = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::y);
    Value z = gpu::ThreadIdOp::create(b, loc, gpu::Dimension::z);
    Value sizeX = arith::ConstantIndexOp::create(b, loc, block[0]);
    Value sizeY = arith::ConstantIndexOp::create(b, loc, block[1]);
    Value zy = arith::AddIOp::create(b, loc, y,
                                     arith::MulIOp::create(b, loc, z, sizeY));
    linear = arith::AddIOp::create(b, loc, x,
                                   arith::MulIOp::create(b, loc, zy, sizeX));
    entry = b.saveInsertionPoint();

    SmallVector<Operation *> ops;
    kernel.walk([&](Operation *op) {
      if (isSubgroupOp(op))
        ops.push_back(op);
    });
    for (Operation *op : ops)
      rewrite(op);
  }

private:
  void rewrite(Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (mlirc::replaceSubgroupIdOp(
            op, linear, arith::ConstantIndexOp::create(b, loc, threads), width))
      return;
    if (auto shuffle = dyn_cast<gpu::ShuffleOp>(op)) {
      auto [value, valid] =
          emitShuffle(b, loc, shuffle.getValue(), shuffle.getOffset(),
                      mlirc::getConstantWidth(shuffle), shuffle.getMode());
      shuffle.getShuffleResult().replaceAllUsesWith(value);
      shuffle.getValid().replaceAllUsesWith(valid);
      shuffle.erase();
      return;
    }
    if (auto broadcast = dyn_cast<gpu::SubgroupBroadcastOp>(op)) {
      // Every thread is there: the first active lane is lane 0.
      Value lane = broadcast.getLane();
      if (!lane)
        lane = arith::ConstantIntOp::create(b, loc, b.getI32Type(), 0);
      else if (lane.getType().isIndex())
        lane = arith::IndexCastOp::create(b, loc, b.getI32Type(), lane);
      auto [value, valid] = emitShuffle(b, loc, broadcast.getSrc(), lane,
                                        width, gpu::ShuffleMode::IDX);
      (void)valid;
      replace(op, value);
      return;
    }
    auto reduce = cast<gpu::SubgroupReduceOp>(op);
    Value lane = arith::IndexCastUIOp::create(
        b, loc, b.getI32Type(),
        arith::RemUIOp::create(b, loc, linear,
                               arith::ConstantIndexOp::create(b, loc, width)));
    auto shuffle = [&](OpBuilder &b, Value value, Value offset,
                       unsigned segment, gpu::ShuffleMode mode) {
      return emitShuffle(b, loc, value, offset, segment, mode);
    };
    replace(op, mlirc::buildSubgroupReduction(
                    b, reduce, reduce.getClusterSize().value_or(width), lane,
                    shuffle));
  }

  void replace(Operation *op, Value value) {
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  }

  /// The workgroup memory shuffles of \p type go through.
  Value getScratch(Type type) {
    Value &scratch = scratches[type];
    if (!scratch) {
      OpBuilder b(kernel.getContext());
      b.restoreInsertionPoint(entry);
      auto space = gpu::AddressSpaceAttr::get(kernel.getContext(),
                                              gpu::AddressSpace::Workgroup);
      scratch = memref::AllocOp::create(
          b, kernel.getLoc(),
          MemRefType::get({threads}, type, MemRefLayoutAttrInterface(), space));
      entry = b.saveInsertionPoint();
    }
    return scratch;
  }

  /// \p value of the lane \p offset names by \p mode within segments of
  /// \p segmentWidth lanes, and whether that lane exists.
  std::pair<Value, Value> emitShuffle(OpBuilder &b, Location loc, Value value,
                                      Value offset, unsigned segmentWidth,
                                      gpu::ShuffleMode mode) {
    Value scratch = getScratch(value.getType());
    Type index = b.getIndexType();
    Value within = arith::ConstantIndexOp::create(b, loc, segmentWidth);
    // The offset is unsigned: 0xffffffff is no step back.
    Value distance = arith::IndexCastUIOp::create(b, loc, index, offset);
    // Subgroups, and so segments, are runs of linear ids: the linear id
    // serves as the lane.
    mlirc::ShuffleSource from =
        mlirc::getShuffleSource(b, loc, mode, linear, distance, within);
    // A source past the block's last thread (in a last, partial subgroup)
    // does not exist either.
    Value valid = arith::AndIOp::create(
        b, loc, from.valid,
        arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, from.lane,
                              arith::ConstantIndexOp::create(b, loc, threads)));
    Value source = arith::SelectOp::create(b, loc, valid, from.lane, linear);
    // Earlier reads of the memory are done, then every value is there.
    gpu::BarrierOp::create(b, loc);
    memref::StoreOp::create(b, loc, value, scratch, linear);
    gpu::BarrierOp::create(b, loc);
    Value result = memref::LoadOp::create(b, loc, scratch, source);
    return {result, valid};
  }

  gpu::GPUFuncOp kernel;
  SmallVector<int64_t, 3> block;
  unsigned width;
  int64_t threads;
  Value linear;
  OpBuilder::InsertPoint entry;
  DenseMap<Type, Value> scratches;
};

} // namespace

bool mlirc::replaceSubgroupIdOp(Operation *op, Value linear, Value threads,
                                unsigned width) {
  if (!isa<gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::SubgroupSizeOp,
           gpu::NumSubgroupsOp>(op))
    return false;
  OpBuilder b(op);
  Location loc = op->getLoc();
  Value w = arith::ConstantIndexOp::create(b, loc, width);
  Value value = w;
  if (isa<gpu::LaneIdOp>(op))
    value = arith::RemUIOp::create(b, loc, linear, w);
  else if (isa<gpu::SubgroupIdOp>(op))
    value = arith::DivUIOp::create(b, loc, linear, w);
  else if (isa<gpu::NumSubgroupsOp>(op))
    value = arith::CeilDivUIOp::create(b, loc, threads, w);
  op->getResult(0).replaceAllUsesWith(value);
  op->erase();
  return true;
}

std::string mlirc::getWideSubgroupsName(StringRef kernel) {
  return (kernel + "_wide_subgroups").str();
}

void mlirc::addWideSubgroupKernels(Operation *module) {
  SymbolTable symbols(module);
  SmallVector<gpu::GPUFuncOp> kernels;
  for (Region &region : module->getRegions())
    for (auto kernel : region.getOps<gpu::GPUFuncOp>())
      if (kernel.isKernel())
        kernels.push_back(kernel);
  for (gpu::GPUFuncOp kernel : kernels) {
    unsigned width = getRequiredSubgroupSize(kernel);
    std::optional<SmallVector<int64_t, 3>> block = getWorkgroupSize(kernel);
    if (!width || !block)
      continue;
    // The copy, its branches (cf) lifted into scf ops, which tell where
    // every thread is alike; a kernel whose branches do not lift gets none.
    OpBuilder b(kernel);
    b.setInsertionPointAfter(kernel);
    auto wide = cast<gpu::GPUFuncOp>(b.clone(*kernel));
    if (failed(mlirc::liftKernelBranches(wide))) {
      wide.erase();
      continue;
    }
    // Subgroup ops only in the kernel itself, where every thread is.
    bool safe = true;
    wide.walk([&](Operation *op) {
      if (isSubgroupOp(op) && !mlirc::isReachedByWholeBlock(op, wide))
        safe = false;
      if (auto call = dyn_cast<CallOpInterface>(op))
        if (auto callee =
                dyn_cast_or_null<SymbolRefAttr>(call.getCallableForCallee()))
          if (Operation *found = SymbolTable::lookupSymbolIn(module, callee)) {
            found->walk(
                [&](Operation *inner) { safe &= !isSubgroupOp(inner); });
          }
    });
    if (!safe) {
      wide.erase();
      continue;
    }
    wide.setName(getWideSubgroupsName(kernel.getName()));
    symbols.insert(wide);
    Emulation(wide, *block, width).run();
  }
}
