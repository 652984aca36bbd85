//===- ParallelizeHostLoops.cpp - Host scf.parallel loops as async work ---===//
//
// MLIR's async-parallel-for patterns, on the scf.parallel loops of host code
// only: each loop becomes async work spread over the async runtime's worker
// threads (one per core), in blocks of at least 1000 iterations, dispatched
// recursively. MLIR's pass would rewrite the loops of the gpu.modules too.
// A loop with reductions, which the patterns do not take, becomes a loop
// over chunks of its first dimension that runs so, each chunk reducing its
// own iterations into a partial result, and then a loop that combines the
// partials in chunk order: the reductions run on every core, and give the
// same result on any number of them (scf.reduce leaves the order open).
// Host affine.parallel loops are lowered to scf.parallel loops first.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Async/Transforms.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Utils/Utils.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/ImplicitLocOpBuilder.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_PARALLELIZEHOSTLOOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Marks the chunk loops of split reductions: each chunk is enough work
/// for a task.
constexpr llvm::StringLiteral chunkLoopAttr = "mlirc.reduction_chunks";
/// Chunks at most: a fixed number, so that the partials, and the result,
/// do not depend on the machine's cores.
constexpr int64_t maxChunks = 256;
/// Iterations a chunk has at least, as for the loops without reductions.
constexpr int64_t minChunkIterations = 1000;

/// \p region (an scf.reduce region) applied to \p lhs and \p rhs, cloned
/// at \p b's insertion point.
Value combine(OpBuilder &b, Region &region, Value lhs, Value rhs) {
  Block &block = region.front();
  IRMapping mapping;
  mapping.map(block.getArgument(0), lhs);
  mapping.map(block.getArgument(1), rhs);
  for (Operation &op : block.without_terminator())
    b.clone(op, mapping);
  return mapping.lookupOrDefault(block.getTerminator()->getOperand(0));
}

/// `has ? combine(acc, value) : fallback`, as an scf.if, so that the
/// reduction region runs only on values that exist.
Value combineIf(OpBuilder &b, Location loc, Value has, Region &region,
                Value acc, Value value, Value fallback) {
  auto choice = scf::IfOp::create(b, loc, TypeRange{value.getType()}, has,
                                  /*withElseRegion=*/true);
  OpBuilder::InsertionGuard guard(b);
  b.setInsertionPointToStart(choice.thenBlock());
  scf::YieldOp::create(b, loc, combine(b, region, acc, value));
  b.setInsertionPointToStart(choice.elseBlock());
  scf::YieldOp::create(b, loc, fallback);
  return choice.getResult(0);
}

/// The trips of a loop from \p lb to \p ub by \p step (positive).
Value getTrips(OpBuilder &b, Location loc, Value lb, Value ub, Value step) {
  Value span = arith::SubIOp::create(b, loc, ub, lb);
  Value trips = arith::CeilDivSIOp::create(b, loc, span, step);
  return arith::MaxSIOp::create(b, loc, trips,
                                arith::ConstantIndexOp::create(b, loc, 0));
}

