//===- FlushDenormals.cpp - f32 denormals flushed in device code ----------===//
//
// -fgpu-flush-denormals-to-zero (and -ffast-math) as clang's CUDA and HIP
// give it: LLVM's per-function denormal mode, which NVPTX and AMDGPU turn
// into their flushing instructions and modes, and for NVIDIA libdevice's
// own switch (__nvvm_reflect("__CUDA_FTZ"), the nvvm-reflect-ftz flag).
//
//===----------------------------------------------------------------------===//

#include "pipeline/Passes.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"

namespace mlirc {
#define GEN_PASS_DEF_FLUSHDENORMALS
#include "pipeline/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct FlushDenormalsPass
    : public mlirc::impl::FlushDenormalsBase<FlushDenormalsPass> {
  using FlushDenormalsBase::FlushDenormalsBase;

  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    Builder b(&getContext());
    module.walk([&](LLVM::LLVMFuncOp func) {
      func.setDenormalFpMathF32Attr(
          b.getStringAttr("preserve-sign,preserve-sign"));
    });
    if (!reflectFtz)
      return;
    auto flag = LLVM::ModuleFlagAttr::get(
        &getContext(), LLVM::ModFlagBehavior::Override,
        b.getStringAttr("nvvm-reflect-ftz"), b.getI32IntegerAttr(1));
    OpBuilder builder = OpBuilder::atBlockBegin(module.getBody());
    LLVM::ModuleFlagsOp::create(builder, module.getLoc(),
                                b.getArrayAttr({flag}));
  }
};

} // namespace
