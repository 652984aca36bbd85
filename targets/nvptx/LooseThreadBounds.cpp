//===- LooseThreadBounds.cpp - .maxntid only where it bounds registers ----===//
//
// A kernel launched with one constant block size is compiled for it
// (known_block_size, which MLIR's NVVM lowering makes .maxntid). ptxas in
// relocatable mode (-c, which linking device code across objects needs)
// reads a .maxntid of at most 256 threads as leave to use up to 255
// registers, unrolling loops for latency at the cost of occupancy (the
// tiled matmul: 115 registers against 32, 1.7 times nvcc's time). Such a
// bound constrains nothing, since 255 registers for 256 threads fit the
// register file, so it goes; the runtime still checks launches against
// the known size. --gpu-max-threads-per-block's bound stays as given.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"

namespace mlirc {
#define GEN_PASS_DEF_LOOSETHREADBOUNDS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

/// The most threads for which 255 registers each fit 64K registers.
constexpr int64_t unboundedThreads = 256;

struct LooseThreadBoundsPass
    : public mlirc::impl::LooseThreadBoundsBase<LooseThreadBoundsPass> {
  void runOnOperation() override {
    for (auto func : getOperation().getOps<LLVM::LLVMFuncOp>()) {
      auto known = func->getAttrOfType<DenseI32ArrayAttr>(
          gpu::GPUDialect::KnownBlockSizeAttrHelper::getNameStr());
      auto bound = func->getAttrOfType<DenseI32ArrayAttr>("nvvm.maxntid");
      if (!known || !bound || bound != known)
        continue;
      int64_t threads = 1;
      for (int32_t size : known.asArrayRef())
        threads *= size;
      if (threads <= unboundedThreads)
        func->removeAttr("nvvm.maxntid");
    }
  }
};

} // namespace
