//===- HostCrossThreadOps.cpp - Shuffles and reductions on the host -------===//
//
// A shuffle or subgroup reduction starts a new thread loop and reads what
// the other threads of its subgroup stored before it; an all-reduce runs
// at block level over every thread's stored value and its result is the
// same for all threads.
//
//===----------------------------------------------------------------------===//

#include "targets/host/HostBlockFunction.h"
#include "pipeline/ShuffleSegments.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/Utils/GPUUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlirc::host;

Value mlirc::host::combine(OpBuilder &b, Location loc,
                           gpu::AllReduceOperation kind, Value lhs, Value rhs) {
  return vector::makeArithReduction(b, loc, gpu::convertReductionKind(kind),
                                    lhs, rhs);
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
  Value lane =
      arith::RemUIOp::create(b, loc, scope.linear, constant(b, subgroupSize));
  // Lanes form segments of `width`; a source outside the thread's segment,
  // or past the end of the block, leaves the value as it is.
  auto cmp = [&](arith::CmpIPredicate p, Value x, Value y) {
    return arith::CmpIOp::create(b, loc, p, x, y).getResult();
  };
  mlirc::ShuffleSource from =
      mlirc::getShuffleSource(b, loc, shuffle.getMode(), lane, offset, width);
  Value source = from.lane, valid = from.valid;
  Value subgroupStart = arith::SubIOp::create(b, loc, scope.linear, lane);
  Value sourceThread = arith::AddIOp::create(b, loc, subgroupStart, source);
  valid = arith::AndIOp::create(
      b, loc, valid, cmp(arith::CmpIPredicate::ult, sourceThread, blockSize));
  // Read thread 0 when invalid: always in bounds, and then unused.
  Value readThread =
      arith::SelectOp::create(b, loc, valid, sourceThread, constant(b, 0));
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
  Value lane =
      arith::RemUIOp::create(b, loc, scope.linear, constant(b, subgroupSize));
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
    Value safe = arith::SelectOp::create(b, loc, inBlock, thread, firstThread);
    Value member = loadFromThread(reduce.getValue(), safe, scope);
    Value combined = combine(b, loc, reduce.getOp(), acc, member);
    scf::YieldOp::create(
        b, loc,
        ValueRange{arith::SelectOp::create(b, loc, inBlock, combined, acc)});
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
  auto loop =
      scf::ForOp::create(builder, loc, one, blockSize, one, ValueRange{init});
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
      combined =
          mapping.lookupOrDefault(body.front().getTerminator()->getOperand(0));
    }
    scf::YieldOp::create(builder, loc, combined);
  }
  uniform.map(reduce.getResult(), loop.getResult(0));
  return success();
}

LogicalResult
BlockFunctionBuilder::hoistUniformOps(SmallVectorImpl<Operation *> &rest) {
  // Every thread runs the kernel's top-level ops, in order: one that may
  // not be speculated (a division) is hoisted too while nothing before it
  // has an effect that could end the thread first (a failing assert).
  bool effectsBefore = false;
  for (Operation &op : kernel.getBody().front().without_terminator()) {
    // Private memory already has its host allocation.
    if (isa<memref::AllocaOp>(op) &&
        (uniform.contains(op.getResult(0)) || hasPrivateRows(op.getResult(0))))
      continue;
    bool isUniformQuery = isa<gpu::BlockIdOp, gpu::BlockDimOp, gpu::GridDimOp,
                              gpu::SubgroupSizeOp>(op);
    bool operandsUniform = llvm::all_of(
        op.getOperands(), [&](Value v) { return uniform.contains(v); });
    bool hoistable = isPure(&op) || (!effectsBefore && isMemoryEffectFree(&op));
    if (isUniformQuery ||
        (hoistable && op.getNumRegions() == 0 && operandsUniform &&
         !isa<gpu::GPUDialect>(op.getDialect()))) {
      ThreadScope none{builder, uniform, {}, Value()};
      Operation *copy = builder.clone(op, none.mapping);
      if (failed(replaceGpuOps(&op, copy, none)))
        return failure();
      for (Value result : op.getResults())
        uniform.map(result, none.mapping.lookup(result));
      continue;
    }
    effectsBefore |= !isMemoryEffectFree(&op);
    rest.push_back(&op);
  }
  return success();
}
