//===- OpenMPIfAsBranches.cpp - omp.parallel if(c) for every libomp -------===//
//
// LLVM's OpenMP translation calls __kmpc_fork_call_if for a parallel region
// with an if clause, an entry point libomp has only since LLVM 17. A branch
// between the region as it is and the region with a team of one thread
// (what a false if makes) calls __kmpc_fork_call, which every libomp has.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlirc {
#define GEN_PASS_DEF_OPENMPIFASBRANCHES
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct OpenMPIfAsBranchesPass
    : public mlirc::impl::OpenMPIfAsBranchesBase<OpenMPIfAsBranchesPass> {
  void runOnOperation() override {
    // Post-order: an inner region is split before the outer one is copied.
    SmallVector<omp::ParallelOp> parallels;
    getOperation()->walk([&](omp::ParallelOp parallel) {
      // A composite construct's parallel is one of its wrappers.
      if (parallel.getIfExpr() && !parallel.isComposite())
        parallels.push_back(parallel);
    });
    for (omp::ParallelOp parallel : parallels) {
      Location loc = parallel.getLoc();
      OpBuilder builder(parallel);
      auto branch = scf::IfOp::create(builder, loc, parallel.getIfExpr(),
                                      /*withElseRegion=*/true);
      auto serial = cast<omp::ParallelOp>(parallel->clone());
      parallel->moveBefore(branch.thenBlock()->getTerminator());
      parallel.getIfExprMutable().clear();

      builder.setInsertionPoint(branch.elseBlock()->getTerminator());
      Value threads = serial.getNumThreads();
      Type type = threads ? threads.getType() : builder.getI32Type();
      Value one = arith::ConstantOp::create(builder, loc,
                                            builder.getIntegerAttr(type, 1));
      builder.insert(serial);
      serial.getIfExprMutable().clear();
      serial.getNumThreadsMutable().assign(one);
    }
  }
};

} // namespace