/// Splits the reductions of \p loop as the file comment says; leaves it as
/// it is where a partial result cannot be stored in a memref.
void splitReductions(scf::ParallelOp loop) {
  if (!llvm::all_of(loop.getResultTypes(), BaseMemRefType::isValidElementType))
    return;
  auto reduce = cast<scf::ReduceOp>(loop.getBody()->getTerminator());
  Location loc = loop.getLoc();
  OpBuilder b(loop);
  auto index = [&](int64_t value) {
    return arith::ConstantIndexOp::create(b, loc, value).getResult();
  };
  Value zero = index(0), one = index(1);
  ValueRange lbs = loop.getLowerBound(), ubs = loop.getUpperBound(),
             steps = loop.getStep();
  Value trips = getTrips(b, loc, lbs[0], ubs[0], steps[0]);
  // The iterations, as far as they decide the chunks (bounded, so that the
  // product cannot wrap), and whether there are none.
  auto isZero = [&](Value v) {
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::eq, v, zero)
        .getResult();
  };
  Value iterations = trips, empty = isZero(trips);
  for (unsigned dim = 1; dim < lbs.size(); ++dim) {
    Value inner = getTrips(b, loc, lbs[dim], ubs[dim], steps[dim]);
    empty = arith::OrIOp::create(b, loc, empty, isZero(inner));
    iterations = arith::MulIOp::create(
        b, loc, arith::MinSIOp::create(b, loc, iterations, index(1LL << 40)),
        arith::MinSIOp::create(b, loc, inner, index(minChunkIterations)));
  }
  // At most one per first-dimension trip, and none without iterations.
  Value chunks =
      arith::DivSIOp::create(b, loc, iterations, index(minChunkIterations));
  chunks = arith::MaxSIOp::create(b, loc, chunks, one);
  chunks = arith::MinSIOp::create(b, loc, chunks, index(maxChunks));
  chunks = arith::MinSIOp::create(b, loc, chunks, trips);
  chunks = arith::SelectOp::create(b, loc, empty, zero, chunks);

  auto buffer = [&](Type type) {
    return memref::AllocOp::create(
               b, loc, MemRefType::get({ShapedType::kDynamic}, type),
               ValueRange{chunks})
        .getResult();
  };
  SmallVector<Value> partials;
  for (Type type : loop.getResultTypes())
    partials.push_back(buffer(type));
  // Whether a chunk reduced anything (its inner dimensions may be empty).
  Value filled = buffer(b.getI1Type());

  auto chunkLoop = scf::ParallelOp::create(
      b, loc, ValueRange{zero}, ValueRange{chunks}, ValueRange{one},
      [&](OpBuilder &nb, Location nloc, ValueRange ivs) {
        Value chunk = ivs[0];
        // Trips [chunk * trips / chunks, (chunk + 1) * trips / chunks).
        auto tripStart = [&](Value c) {
          Value t = arith::MulIOp::create(nb, nloc, c, trips);
          t = arith::DivSIOp::create(nb, nloc, t, chunks);
          t = arith::MulIOp::create(nb, nloc, t, steps[0]);
          return arith::AddIOp::create(nb, nloc, lbs[0], t).getResult();
        };
        Value next = arith::AddIOp::create(
            nb, nloc, chunk, arith::ConstantIndexOp::create(nb, nloc, 1));
        SmallVector<Value> chunkLbs(lbs), chunkUbs(ubs);
        chunkLbs[0] = tripStart(chunk);
        chunkUbs[0] = tripStart(next);
        SmallVector<Value> inits;
        for (Type type : loop.getResultTypes())
          inits.push_back(ub::PoisonOp::create(nb, nloc, type));
        inits.push_back(arith::ConstantIntOp::create(nb, nloc, 0, 1));
        scf::LoopNest nest = scf::buildLoopNest(
            nb, nloc, chunkLbs, chunkUbs, steps, inits,
            [&](OpBuilder &bb, Location bloc, ValueRange ivs,
                ValueRange accs) -> scf::ValueVector {
              IRMapping mapping;
              mapping.map(loop.getInductionVars(), ivs);
              for (Operation &op : loop.getBody()->without_terminator())
                bb.clone(op, mapping);
              Value has = accs.back();
              scf::ValueVector next;
              for (auto [i, value] : llvm::enumerate(reduce.getOperands())) {
                Value mine = mapping.lookupOrDefault(value);
                next.push_back(combineIf(bb, bloc, has,
                                         reduce.getReductions()[i], accs[i],
                                         mine, mine));
              }
              next.push_back(arith::ConstantIntOp::create(bb, bloc, 1, 1));
              return next;
            });
        for (auto [partial, result] :
             llvm::zip(partials, ValueRange(nest.results).drop_back()))
          memref::StoreOp::create(nb, nloc, result, partial, chunk);
        memref::StoreOp::create(nb, nloc, nest.results.back(), filled, chunk);
      });
  chunkLoop->setAttr(chunkLoopAttr, b.getUnitAttr());

  auto combineLoop = scf::ForOp::create(
      b, loc, zero, chunks, one, loop.getInitVals(),
      [&](OpBuilder &nb, Location nloc, Value chunk, ValueRange accs) {
        Value has = memref::LoadOp::create(nb, nloc, filled, chunk);
        SmallVector<Value> next;
        for (auto [i, acc] : llvm::enumerate(accs)) {
          Value partial = memref::LoadOp::create(nb, nloc, partials[i], chunk);
          next.push_back(combineIf(nb, nloc, has, reduce.getReductions()[i],
                                   acc, partial, acc));
        }
        scf::YieldOp::create(nb, nloc, next);
      });
  for (Value buffer : partials)
    memref::DeallocOp::create(b, loc, buffer);
  memref::DeallocOp::create(b, loc, filled);
  loop.replaceAllUsesWith(combineLoop.getResults());
  loop.erase();
}

