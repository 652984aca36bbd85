//===- LowerTmaDescriptors.cpp - TMA descriptors made in host code --------===//
//
// nvgpu.tma.create.descriptor is the one nvgpu op of host code: MLIR's own
// lowering makes it a call to the runtime (mgpuTensorMapEncodeTiledMemref,
// which encodes the tensor map and copies it to device memory) returning a
// pointer. The launches take that pointer where the kernel, lowered by
// nvgpu-to-nvvm, has a pointer parameter. gpu-to-llvm does not convert the
// descriptor type, so the launches are given the pointer here.
//
//===----------------------------------------------------------------------===//

#include "targets/nvptx/Passes.h"

#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/NVGPUToNVVM/NVGPUToNVVM.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/NVGPU/IR/NVGPUDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Transforms/DialectConversion.h"

namespace mlirc {
#define GEN_PASS_DEF_LOWERTMADESCRIPTORS
#define GEN_PASS_DEF_TMADESCRIPTORPARAMS
#include "targets/nvptx/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct LowerTmaDescriptorsPass
    : public mlirc::impl::LowerTmaDescriptorsBase<LowerTmaDescriptorsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    bool any = false;
    module.walk([&](nvgpu::TmaCreateDescriptorOp) { any = true; });
    if (!any)
      return;

    MLIRContext *context = &getContext();
    LLVMTypeConverter converter(context);
    converter.addConversion([](nvgpu::TensorMapDescriptorType type) -> Type {
      return LLVM::LLVMPointerType::get(type.getContext());
    });
    RewritePatternSet patterns(context);
    populateNVGPUToNVVMConversionPatterns(converter, patterns);
    ConversionTarget target(*context);
    target.addIllegalOp<nvgpu::TmaCreateDescriptorOp>();
    target.markUnknownOpDynamicallyLegal([](Operation *) { return true; });
    if (failed(applyPartialConversion(module, target, std::move(patterns))))
      return signalPassFailure();

    // What the conversion left: casts from the pointer back to the
    // descriptor type, for the launches and any other use.
    SmallVector<UnrealizedConversionCastOp> casts;
    module.walk([&](UnrealizedConversionCastOp cast) {
      if (cast->getNumResults() == 1 && cast->getNumOperands() == 1 &&
          isa<nvgpu::TensorMapDescriptorType>(cast.getResult(0).getType()))
        casts.push_back(cast);
    });
    for (UnrealizedConversionCastOp cast : casts) {
      Value pointer = cast.getOperand(0);
      for (OpOperand &use :
           llvm::make_early_inc_range(cast.getResult(0).getUses())) {
        if (!isa<gpu::LaunchFuncOp>(use.getOwner())) {
          use.getOwner()->emitError("a TMA descriptor (")
              << cast.getResult(0).getType() << ") cannot be used by '"
              << use.getOwner()->getName()
              << "' in host code: mlirc passes descriptors only to kernel "
                 "launches; create it in the function that launches the "
                 "kernel";
          return signalPassFailure();
        }
        use.set(pointer);
      }
      cast.erase();
    }
  }
};

/// Kernels take descriptors as pointers: gpu-to-nvvm cannot convert a
/// parameter of the descriptor type, and nvgpu-to-nvvm converts its uses
/// through the cast made here.
struct TmaDescriptorParamsPass
    : public mlirc::impl::TmaDescriptorParamsBase<TmaDescriptorParamsPass> {
  void runOnOperation() override {
    getOperation().walk([](gpu::GPUFuncOp func) {
      if (func.isExternal())
        return;
      Block &entry = func.getBody().front();
      OpBuilder builder = OpBuilder::atBlockBegin(&entry);
      Type pointer = LLVM::LLVMPointerType::get(func.getContext());
      bool changed = false;
      for (BlockArgument arg : entry.getArguments()) {
        Type type = arg.getType();
        if (!isa<nvgpu::TensorMapDescriptorType>(type))
          continue;
        arg.setType(pointer);
        auto cast = UnrealizedConversionCastOp::create(builder, arg.getLoc(),
                                                       type, arg);
        arg.replaceAllUsesExcept(cast.getResult(0), cast);
        changed = true;
      }
      if (changed)
        func.setFunctionType(
            FunctionType::get(func.getContext(), entry.getArgumentTypes(),
                              func.getFunctionType().getResults()));
    });
  }
};

} // namespace
