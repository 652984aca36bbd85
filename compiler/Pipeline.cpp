//===- Pipeline.cpp - mlirc's pass pipeline, one function per phase -------===//
//
// The order follows what MLIR's GPU lowering needs: async regions before any
// host conversion (else gpu.alloc/memcpy stay unconverted), device lowering
// per gpu.module and target unit, serialization, then host lowering down to
// the LLVM dialect.
//
//===----------------------------------------------------------------------===//

#include "compiler/Pipeline.h"
#include "compiler/Passes.h"
#include "pipeline/GpuModuleLowering.h"
#include "pipeline/Passes.h"
#include "targets/TargetUnit.h"

#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Async/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlirc;

void mlirc::registerPipelineDialects(
    DialectRegistry &registry, const std::vector<const TargetUnit *> &units) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllToLLVMIRTranslations(registry);
  for (const TargetUnit *unit : units)
    unit->registerDialects(registry);
}

/// The same for a module and the gpu.modules in it.
static void addModuleCanonicalizer(OpPassManager &pm) {
  addCanonicalizerPerFunction(pm);
  addCanonicalizerPerFunction(pm.nest<gpu::GPUModuleOp>());
}

/// The fast-math flags of \p flags that make infinities and NaNs undefined
/// (\p finite = true), or the others.
static std::string getFastMathFlags(StringRef flags, bool finite) {
  SmallVector<StringRef> names, kept;
  flags.split(names, ',', -1, /*KeepEmpty=*/false);
  for (StringRef name : names)
    if ((name == "nnan" || name == "ninf") == finite)
      kept.push_back(name);
  return llvm::join(kept, ",");
}

void mlirc::populateBufferizePasses(OpPassManager &pm,
                                    const PipelineOptions &options) {
  // The fast-math flags that make infinities and NaNs undefined go to the
  // float ops of the input, before MLIR's lowerings add ops that rely on
  // them: a max reduction starts from -inf (linalg.softmax printed NaN
  // under -ffast-math). The other flags go to every float op later.
  std::string finite = getFastMathFlags(options.fastMath, /*finite=*/true);
  if (!finite.empty())
    pm.addPass(createContractFloatOps({/*device=*/"off", /*host=*/"off",
                                       /*fastMath=*/finite}));
  // A schedule rewrites the input before anything else looks at it.
  pm.addPass(createApplyTransformSchedule(
      {options.transformLibrary, options.transformEntryPoint}));
  pm.addPass(createLowerTosa());
  pm.addPass(createLowerShape());
  pm.addPass(createCheckInputPass(options.units));
  pm.addPass(createExpressUnbufferizableTensorOps());
  // MLIR's runtime op verification sees the ops as written, tensors too.
  if (options.ubChecks.runtimeVerification)
    pm.addPass(createGenerateRuntimeVerificationPass());
  // Before buffer deallocation, which takes no realloc.
  pm.addPass(createExpandRealloc());
  // Folds truncations of constant tensors while they are constants.
  pm.addPass(createDirectedRounding());
  pm.addPass(createBufferizeTensors());
}

/// True when every requested target compiles the subgroup MMA ops that
/// uniform vector contractions become.
static bool compileSubgroupMma(const PipelineOptions &options) {
  return llvm::all_of(options.units, [&](const TargetUnit *unit) {
    return unit->compilesSubgroupMma(getTargetsOf(options.targets, *unit));
  });
}

void mlirc::populateOutlinePasses(OpPassManager &pm,
                                  const PipelineOptions &options) {
  pm.addPass(createCheckPrebuiltBinariesPass(options.targets));
  pm.addPass(createIndexDivisionsAsArith());
  // linalg on memrefs, in host code and kernels alike, as loops.
  pm.addPass(createLowerLinalgToLoops());
  // scf.parallel loops that say which GPU ids they run on (a
  // #gpu.loop_dim_map mapping) become kernels, as MLIR's
  // convert-parallel-loops-to-gpu makes them; unmapped ones stay host code.
  pm.addPass(createConvertParallelLoopToGpuPass());
  // Constants and dims that a gpu.launch body uses go inside it before it
  // is outlined; MLIR 22's outlining passes them as kernel arguments
  // otherwise, and the kernel loses what they fold (constant loop bounds,
  // strides).
  pm.addPass(createGpuLaunchSinkIndexComputationsPass());
  pm.addPass(createZeroSizedSharedGlobals());
  pm.addPass(createGpuKernelOutliningPass());
  pm.addNestedPass<gpu::GPUModuleOp>(createWorkgroupAllocs());
  pm.addPass(createUniqueKernelNames({options.programId}));
  pm.addPass(createMergeGpuModules());
  pm.addPass(createDropKernelMemoryGlobals());
  pm.addPass(createParallelizeHostLoops());
  pm.addNestedPass<func::FuncOp>(createAsyncRegion());
  pm.addPass(createSyncHostSharedAllocs());
  pm.addPass(createMergeAsyncDependencies());
  pm.addPass(createSpecializeKernelArguments());
  pm.addPass(createLaunchBounds({options.maxThreadsPerBlock}));
  pm.addNestedPass<gpu::GPUModuleOp>(createLowerWarpExecute());
  if (compileSubgroupMma(options))
    pm.addNestedPass<gpu::GPUModuleOp>(createVectorToSubgroupMma());
  pm.addPass(createContractFloatOps(
      {options.deviceFPContract, options.hostFPContract,
       getFastMathFlags(options.fastMath, /*finite=*/false)}));
  addModuleCanonicalizer(pm);
}

