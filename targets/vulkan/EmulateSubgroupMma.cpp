//===- EmulateSubgroupMma.cpp - Tensor-core ops on Vulkan -----------------===//
//
// The matrices are emulated for subgroups of 32 threads (matrixSubgroupSize)
// on any device; a function that uses them counts its lanes and subgroups
// so too, so that the tile a program picks by gpu.subgroup_id is the one
// its subgroup's matrices hold (lavapipe's subgroups have 8 lanes).
//
//===----------------------------------------------------------------------===//

#include "pipeline/EmulateSubgroupMma.h"
#include "pipeline/MmaMatrixConversion.h"
#include "targets/vulkan/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

namespace mlirc {
#define GEN_PASS_DEF_EMULATESUBGROUPMMA
#include "targets/vulkan/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// Lane and subgroup ids and sizes in \p function as subgroups of
/// matrixSubgroupSize consecutive threads.
void countMatrixSubgroups(FunctionOpInterface function) {
  SmallVector<Operation *> ops;
  function.walk([&](Operation *op) {
    if (isa<gpu::LaneIdOp, gpu::SubgroupIdOp, gpu::SubgroupSizeOp,
            gpu::NumSubgroupsOp>(op))
      ops.push_back(op);
  });
  for (Operation *op : ops) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    Value width =
        arith::ConstantIndexOp::create(b, loc, mlirc::matrixSubgroupSize);
    Value value;
    if (isa<gpu::SubgroupSizeOp>(op)) {
      value = width;
    } else if (isa<gpu::NumSubgroupsOp>(op)) {
      Value threads = arith::MulIOp::create(
          b, loc, gpu::BlockDimOp::create(b, loc, gpu::Dimension::x),
          arith::MulIOp::create(
              b, loc, gpu::BlockDimOp::create(b, loc, gpu::Dimension::y),
              gpu::BlockDimOp::create(b, loc, gpu::Dimension::z)));
      value = arith::CeilDivUIOp::create(b, loc, threads, width);
    } else {
      Value linear = mlirc::buildLinearThreadId(b, loc);
      if (isa<gpu::LaneIdOp>(op))
        value = arith::RemUIOp::create(b, loc, linear, width);
      else
        value = arith::DivUIOp::create(b, loc, linear, width);
    }
    op->getResult(0).replaceAllUsesWith(value);
    op->erase();
  }
}

struct EmulateSubgroupMma
    : public mlirc::impl::EmulateSubgroupMmaBase<EmulateSubgroupMma> {
  void runOnOperation() override {
    SmallVector<FunctionOpInterface> withMatrices;
    for (auto function : getOperation().getOps<FunctionOpInterface>()) {
      WalkResult found = function.walk([](Operation *op) {
        return mlirc::hasMmaMatrices(op) ? WalkResult::interrupt()
                                         : WalkResult::advance();
      });
      if (found.wasInterrupted())
        withMatrices.push_back(function);
    }
    if (failed(mlirc::emulateSubgroupMma(getOperation(), "Vulkan")))
      return signalPassFailure();
    for (FunctionOpInterface function : withMatrices)
      countMatrixSubgroups(function);
  }
};

} // namespace
