//===- MaxThreadsPerBlock.cpp - The thread bound as each backend takes it -===//
//
// mlirc.max_threads_per_block (--gpu-max-threads-per-block, for kernels
// whose block size is not known) as NVVM's maxntid or AMD's flat
// work-group size, which MLIR's lowerings carry to the backends.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_MAXTHREADSPERBLOCK
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct MaxThreadsPerBlockPass
    : public mlirc::impl::MaxThreadsPerBlockBase<MaxThreadsPerBlockPass> {
  using MaxThreadsPerBlockBase::MaxThreadsPerBlockBase;

  void runOnOperation() override {
    Builder b(&getContext());
    getOperation().walk([&](gpu::GPUFuncOp kernel) {
      auto bound =
          kernel->getAttrOfType<IntegerAttr>("mlirc.max_threads_per_block");
      if (!bound)
        return;
      int32_t threads = bound.getInt();
      kernel->removeAttr("mlirc.max_threads_per_block");
      if (kernel.getKnownBlockSize())
        return;
      if (vendor == "nvvm")
        kernel->setAttr("nvvm.maxntid",
                        b.getDenseI32ArrayAttr({threads, 1, 1}));
      else if (vendor == "rocdl")
        kernel->setAttr("rocdl.flat_work_group_size",
                        b.getStringAttr("1," + std::to_string(threads)));
    });
  }
};

} // namespace
