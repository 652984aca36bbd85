//===- GpuModuleLowering.cpp - What every GPU unit's lowering shares ------===//

#include "pipeline/GpuModuleLowering.h"
#include "pipeline/Passes.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlirc;

/// Folds what the ranges of values, from the launch limits and known
/// sizes, decide (comparisons, constants) and, when \p narrow, computes
/// index arithmetic in 32 bits where they prove it fits, with the no-wrap
/// flags that let LLVM move its extensions; per function, after scf loops
/// (whose bounds the analysis reads) and before they become cf.
static void addIndexNarrowing(OpPassManager &pm, bool narrow) {
  arith::ArithIntRangeNarrowingOptions narrowing;
  narrowing.bitwidthsSupported = {32};
  for (OpPassManager *function :
       {&pm.nest<gpu::GPUFuncOp>(), &pm.nest<func::FuncOp>()}) {
    function->addPass(arith::createIntRangeOptimizationsPass());
    if (!narrow)
      continue;
    function->addPass(arith::createArithIntRangeNarrowing(narrowing));
    function->addPass(createInferOverflowFlags());
  }
}

void mlirc::addIdBounds(OpPassManager &pm,
                        const GpuModuleLoweringOptions &options) {
  BoundGpuIdsOptions bounds;
  bounds.blockLimits.assign(std::begin(options.maxBlockSize),
                            std::end(options.maxBlockSize));
  bounds.gridLimits.assign(std::begin(options.maxGridSize),
                           std::end(options.maxGridSize));
  bounds.maxThreadsPerBlock = options.maxThreadsPerBlock;
  pm.addPass(createBoundGpuIds(bounds));
}

void mlirc::addComplexVectorAffineLowering(OpPassManager &pm) {
  // complex ops as arith and math on their parts, the rest (create, re,
  // im) as LLVM structs.
  pm.addPass(createConvertComplexToStandardPass());
  pm.addPass(createConvertComplexToLLVMPass());
  pm.addPass(createLowerVectorOps());
  // vector-to-scf and expand-strided-metadata emit affine.apply: lower
  // affine after both.
  pm.addPass(createConvertVectorToSCFPass());
  pm.addPass(createElementwiseVectorAccesses());
  pm.addPass(createExpandReshapes());
  pm.addPass(createExpandShapesAsCasts());
  pm.addPass(memref::createExpandStridedMetadataPass());
  pm.addPass(createLowerAffinePass());
}

void mlirc::populateGpuModulePreLowering(
    OpPassManager &pm, const GpuModuleLoweringOptions &options) {
  addIdBounds(pm, options);
  // After the bounds, which read --gpu-max-threads-per-block's attribute.
  pm.addPass(createMaxThreadsPerBlock({options.intrinsicDialect}));
  pm.addPass(createExpandGpuOps(
      {options.subgroupSize, options.vendor, options.reduxSync}));
  pm.addPass(createFloatGenericAtomics());
  pm.addPass(createDirectedRounding());
  // f8 and smaller floats compute in f32; their math then expands as f32's.
  pm.addPass(createExpandSmallFloats());
  pm.addPass(createExpandMathOps({/*splitSincos=*/true}));
  // math.ipowi as calls; math.fpowi becomes the vendor library's pown.
  pm.addPass(createOutlineMathOps());
  pm.addPass(createVectorPrintAsPrintf());
  pm.addPass(createCopiesToLoops());
  pm.addPass(createPrivateAllocsOnStack());
  addComplexVectorAffineLowering(pm);
  pm.addPass(createLowerVectorOps({/*transfersOnly=*/true}));
  if (options.countLoopTrips)
    pm.addPass(createCountLoopTrips({options.countConstantStepsOnly}));
  addIndexNarrowing(pm, options.narrowIndexArithmetic);
  pm.addPass(createSCFToControlFlowPass());
}

void mlirc::populateGpuModulePostLowering(OpPassManager &pm) {
  // Math ops the vendor conversion left as they were (on NVIDIA: integer
  // ones, trunc) as LLVM intrinsics, which every GPU back end selects.
  pm.addPass(createConvertMathToLLVMPass());
  // 1-D vector transfers: the gpu conversions leave them, and lowering
  // them creates arith ops.
  pm.addPass(createConvertVectorToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createUBToLLVMConversionPass());
  addCanonicalizerPerFunction(pm);
  pm.addPass(createCSEPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  // The input's unrolling and vectorization hints on its kernels' loops.
  pm.addPass(createMoveLoopAnnotations());
  pm.addPass(createCheckLowered());
}