struct ParallelizeHostLoopsPass
    : public mlirc::impl::ParallelizeHostLoopsBase<ParallelizeHostLoopsPass> {
  void getDependentDialects(DialectRegistry &registry) const override {
    registry.insert<arith::ArithDialect, async::AsyncDialect, func::FuncDialect,
                    memref::MemRefDialect, scf::SCFDialect, ub::UBDialect>();
  }

  void runOnOperation() override {
    lowerAffineParallelLoops();
    // The outermost loops with reductions: a chunk runs those inside.
    SmallVector<scf::ParallelOp> reducing;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      auto loop = dyn_cast<scf::ParallelOp>(op);
      if (!loop || loop.getNumResults() == 0)
        return WalkResult::advance();
      reducing.push_back(loop);
      return WalkResult::skip();
    });
    for (scf::ParallelOp loop : reducing)
      splitReductions(loop);
    // The loops without reductions, the chunk loops among them.
    SmallVector<Operation *> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (auto loop = dyn_cast<scf::ParallelOp>(op))
        if (loop.getNumResults() == 0)
          loops.push_back(op);
      return WalkResult::advance();
    });
    if (loops.empty())
      return;
    RewritePatternSet patterns(&getContext());
    async::populateAsyncParallelForPatterns(
        patterns, /*asyncDispatch=*/true, /*numWorkerThreads=*/-1,
        [](ImplicitLocOpBuilder b, scf::ParallelOp loop) -> Value {
          return arith::ConstantIndexOp::create(
              b, loop->hasAttr(chunkLoopAttr) ? 1 : minChunkIterations);
        });
    if (failed(mlirc::applyOpPatternsWithBound(
            loops, std::move(patterns), getArgument(),
            GreedyRewriteStrictness::ExistingOps)))
      signalPassFailure();
  }

  /// Host affine.parallel loops as the scf.parallel loops (with their
  /// reductions) that MLIR's affine lowering makes of them, so that they
  /// run in parallel too; the affine ops in them with them (their indices
  /// are no affine dimensions any more), the rest of affine later.
  void lowerAffineParallelLoops() {
    SmallVector<Operation *> loops;
    getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (isa<gpu::GPUModuleOp, gpu::LaunchOp>(op))
        return WalkResult::skip();
      if (!isa<affine::AffineParallelOp>(op))
        return WalkResult::advance();
      op->walk<WalkOrder::PreOrder>([&](Operation *inner) {
        if (isa<affine::AffineDialect>(inner->getDialect()))
          loops.push_back(inner);
      });
      return WalkResult::skip();
    });
    if (loops.empty())
      return;
    // All of lower-affine's patterns: every affine op has one.
    RewritePatternSet patterns(&getContext());
    populateAffineToStdConversionPatterns(patterns);
    populateAffineToVectorConversionPatterns(patterns);
    affine::populateAffineExpandIndexOpsPatterns(patterns);
    if (failed(mlirc::applyOpPatternsWithBound(
            loops, std::move(patterns), getArgument(),
            GreedyRewriteStrictness::ExistingOps)))
      signalPassFailure();
  }
};

} // namespace
