//===- Pipeline.cpp - mlirc's pass pipeline, one function per phase -------===//
//
// The order follows what MLIR's GPU lowering needs: async regions before any
// host conversion (else gpu.alloc/memcpy stay unconverted), device lowering
// per gpu.module, serialization, then host lowering down to the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "pipeline/Pipeline.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlirc;

void mlirc::registerPipelineDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  NVVM::registerNVVMTargetInterfaceExternalModels(registry);
}

void mlirc::populateOutlinePasses(OpPassManager &pm,
                                  const PipelineOptions &options) {
  pm.addPass(createGpuKernelOutliningPass());
  pm.addPass(createUniqueKernelNamesPass(options.programId));
  pm.addNestedPass<func::FuncOp>(createGpuAsyncRegionPass());
  pm.addPass(createMergeAsyncDependenciesPass());
  pm.addPass(createCanonicalizerPass());
}

void mlirc::populateDevicePasses(OpPassManager &pm,
                                 const PipelineOptions &options) {
  bool nvidia = hasVendor(options.targets, OffloadTarget::Vendor::NVIDIA);
  if (hasVendor(options.targets, OffloadTarget::Vendor::Host)) {
    // Block functions place barriers in scf loops and branches: affine
    // ones become scf first.
    pm.nest<gpu::GPUModuleOp>().addPass(createLowerAffinePass());
    pm.addPass(createLowerKernelsToHostPass(/*keepDeviceBodies=*/nvidia));
  }
  if (!nvidia) {
    // The emptied kernels stay until the launches are lowered, for the
    // launches' verifier; lowering them gives them the signature the
    // launches have after gpu-to-llvm.
    pm.nest<gpu::GPUModuleOp>().addPass(createConvertGpuOpsToNVVMOps());
    return;
  }
  pm.addPass(createAttachTargetsPass(options.targets, options.optLevel));
  OpPassManager &gpm = pm.nest<gpu::GPUModuleOp>();
  gpm.addPass(createExpandGpuOpsPass());
  // vector-to-scf and expand-strided-metadata emit affine.apply: lower
  // affine after both.
  gpm.addPass(createConvertVectorToSCFPass());
  gpm.addPass(memref::createExpandStridedMetadataPass());
  gpm.addPass(createLowerAffinePass());
  gpm.addPass(createSCFToControlFlowPass());
  gpm.addPass(createConvertGpuOpsToNVVMOps());
  // 1-D vector transfers: convert-gpu-to-nvvm leaves them, and lowering
  // them creates arith ops.
  gpm.addPass(createConvertVectorToLLVMPass());
  gpm.addPass(createArithToLLVMConversionPass());
  gpm.addPass(createCanonicalizerPass());
  gpm.addPass(createCSEPass());
  gpm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createInternalizeDeviceSymbolsPass());
}

void mlirc::populateBinaryPasses(OpPassManager &pm,
                                 const PipelineOptions &options) {
  if (!hasVendor(options.targets, OffloadTarget::Vendor::NVIDIA))
    return;
  // PTX in-process; ptxas and fatbinary run from mlirc's job list so that
  // -### and -v see them and cubins come out relocatable.
  GpuModuleToBinaryPassOptions binaryOptions;
  binaryOptions.toolkitPath = options.cudaPath;
  binaryOptions.compilationTarget = options.deviceFormat;
  pm.addPass(createGpuModuleToBinaryPass(binaryOptions));
}

void mlirc::populateHostPasses(OpPassManager &pm,
                               const PipelineOptions &options) {
  // vector-to-scf and expand-strided-metadata emit affine.apply: lower
  // affine after both.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(createConvertVectorToLLVMPass());
  // LLVM intrinsics where they exist (fma, sqrt, exp, ...), libm calls for
  // the rest (erf, tanh, ...).
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  pm.addPass(createGpuToLLVMConversionPass());
  pm.addPass(createLowerLaunchesToRuntimePass());
  pm.addPass(createRegisterHostKernelsPass());
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createFinalizeMemRefToLLVMConversionPass());
  pm.addPass(createConvertControlFlowToLLVMPass());
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createMoveLoopAnnotationsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}
