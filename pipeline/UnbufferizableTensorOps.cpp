//===- UnbufferizableTensorOps.cpp - Tensor ops as ops that bufferize ----===//
//
// MLIR 22's bufferization has no rule for tensor.gather, tensor.scatter and
// tensor.bitcast; mlirc writes them with ops that have one, before runtime
// op verification, which then checks every element they move.
//
// A gather's result and a scatter's source are the indices' leading
// (batch) dimensions, then the other tensor's dimensions, where the
// gathered or scattered ones are 1 or, in the rank-reduced form, absent.
// Element by element: the batch position picks a row of the indices,
// whose k-th entry is the coordinate in the k-th gathered (scattered)
// dimension; the other dimensions follow the remaining positions.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlirc {
#define GEN_PASS_DEF_EXPRESSUNBUFFERIZABLETENSOROPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The coordinates in the gathered-from (scattered-into) tensor of rank
/// \p rank for the element at \p position of the gathered (scattered)
/// tensor.
SmallVector<Value> getCoordinates(OpBuilder &b, Location loc, Value indices,
                                  ArrayRef<int64_t> dims, int64_t rank,
                                  ValueRange position) {
  auto indicesType = cast<RankedTensorType>(indices.getType());
  int64_t batch = indicesType.getRank() - 1;
  bool reduced = static_cast<int64_t>(position.size()) != batch + rank;
  SmallVector<Value> row(position.take_front(batch));
  row.push_back(Value());
  SmallVector<Value> coordinates;
  int64_t next = batch;
  for (int64_t dim = 0; dim < rank; ++dim) {
    const int64_t *found = llvm::find(dims, dim);
    if (found == dims.end()) {
      coordinates.push_back(position[next++]);
      continue;
    }
    if (!reduced)
      ++next;
    row.back() = arith::ConstantIndexOp::create(b, loc, found - dims.begin());
    Value index = tensor::ExtractOp::create(b, loc, indices, row);
    if (!index.getType().isIndex())
      index = arith::IndexCastOp::create(b, loc, b.getIndexType(), index);
    coordinates.push_back(index);
  }
  return coordinates;
}

/// The extents of \p shaped's dimensions, constants where static.
SmallVector<Value> getExtents(OpBuilder &b, Location loc, Value shaped) {
  SmallVector<Value> extents;
  auto type = cast<RankedTensorType>(shaped.getType());
  for (int64_t dim = 0; dim < type.getRank(); ++dim)
    extents.push_back(
        type.isDynamicDim(dim)
            ? tensor::DimOp::create(b, loc, shaped, dim).getResult()
            : arith::ConstantIndexOp::create(b, loc, type.getDimSize(dim))
                  .getResult());
  return extents;
}

void expressGather(tensor::GatherOp gather) {
  OpBuilder b(gather);
  Location loc = gather.getLoc();
  RankedTensorType resultType = gather.getResultType();
  Value source = gather.getSource(), indices = gather.getIndices();
  auto indicesType = cast<RankedTensorType>(indices.getType());
  int64_t batch = indicesType.getRank() - 1;
  int64_t rank = gather.getSourceType().getRank();
  bool reduced = resultType.getRank() != batch + rank;
  // The result's dynamic extents: batch ones from the indices, the others
  // from the source dimension each follows.
  SmallVector<Value> dynamic;
  SmallVector<int64_t> kept;
  for (int64_t dim = 0; dim < rank; ++dim)
    if (!reduced || !llvm::is_contained(gather.getGatherDims(), dim))
      kept.push_back(dim);
  for (int64_t dim = 0; dim < resultType.getRank(); ++dim) {
    if (!resultType.isDynamicDim(dim))
      continue;
    if (dim < batch)
      dynamic.push_back(tensor::DimOp::create(b, loc, indices, dim));
    else
      dynamic.push_back(
          tensor::DimOp::create(b, loc, source, kept[dim - batch]));
  }
  auto generate = tensor::GenerateOp::create(
      b, loc, resultType, dynamic,
      [&](OpBuilder &nested, Location nestedLoc, ValueRange position) {
        SmallVector<Value> at = getCoordinates(
            nested, nestedLoc, indices, gather.getGatherDims(), rank, position);
        tensor::YieldOp::create(
            nested, nestedLoc,
            tensor::ExtractOp::create(nested, nestedLoc, source, at)
                .getResult());
      });
  gather.replaceAllUsesWith(generate.getResult());
  gather.erase();
}

void expressScatter(tensor::ScatterOp scatter) {
  OpBuilder b(scatter);
  Location loc = scatter.getLoc();
  Value source = scatter.getSource(), indices = scatter.getIndices();
  int64_t rank = scatter.getDestType().getRank();
  SmallVector<Value> upper = getExtents(b, loc, source);
  SmallVector<Value> lower(upper.size(),
                           arith::ConstantIndexOp::create(b, loc, 0));
  SmallVector<Value> steps(upper.size(),
                           arith::ConstantIndexOp::create(b, loc, 1));
  scf::LoopNest nest = scf::buildLoopNest(
      b, loc, lower, upper, steps, ValueRange{scatter.getDest()},
      [&](OpBuilder &nested, Location nestedLoc, ValueRange position,
          ValueRange dest) -> scf::ValueVector {
        Value element =
            tensor::ExtractOp::create(nested, nestedLoc, source, position);
        SmallVector<Value> at =
            getCoordinates(nested, nestedLoc, indices, scatter.getScatterDims(),
                           rank, position);
        return {tensor::InsertOp::create(nested, nestedLoc, element,
                                         dest.front(), at)
                    .getResult()};
      });
  scatter.replaceAllUsesWith(nest.results.front());
  scatter.erase();
}

struct ExpressUnbufferizableTensorOpsPass
    : public mlirc::impl::ExpressUnbufferizableTensorOpsBase<
          ExpressUnbufferizableTensorOpsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<Operation *> ops;
    module.walk([&](Operation *op) {
      if (isa<tensor::GatherOp, tensor::ScatterOp, tensor::BitcastOp>(op))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      if (auto gather = dyn_cast<tensor::GatherOp>(op)) {
        expressGather(gather);
      } else if (auto scatter = dyn_cast<tensor::ScatterOp>(op)) {
        expressScatter(scatter);
      } else {
        // Elementwise, so convert-elementwise-to-linalg takes it.
        OpBuilder b(op);
        op->replaceAllUsesWith(arith::BitcastOp::create(
            b, op->getLoc(), op->getResultTypes(), op->getOperand(0)));
        op->erase();
      }
    }
  }
};

} // namespace