/// True when some unit of \p options lowers and serializes gpu.modules.
static bool hasDeviceModules(const PipelineOptions &options) {
  return llvm::any_of(options.units, [](const TargetUnit *unit) {
    return unit->hasDeviceModules();
  });
}

void mlirc::populateDevicePasses(OpPassManager &pm,
                                 const PipelineOptions &options) {
  bool gpu = hasDeviceModules(options);
  for (const TargetUnit *unit : options.units)
    if (!unit->hasDeviceModules())
      unit->populateDevicePasses(pm, getTargetsOf(options.targets, *unit), gpu);
  if (!gpu)
    return;
  pm.addPass(createAttachTargetsPass(options.units, options.targets,
                                     options.optLevel));
  for (const TargetUnit *unit : options.units) {
    if (!unit->hasDeviceModules())
      continue;
    pm.addPass(createLowerTargetModulesPass(
        unit, getTargetsOf(options.targets, *unit)));
  }
  pm.addPass(createDropUnusedKernelArguments());
  // Device line info: debug scopes on the device functions (in every
  // gpu.module), as directives only (.loc/.file in PTX): ptxas takes line
  // info with optimization (-lineinfo), full debug info only without.
  if (options.debugInfo)
    pm.addPass(createDeviceLineInfo());
  pm.addPass(createInternalizeDeviceSymbols());
}

void mlirc::populateBinaryPasses(OpPassManager &pm,
                                 const PipelineOptions &options) {
  if (hasDeviceModules(options))
    pm.addPass(createSerializeDeviceModulesPass(options.units,
                                                options.deviceIRCallback));
}

void mlirc::populateHostPasses(OpPassManager &pm,
                               const PipelineOptions &options) {
  for (const TargetUnit *unit : options.units)
    unit->populateHostPreLowering(pm);
  pm.addPass(createDropHostMemorySpaces());
  pm.addPass(createOpenMPIfAsBranches());
  pm.addPass(createOpenMPAtomicMemRefs());
  addComplexVectorAffineLowering(pm);
  // What remains to check is in memref, vector and arith ops now.
  if (options.ubChecks.any())
    pm.addPass(createInstrumentUndefinedBehaviorPass(options.ubChecks));
  // Before the small floats become APFloat calls, which round to nearest.
  pm.addPass(createDirectedRounding());
  pm.addPass(createSmallFloatsToAPFloat());
  pm.addPass(createFloatGenericAtomics());
  pm.addPass(createExpandMathOps({/*splitSincos=*/false,
                                  /*hostLibm=*/true}));
  // math.ipowi as calls; math.fpowi becomes LLVM's powi below.
  pm.addPass(createOutlineMathOps());
  // After the passes above, which make f16 and bf16 ops of their own.
  // With conversions in hardware, their fused multiply-adds still.
  const HalfFloatConversions &hardware = options.hostConversions;
  pm.addPass(createExpandHalfFloats({!hardware.f16, !hardware.bf16}));
  pm.addPass(createOutlineTaskBodies());
  pm.addPass(createLoopAllocationScopes());
  pm.addPass(createSCFToControlFlowPass());
  pm.addPass(
      createLowerHostAsserts({/*verificationRecover=*/options.ubChecks.recover,
                              /*verificationTrap=*/options.ubChecks.trap}));
  // The x86vector and amx dialects too: host code is for the x86-64 CPU
  // mlirc runs on (-march says which of their instructions it has).
  ConvertVectorToLLVMPassOptions vectorOptions;
  vectorOptions.x86Vector = true;
  vectorOptions.amx = true;
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  // LLVM intrinsics where they exist (fma, sqrt, exp, ...), libm calls for
  // the rest (erf, tanh, ...).
  pm.addPass(createConvertMathToLLVMPass());
  pm.addPass(createConvertMathToLibmPass());
  // The vectors math-to-libm puts together from the calls on each element.
  pm.addPass(createConvertVectorToLLVMPass(vectorOptions));
  pm.addPass(createConvertFuncToLLVMPass());
  pm.addPass(createArithToLLVMConversionPass());
  pm.addPass(createConvertIndexToLLVMPass());
  pm.addPass(createUBToLLVMConversionPass());
  addModuleCanonicalizer(pm);
  pm.addPass(createCSEPass());
  pm.addPass(createBranchGpuEvents());
  pm.addPass(createYieldGpuEvents());
  pm.addPass(createHostGpuToLLVM());
  pm.addPass(createLowerLaunchesToRuntime());
  for (const TargetUnit *unit : options.units)
    unit->populateHostPasses(pm);
  // The async dialect (async.execute, async.await, groups, and the host
  // loops made parallel) as coroutines calling the async runtime; after
  // the host's LLVM conversion, which converts the GPU tokens async values
  // carry.
  pm.addPass(createLowerAsync({/*verificationRecover=*/options.ubChecks.recover,
                               /*verificationTrap=*/options.ubChecks.trap}));
  // Their reference counts and error checks are arith and cf: one
  // conversion for what is left, not one walk of the whole module per
  // dialect (each grew faster than the module).
  ConvertToLLVMPassOptions rest;
  rest.filterDialects = {"arith", "math", "memref", "cf", "func"};
  pm.addPass(createConvertToLLVMPass(rest));
  // OpenMP's ops stay for the translation to LLVM IR, which outlines their
  // regions into calls to libomp; here their operands, results and region
  // arguments become LLVM types.
  pm.addPass(createConvertOpenMPToLLVMPass());
  pm.addPass(createReconcileUnrealizedCastsPass());
  pm.addPass(createMoveLoopAnnotations());
  addModuleCanonicalizer(pm);
  pm.addPass(createCSEPass());
  pm.addPass(createCheckLowered());
  if (options.debugInfo)
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
}
