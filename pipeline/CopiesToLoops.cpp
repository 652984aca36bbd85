//===- CopiesToLoops.cpp - memref.copy in kernels as loop nests -----------===//

#include "pipeline/CopiesToLoops.h"
#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlirc {
#define GEN_PASS_DEF_COPIESTOLOOPS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

/// Every element of the copy's source stored into its target.
static void lowerCopy(memref::CopyOp copy) {
  OpBuilder b(copy);
  Location loc = copy.getLoc();
  Value source = copy.getSource(), target = copy.getTarget();
  auto type = cast<MemRefType>(source.getType());
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  SmallVector<Value> sizes, lows, steps;
  for (int64_t dim = 0; dim < type.getRank(); ++dim) {
    // A static size as the constant it is: a memref.dim would be one more
    // use of the memory than its loads and stores (Vulkan's private arrays
    // take only those).
    sizes.push_back(type.isDynamicDim(dim)
                        ? Value(memref::DimOp::create(b, loc, source, dim))
                        : Value(arith::ConstantIndexOp::create(
                              b, loc, type.getDimSize(dim))));
    lows.push_back(zero);
    steps.push_back(one);
  }
  scf::buildLoopNest(b, loc, lows, sizes, steps,
                     [&](OpBuilder &inner, Location, ValueRange ivs) {
                       Value value =
                           memref::LoadOp::create(inner, loc, source, ivs);
                       memref::StoreOp::create(inner, loc, value, target, ivs);
                     });
  copy.erase();
}

void mlirc::lowerCopiesToLoops(Operation *root) {
  SmallVector<memref::CopyOp> copies;
  root->walk([&](memref::CopyOp copy) {
    if (isa<MemRefType>(copy.getSource().getType()))
      copies.push_back(copy);
  });
  for (memref::CopyOp copy : copies)
    lowerCopy(copy);
}

namespace {
struct CopiesToLoopsPass
    : public mlirc::impl::CopiesToLoopsBase<CopiesToLoopsPass> {
  void runOnOperation() override { mlirc::lowerCopiesToLoops(getOperation()); }
};
} // namespace
