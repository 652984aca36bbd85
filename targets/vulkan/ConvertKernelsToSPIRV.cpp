//===- ConvertKernelsToSPIRV.cpp - A gpu.module's kernels as SPIR-V -------===//
//
// What MLIR's convert-gpu-to-spirv does for Vulkan, but on one gpu.module
// and with the spirv.module nested in it, where the #spirv.target_env's
// serialization looks for it (MLIR's pass puts Vulkan modules beside the
// gpu.module, for its own runner). Math goes to GLSL.std.450, and what
// cannot be converted is reported at the op, naming the Vulkan target,
// instead of as a legalization failure.
//
//===----------------------------------------------------------------------===//

#include "pipeline/BoundedRewrites.h"
#include "pipeline/CarriedBuffers.h"
#include "pipeline/FloatsAsIntegers.h"
#include "pipeline/InlineGpuHelpers.h"
#include "pipeline/LiftKernelBranches.h"
#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"
#include "pipeline/PermutedBuffers.h"
#include "pipeline/TaggedBuffers.h"
#include "targets/vulkan/AccurateMath.h"
#include "targets/vulkan/CopyChosenBuffers.h"
#include "targets/vulkan/DevicePrintf.h"
#include "targets/vulkan/EmulateBF16.h"
#include "targets/vulkan/ExactFloatOps.h"
#include "targets/vulkan/IndexMemory.h"
#include "targets/vulkan/KernelAllocations.h"
#include "targets/vulkan/MemRefMetadata.h"
#include "targets/vulkan/MemoryViews.h"
#include "targets/vulkan/MissingSPIRVLowerings.h"
#include "targets/vulkan/Passes.h"
#include "targets/vulkan/SPIRVAtomics.h"
#include "targets/vulkan/ScalarizeVectorMemory.h"
#include "targets/vulkan/SequentialLoops.h"
#include "targets/vulkan/SpecializeChosenBuffers.h"
#include "targets/vulkan/SubgroupOps.h"
#include "targets/vulkan/VectorRowsInSCF.h"
#include "targets/vulkan/WorkgroupSizeSpec.h"

#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/ArithToSPIRV/ArithToSPIRV.h"
#include "mlir/Conversion/ComplexToSPIRV/ComplexToSPIRV.h"
#include "mlir/Conversion/ControlFlowToSPIRV/ControlFlowToSPIRV.h"
#include "mlir/Conversion/FuncToSPIRV/FuncToSPIRV.h"
#include "mlir/Conversion/GPUToSPIRV/GPUToSPIRV.h"
#include "mlir/Conversion/IndexToSPIRV/IndexToSPIRV.h"
#include "mlir/Conversion/MathToSPIRV/MathToSPIRV.h"
#include "mlir/Conversion/MemRefToSPIRV/MemRefToSPIRV.h"
#include "mlir/Conversion/SCFToSPIRV/SCFToSPIRV.h"
#include "mlir/Conversion/UBToSPIRV/UBToSPIRV.h"
#include "mlir/Conversion/VectorToSPIRV/VectorToSPIRV.h"
#include "mlir/Dialect/Affine/Transforms/Transforms.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Transforms/Transforms.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVDialect.h"
#include "mlir/Dialect/SPIRV/IR/SPIRVOps.h"
#include "mlir/Dialect/SPIRV/IR/TargetAndABI.h"
#include "mlir/Dialect/SPIRV/Transforms/SPIRVConversion.h"
#include "mlir/Dialect/Utils/IndexingUtils.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/Dialect/Vector/Transforms/LoweringPatterns.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/DialectConversion.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlirc {
#define GEN_PASS_DEF_CONVERTKERNELSTOSPIRV
#include "targets/vulkan/Passes.h.inc"
} // namespace mlirc

using namespace mlir;

namespace {

struct ConvertKernelsToSPIRVPass
    : public mlirc::impl::ConvertKernelsToSPIRVBase<ConvertKernelsToSPIRVPass> {
  void runOnOperation() override {
    gpu::GPUModuleOp module = getOperation();
    // A module as --compile-to=device printed it holds the spirv.module
    // made from its kernels, which it keeps: made again from them.
    for (auto stale :
         llvm::make_early_inc_range(module.getOps<spirv::ModuleOp>()))
      stale.erase();
    if (failed(setWorkgroupSizes(module)) || failed(checkDefined(module)) ||
        failed(checkNoRecursion(module)) || failed(checkVulkanHasIt(module)))
      return signalPassFailure();

    // The copy becomes the spirv.module; the gpu.module keeps its kernels
    // until serialization replaces it. The copy's kernels take f8 and
    // smaller floats as bytes, which launches of the original's cannot.
    OpBuilder b(module.getBody(), module.getBody()->begin());
    Operation *copy = b.clone(*module.getOperation());
    mlirc::keepSmallFloatsAsIntegers(copy);
    if (failed(mlirc::checkVulkanFloats(cast<gpu::GPUModuleOp>(copy)))) {
      copy->erase();
      return signalPassFailure();
    }
    // The unit's target attribute, where the conversion looks for it.
    spirv::TargetEnvAttr targetEnv = getTargetEnv(module);
    copy->setAttr(spirv::getTargetEnvAttrName(), targetEnv);
    // Of the program's own ops, before the rewrites below add theirs.
    bool keepExact = !mlirc::allFloatOpsReassociate(copy) ||
                     copy->walk([](Operation *op) {
                           return mlirc::needsExactArithmetic(op)
                                      ? WalkResult::interrupt()
                                      : WalkResult::advance();
                         })
                         .wasInterrupted();
    std::unique_ptr<ConversionTarget> target =
        SPIRVConversionTarget::get(targetEnv);

    // Workgroup memory and subgroups of workgroup memory are the kernels':
    // the helpers that use the GPU become part of them, and those passed
    // buffers (which only variable pointers could pass).
    auto copyModule = cast<gpu::GPUModuleOp>(copy);
    DenseSet<StringAttr> gpuHelpers =
        mlirc::findGpuHelpers(copyModule, /*anyMemRef=*/true);
    if (failed(mlirc::inlineGpuHelpers(copyModule, gpuHelpers, "Vulkan")))
      return signalPassFailure();
    eraseUnusedHelpers(copyModule, gpuHelpers);
    if (failed(mlirc::carryBuffersInPlace(copy)) ||
        failed(mlirc::copyChosenBuffers(copy)))
      return signalPassFailure();
    mlirc::selectPermutedBuffers(copy);
    mlirc::tagCarriedBuffers(copy, [](Operation *) { return true; });
    if (failed(mlirc::specializeChosenBuffers(copy)) ||
        failed(checkNoChosenBuffers(copy)))
      return signalPassFailure();
    mlirc::lowerToSequentialLoops(copy);
    {
      // The loads and stores of the copies those made, through views of a
      // thread's arrays (a copy from a collapse_shape of one), on the
      // arrays, so that they become Function variables below.
      RewritePatternSet patterns(&getContext());
      memref::populateFoldMemRefAliasOpPatterns(patterns);
      if (failed(mlirc::applyPatternsWithBound(copy, std::move(patterns),
                                               getArgument())))
        return signalPassFailure();
    }
    if (failed(mlirc::allocateInThreadMemory(copy)))
      return signalPassFailure();
    mlirc::widenIndexArguments(copyModule);
    copy->walk([](gpu::GPUFuncOp func) { allocateAttributions(func); });
    if (failed(mlirc::lowerDynamicSharedMemory(copy, module)))
      return signalPassFailure();
    mlirc::retypeByteViews(copy);
    // Sizes and strides the buffers do not carry, as arguments; before the
    // wide-subgroup kernels, which take the same ones.
    mlirc::passDynamicMemRefFields(copyModule, module);
    // A print buffer after those.
    if (failed(mlirc::lowerPrintfToBuffer(copyModule, module)))
      return signalPassFailure();
    // SPIR-V's rotate needs an extension devices need not have; before
    // the wide subgroups, which then see shuffles.
    mlirc::expressRotatesAsShuffles(copy, /*withinSegments=*/true);
    mlirc::addWideSubgroupKernels(copy);
    if (failed(mlirc::lowerSubgroupOps(copy)))
      return signalPassFailure();
    allocateWorkgroupGlobals(copy);
    materializeConstantGlobals(copy);
    // The globals those replaced.
    for (auto global : llvm::make_early_inc_range(
             copy->getRegion(0).getOps<memref::GlobalOp>()))
      if (SymbolTable::symbolKnownUseEmpty(global, copy))
        global.erase();
    // Collected first: retyping index memory rewrites the accesses after
    // each allocation, where a walk would go on.
    SmallVector<memref::AllocaOp> allocas;
    SmallVector<memref::AllocOp> allocs;
    copy->walk([&](memref::AllocaOp alloca) { allocas.push_back(alloca); });
    copy->walk([&](memref::AllocOp alloc) { allocs.push_back(alloc); });
    for (memref::AllocaOp alloca : allocas)
      makeAllocaPrivate(alloca);
    for (memref::AllocOp alloc : allocs)
      narrowWorkgroupIndices(alloc);
    // SPIR-V for Vulkan needs structured control flow.
    if (failed(liftBranches(copy)) ||
        failed(mlirc::expressAtomicsAsGeneric(copy)) ||
        failed(mlirc::emulateBF16(copy)))
      return signalPassFailure();
    guardLoopResults(copy);
    mlirc::rewriteMathForAccuracy(copy);
    {
      // What GLSL.std.450 lacks, as arithmetic; vectors in memory as
      // their elements.
      RewritePatternSet patterns(&getContext());
      populatePolynomialApproximateErfPattern(patterns);
      populatePolynomialApproximateErfcPattern(patterns);
      math::populateExpansionPatterns(patterns, {"fpowi"});
      // The contraction the ops' flags allow, as Fma: the driver fuses
      // nothing the decorations below keep exact.
      mlirc::populateContractionPatterns(patterns);
      mlirc::populateMissingSPIRVRewrites(patterns);
      // GLSL.std.450 lacks cbrt, and lavapipe's asin, tanh, log1p, ...
      // were off in the fourth digit: MLIR approximates them
      // (AccurateMath.h; atan and atan2 go through asin).
      auto approximated = mlirc::isApproximatedForVulkan;
      populateMathPolynomialApproximationPatterns(patterns, approximated);
      // f16 through f32, which those approximations take.
      populateMathF32ExpansionPatterns(patterns, [&](StringRef name) {
        return approximated(name) || name == "math.erfc";
      });
      vector::populateVectorInterleaveToShufflePatterns(patterns);
      // n-D strided slices as slices of rows, those as shuffles.
      vector::populateVectorInsertExtractStridedSliceTransforms(patterns);
      mlirc::populateScalarizeVectorMemoryPatterns(patterns);
      mlirc::populateSwitchAsIfsPatterns(patterns);
      // The loads and stores those make, through subviews and reshapes;
      // the index arithmetic that folding makes.
      memref::populateFoldMemRefAliasOpPatterns(patterns);
      // The metadata of a view (a strided argument is a reinterpret_cast
      // of its buffer now) as the view's own.
      memref::populateResolveExtractStridedMetadataPatterns(patterns);
      mlirc::populateFoldReinterpretCastPatterns(patterns);
      mlirc::populateDimOfReinterpretCastPatterns(patterns);
      populateAffineToStdConversionPatterns(patterns);
      affine::populateAffineExpandIndexOpsPatterns(patterns);
      if (failed(mlirc::applyPatternsWithBound(copy, std::move(patterns),
                                               getArgument())))
        return signalPassFailure();
    }
    // The thread's arrays that masked, compressing, gathering or view
    // accesses reached: those are loads and stores now.
    allocas.clear();
    copy->walk([&](memref::AllocaOp alloca) { allocas.push_back(alloca); });
    for (memref::AllocaOp alloca : allocas)
      makeAllocaPrivate(alloca);
    // Vectors of the sizes SPIR-V has (2, 3 and 4 elements), in function
    // bodies and device functions' signatures; those scf ops carry as rows
    // first.
    if (failed(mlirc::splitVectorsInSCF(copy)) ||
        failed(spirv::unrollVectorsInSignatures(copy)) ||
        failed(spirv::unrollVectorsInFuncBodies(copy))) {
      module.emitError("gpu.module @")
          << module.getName()
          << " cannot be compiled for the Vulkan target: its vectors do not "
             "unroll into the 2, 3 and 4 elements SPIR-V has";
      return signalPassFailure();
    }
    {
      RewritePatternSet patterns(&getContext());
      mlirc::populateFoldUnrolledVectorsPatterns(patterns);
      if (failed(mlirc::applyPatternsWithBound(copy, std::move(patterns),
                                               getArgument())))
        return signalPassFailure();
    }
    // Memory spaces first: workgroup memory, private memory, buffers.
    spirv::MemorySpaceToStorageClassConverter spaces(mapMemorySpace);
    spirv::convertMemRefTypesAndAttrs(copy, spaces);

    SPIRVConversionOptions options;
    SPIRVTypeConverter typeConverter(targetEnv, options);
    RewritePatternSet patterns(&getContext());
    ScfToSPIRVContext scfContext;
    populateGPUToSPIRVPatterns(typeConverter, patterns);
    mlirc::populateShuffleToSPIRVPatterns(typeConverter, patterns);
    populateSCFToSPIRVPatterns(typeConverter, scfContext, patterns);
    cf::populateControlFlowToSPIRVPatterns(typeConverter, patterns);
    arith::populateArithToSPIRVPatterns(typeConverter, patterns);
    populateMathToSPIRVPatterns(typeConverter, patterns);
    mlirc::populateMissingSPIRVPatterns(typeConverter, patterns);
    populateComplexToSPIRVPatterns(typeConverter, patterns);
    populateMemRefToSPIRVPatterns(typeConverter, patterns);
    mlirc::populateSPIRVAtomicsPatterns(typeConverter, patterns);
    populateVectorToSPIRVPatterns(typeConverter, patterns);
    index::populateIndexToSPIRVPatterns(typeConverter, patterns);
    ub::populateUBToSPIRVConversionPatterns(typeConverter, patterns);
    populateFuncToSPIRVPatterns(typeConverter, patterns);
    populateBuiltinFuncToSPIRVPatterns(typeConverter, patterns);
    // Partial: what stays unconverted is reported below, at the op. An
    // unconverted op using a converted value fails the conversion with a
    // note at that op, where the error goes instead.
    std::optional<Location> liveUser;
    std::string liveUserName;
    LogicalResult converted = success();
    {
      ScopedDiagnosticHandler handler(&getContext(), [&](Diagnostic &diag) {
        if (!StringRef(diag.str()).contains("unresolved materialization"))
          return failure();
        for (Diagnostic &note : diag.getNotes()) {
          // "see existing live user here: %1 = memref.load ..."
          std::string noteText = note.str();
          StringRef text = noteText;
          if (!text.consume_front("see existing live user here: "))
            continue;
          liveUser = note.getLocation();
          if (text.starts_with("%"))
            text = text.split(" = ").second;
          liveUserName =
              text.take_until([](char c) { return c == ' ' || c == '('; })
                  .trim('"')
                  .str();
        }
        return liveUser ? success() : failure();
      });
      converted = applyPartialConversion(copy, *target, std::move(patterns));
    }
    if (failed(converted)) {
      if (liveUser)
        reportUnconverted(module, *liveUser, liveUserName);
      return signalPassFailure();
    }
    // The copy is a spirv.module now, unless something in it stayed.
    if (failed(checkConverted(&module.getBody()->front())))
      return signalPassFailure();
    if (auto shader = dyn_cast<spirv::ModuleOp>(module.getBody()->front())) {
      mlirc::specializeWorkgroupSize(shader);
      if (keepExact)
        mlirc::keepFloatOpsExact(shader);
    }
  }

  /// The input's own `spirv.target_env` (MLIR's Vulkan programs write one
  /// on the module; `inputEnvOwner` is then the op that carries it), else
  /// the unit's target attribute, else MLIR's default. An input env for
  /// OpenCL (the Kernel capability, as programs for Level Zero and SYCL
  /// write) describes another target, and is left to it.
  spirv::TargetEnvAttr getTargetEnv(gpu::GPUModuleOp module) {
    // The pass object runs on one gpu.module after another.
    inputEnvOwner = nullptr;
    StringRef name = spirv::getTargetEnvAttrName();
    for (Operation *op = module; op; op = op->getParentOp())
      if (auto env = op->getAttrOfType<spirv::TargetEnvAttr>(name))
        if (isShaderEnv(env)) {
          inputEnvOwner = op;
          return env;
        }
    if (ArrayAttr targets = module.getTargetsAttr())
      for (Attribute target : targets)
        if (auto env = dyn_cast<spirv::TargetEnvAttr>(target))
          return env;
    // Not MLIR's lookup: it would find the OpenCL env passed over above.
    return spirv::getDefaultTargetEnv(module.getContext());
  }

  static bool isShaderEnv(spirv::TargetEnvAttr env) {
    return env.getClientAPI() != spirv::ClientAPI::OpenCL &&
           llvm::is_contained(env.getCapabilities(), spirv::Capability::Shader);
  }

  /// What Vulkan compute shaders lack: printf (debug printf is a
  /// validation-layer feature, not a device's) and workgroup memory sized
  /// at launch.
  /// Erases the helpers of \p names that nothing calls any more.
  static void eraseUnusedHelpers(gpu::GPUModuleOp module,
                                 const DenseSet<StringAttr> &names) {
    for (bool erased = true; erased;) {
      erased = false;
      for (auto helper :
           llvm::make_early_inc_range(module.getOps<func::FuncOp>()))
        if (names.contains(helper.getNameAttr()) &&
            SymbolTable::symbolKnownUseEmpty(helper, module)) {
          helper.erase();
          erased = true;
        }
    }
  }

  static LogicalResult checkVulkanHasIt(gpu::GPUModuleOp module) {
    WalkResult missing = module.walk([&](Operation *op) {
      if (isa<vector::PrintOp>(op)) {
        op->emitError("'")
            << op->getName()
            << "' cannot be compiled for the Vulkan target: Vulkan compute "
               "shaders cannot print; use gpu.printf, which mlirc prints "
               "through a buffer";
        return WalkResult::interrupt();
      }
      // Device memory that all kernels share (a CUDA __device__ variable):
      // a shader's memory outside its buffers is its invocation's or its
      // workgroup's.
      auto global = dyn_cast<memref::GlobalOp>(op);
      if (global && !isReadOnly(global, module) &&
          mlirc::getGpuAddressSpace(global.getType().getMemorySpace()) ==
              gpu::AddressSpace::Global) {
        op->emitError("a variable global memref in a gpu.module cannot be "
                      "compiled for the Vulkan target: a shader has no "
                      "device memory but the buffers it is passed; pass the "
                      "kernels a buffer (gpu.alloc) instead");
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    return failure(missing.wasInterrupted());
  }

  /// Whether \p global is constant, or \p scope only loads from it (then
  /// it is a constant table that its initial value fills).
  static bool isReadOnly(memref::GlobalOp global, Operation *scope) {
    if (global.getConstant())
      return true;
    if (!global.getInitialValue())
      return false;
    WalkResult written = scope->walk([&](memref::GetGlobalOp get) {
      if (get.getName() != global.getSymName())
        return WalkResult::advance();
      for (Operation *user : get->getUsers())
        if (!isa<memref::LoadOp, vector::LoadOp, vector::TransferReadOp>(user))
          return WalkResult::interrupt();
      return WalkResult::advance();
    });
    return !written.wasInterrupted();
  }

  /// A SPIR-V shader is one module: nothing links functions into it.
  static LogicalResult checkDefined(gpu::GPUModuleOp module) {
    for (auto function : module.getOps<FunctionOpInterface>()) {
      if (!function.isExternal())
        continue;
      return function.emitError("'")
             << function.getName()
             << "' cannot be compiled for the Vulkan target: it is declared "
                "but not defined in the gpu.module, and a SPIR-V shader links "
                "no other code; define it in the gpu.module";
    }
    return success();
  }

  /// A shader has no call stack: SPIR-V for Vulkan forbids cycles in a
  /// kernel's call graph. The first call that closes one, from a kernel,
  /// is an error.
  static LogicalResult checkNoRecursion(gpu::GPUModuleOp module) {
    // The functions each function calls, by the call ops.
    SymbolTableCollection symbols;
    DenseMap<Operation *, SmallVector<CallOpInterface>> calls;
    module.walk([&](CallOpInterface call) {
      auto caller = call->getParentOfType<FunctionOpInterface>();
      if (caller && call.resolveCallableInTable(&symbols))
        calls[caller].push_back(call);
    });
    enum class State { New, Open, Done };
    DenseMap<Operation *, State> state;
    std::function<CallOpInterface(Operation *)> findCycle =
        [&](Operation *function) -> CallOpInterface {
      state[function] = State::Open;
      for (CallOpInterface call : calls.lookup(function)) {
        Operation *callee = call.resolveCallableInTable(&symbols);
        State calleeState = state.lookup(callee);
        if (calleeState == State::Open)
          return call;
        if (calleeState == State::New)
          if (CallOpInterface cycle = findCycle(callee))
            return cycle;
      }
      state[function] = State::Done;
      return nullptr;
    };
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel() || state.lookup(kernel) != State::New)
        continue;
      if (CallOpInterface call = findCycle(kernel))
        return call->emitError("a recursive call cannot be compiled for the "
                               "Vulkan target: a shader has no call stack; "
                               "write the recursion as a loop, or compile "
                               "for another target");
    }
    return success();
  }

  /// A memref chosen at run time (a select of buffers, a branch or loop
  /// that carries one) that is still there after copyChosenBuffers and
  /// specializeChosenBuffers is a pointer chosen at run time in SPIR-V,
  /// which needs variable pointers: an error at the op that chooses.
  static LogicalResult checkNoChosenBuffers(Operation *kernels) {
    auto isMemRef = llvm::IsaPred<MemRefType>;
    WalkResult chosen = kernels->walk([&](Operation *op) {
      bool chooses = false;
      if (isa<arith::SelectOp, RegionBranchOpInterface>(op))
        chooses = llvm::any_of(op->getResultTypes(), isMemRef);
      if (isa<RegionBranchOpInterface>(op))
        for (Region &region : op->getRegions())
          if (!region.empty() &&
              llvm::any_of(region.getArgumentTypes(), isMemRef))
            chooses = true;
      if (isa<BranchOpInterface>(op))
        chooses = llvm::any_of(op->getOperandTypes(), isMemRef);
      if (!chooses)
        return WalkResult::advance();
      // A select that specializeChosenBuffers left: say why.
      StringRef why =
          isa<arith::SelectOp>(op)
              ? ", and the code after the choice cannot run once for each "
                "buffer instead (it passes on a buffer made after the "
                "choice, has a barrier or subgroup op after a choice that "
                "differs between threads, or would pass 20000 copied ops)"
              : "";
      op->emitError("choosing a buffer at run time cannot be compiled for "
                    "the Vulkan target: SPIR-V then needs variable pointers, "
                    "which mlirc's Vulkan target does not use")
          << why << "; choose between the values read from the buffers "
          << "instead";
      return WalkResult::interrupt();
    });
    return failure(chosen.wasInterrupted());
  }

  /// Vulkan compute shaders fix their workgroup size in the module, or
  /// take it as specialization constants when the pipeline is made.
  LogicalResult setWorkgroupSizes(gpu::GPUModuleOp module) {
    StringRef abiName = spirv::getEntryPointABIAttrName();
    for (auto kernel : module.getOps<gpu::GPUFuncOp>()) {
      if (!kernel.isKernel() || kernel->hasAttr(abiName))
        continue;
      // Without a known size, the pipeline sets it (WorkgroupSizeSpec).
      SmallVector<int32_t> size;
      if (std::optional<ArrayRef<int32_t>> known = kernel.getKnownBlockSize())
        size.assign(known->begin(), known->end());
      kernel->setAttr(abiName,
                      spirv::getEntryPointABIAttr(&getContext(), size));
    }
    return success();
  }

  /// The gpu dialect's address spaces, and NVVM's and AMDGPU's numbers for
  /// them (1, 3, 5: kernels written for those GPUs), as Vulkan's storage
  /// classes; MLIR's Vulkan numbering for the rest (its 1 is Generic, which
  /// Vulkan shaders do not have).
  static std::optional<spirv::StorageClass> mapMemorySpace(Attribute space) {
    std::optional<gpu::AddressSpace> gpuSpace;
    if (space)
      gpuSpace = mlirc::getGpuAddressSpace(space);
    if (!gpuSpace)
      return spirv::mapMemorySpaceToVulkanStorageClass(space);
    switch (*gpuSpace) {
    case gpu::AddressSpace::Global:
      return spirv::StorageClass::StorageBuffer;
    case gpu::AddressSpace::Workgroup:
      return spirv::StorageClass::Workgroup;
    case gpu::AddressSpace::Private:
      return spirv::StorageClass::Function;
    }
    return std::nullopt;
  }

  /// Lifts the branches (cf) of every function in \p copy into scf ops;
  /// what stays is an error at it.
  LogicalResult liftBranches(Operation *copy) {
    WalkResult result = copy->walk([&](FunctionOpInterface function) {
      if (failed(mlirc::liftKernelBranches(function))) {
        function.emitError("'")
            << function.getName()
            << "' cannot be compiled for the Vulkan target: its branches do "
               "not lift into the structured control flow Vulkan needs";
        return WalkResult::interrupt();
      }
      return WalkResult::advance();
    });
    if (result.wasInterrupted())
      return failure();
    WalkResult left = copy->walk([](Operation *op) {
      if (!isa<cf::ControlFlowDialect>(op->getDialect()) ||
          isa<cf::AssertOp>(op))
        return WalkResult::advance();
      op->emitError("'")
          << op->getName()
          << "' cannot be compiled for the Vulkan target: SPIR-V for Vulkan "
             "needs structured control flow, and these branches do not "
             "lift into scf ops; write the loop or choice with scf";
      return WalkResult::interrupt();
    });
    return failure(left.wasInterrupted());
  }

  /// MLIR's scf.for conversion keeps a loop's results in a variable that
  /// only the loop body writes, so a loop that runs no iteration yields
  /// garbage instead of its initial values. Each loop with results runs
  /// inside an scf.if that yields the initial values when it would not
  /// run at all.
  static void guardLoopResults(Operation *copy) {
    SmallVector<scf::ForOp> loops;
    copy->walk([&](scf::ForOp loop) {
      if (loop.getNumResults())
        loops.push_back(loop);
    });
    for (scf::ForOp loop : loops) {
      OpBuilder b(loop);
      Location loc = loop.getLoc();
      Value runs = mlirc::createLoopRuns(b, loop);
      auto guard = scf::IfOp::create(b, loc, loop.getResultTypes(), runs,
                                     /*withElseRegion=*/true);
      loop->replaceAllUsesWith(guard.getResults());
      // With results, the regions come without terminators.
      loop->moveBefore(guard.thenBlock(), guard.thenBlock()->end());
      b.setInsertionPointToEnd(guard.thenBlock());
      scf::YieldOp::create(b, loc, loop.getResults());
      b.setInsertionPointToEnd(guard.elseBlock());
      scf::YieldOp::create(b, loc, loop.getInitArgs());
    }
  }

  /// Workgroup globals a kernel reads directly (not through device
  /// functions, which would get variables of their own) as one allocation
  /// at the kernel's start, as attributions are; globals left without
  /// users go.
  static void allocateWorkgroupGlobals(Operation *copy) {
    SymbolTable symbols(copy);
    copy->walk([&](gpu::GPUFuncOp kernel) {
      if (!kernel.isKernel())
        return;
      DenseMap<Attribute, Value> allocations;
      kernel.walk([&](memref::GetGlobalOp get) {
        auto global = symbols.lookup<memref::GlobalOp>(get.getName());
        auto space = global ? dyn_cast_or_null<gpu::AddressSpaceAttr>(
                                  global.getType().getMemorySpace())
                            : nullptr;
        if (!space || space.getValue() != gpu::AddressSpace::Workgroup ||
            global.getInitialValue())
          return;
        Value &allocation = allocations[get.getNameAttr()];
        if (!allocation) {
          OpBuilder b(&kernel.getBody().front(),
                      kernel.getBody().front().begin());
          allocation =
              memref::AllocOp::create(b, get.getLoc(), global.getType());
        }
        get.replaceAllUsesWith(allocation);
        get.erase();
      });
    });
  }

  /// Constant memref.globals that functions of \p copy read, as a
  /// thread's own array of their values, written at the function's start
  /// (SPIR-V for Vulkan has no module-level constant arrays MLIR makes).
  /// Up to maxConstantElements elements; larger ones stay, an error at the
  /// op.
  static void materializeConstantGlobals(Operation *copy) {
    constexpr int64_t maxConstantElements = 1024;
    SymbolTable symbols(copy);
    copy->walk([&](FunctionOpInterface function) {
      if (function.isExternal())
        return;
      DenseMap<Attribute, Value> copies;
      function.walk([&](memref::GetGlobalOp get) {
        auto global = symbols.lookup<memref::GlobalOp>(get.getName());
        MemRefType type = global ? global.getType() : MemRefType();
        auto values =
            global ? dyn_cast_or_null<DenseElementsAttr>(
                         global.getInitialValue().value_or(Attribute()))
                   : DenseElementsAttr();
        if (!global || !isReadOnly(global, copy) || !values ||
            type.getMemorySpace() || !type.hasStaticShape() ||
            !type.getLayout().isIdentity() ||
            type.getNumElements() > maxConstantElements)
          return;
        Value &array = copies[get.getNameAttr()];
        if (!array) {
          Block &entry = function.getFunctionBody().front();
          OpBuilder b(&entry, entry.begin());
          Location loc = get.getLoc();
          array = memref::AllocaOp::create(b, loc, type);
          SmallVector<int64_t> strides = computeStrides(type.getShape());
          int64_t k = 0;
          for (Attribute value : values.getValues<Attribute>()) {
            SmallVector<Value> indices;
            for (int64_t index : delinearize(k++, strides))
              indices.push_back(arith::ConstantIndexOp::create(b, loc, index));
            Value element =
                arith::ConstantOp::create(b, loc, cast<TypedAttr>(value));
            memref::StoreOp::create(b, loc, element, array, indices);
          }
        }
        get.replaceAllUsesWith(array);
        get.erase();
      });
    });
  }

  /// True when \p memory is used by loads and stores only, also of
  /// vectors.
  static bool onlyLoadedAndStored(Value memory) {
    return llvm::all_of(memory.getUsers(), [](Operation *user) {
      return isa<memref::LoadOp, memref::StoreOp, vector::LoadOp,
                 vector::StoreOp>(user);
    });
  }

  /// An array of indices, \p allocation (loaded and stored only), as one of
  /// the shader's 32-bit index (IndexMemory.h).
  static void narrowIndexArray(Operation *allocation) {
    Value memory = allocation->getResult(0);
    memory.setType(MemRefType::Builder(cast<MemRefType>(memory.getType()))
                       .setElementType(IntegerType::get(
                           allocation->getContext(), 32)));
    mlirc::castIndexAccesses(memory);
  }

  /// A thread's own memory (memref.alloca without a memory space) as the
  /// gpu dialect's private memory, a Function variable in SPIR-V, where
  /// its users are loads and stores that take any memory space.
  static void makeAllocaPrivate(memref::AllocaOp alloca) {
    MemRefType type = alloca.getType();
    if (type.getMemorySpace() || !onlyLoadedAndStored(alloca))
      return;
    alloca.getResult().setType(MemRefType::get(
        type.getShape(), type.getElementType(), type.getLayout(),
        gpu::AddressSpaceAttr::get(alloca.getContext(),
                                   gpu::AddressSpace::Private)));
    if (type.getElementType().isIndex())
      narrowIndexArray(alloca);
  }

  /// Workgroup memory of indices as 32-bit integers.
  static void narrowWorkgroupIndices(memref::AllocOp alloc) {
    if (alloc.getType().getElementType().isIndex() &&
        alloc.getType().getMemorySpace() && onlyLoadedAndStored(alloc))
      narrowIndexArray(alloc);
  }

  /// Workgroup and private attributions as allocations at the function's
  /// start, which MLIR converts into Workgroup and Function variables (its
  /// gpu.func conversion fails on attributions).
  static void allocateAttributions(gpu::GPUFuncOp func) {
    Block &entry = func.getBody().front();
    OpBuilder b(&entry, entry.begin());
    unsigned first = func.getFirstWorkgroupAttributionIndex();
    unsigned count = entry.getNumArguments() - first;
    if (count == 0)
      return;
    for (BlockArgument arg : func.getWorkgroupAttributions())
      arg.replaceAllUsesWith(memref::AllocOp::create(
          b, arg.getLoc(), cast<MemRefType>(arg.getType())));
    for (BlockArgument arg : func.getPrivateAttributions())
      arg.replaceAllUsesWith(memref::AllocaOp::create(
          b, arg.getLoc(), cast<MemRefType>(arg.getType())));
    entry.eraseArguments(first, count);
    func->setAttr(func.getNumWorkgroupAttributionsAttrName(),
                  b.getI64IntegerAttr(0));
  }

  /// Reports the op \p name of \p module (the original, not the failed
  /// copy) at \p loc as one with no SPIR-V lowering.
  void reportUnconverted(gpu::GPUModuleOp module, Location loc,
                         StringRef name) {
    Operation *found = nullptr;
    module.walk([&](Operation *op) {
      if (op->getLoc() != loc || isa<spirv::ModuleOp>(op->getParentOp()))
        return WalkResult::advance();
      // The op of that name there, else the first op there.
      if (!found || op->getName().getStringRef() == name)
        found = op;
      return op->getName().getStringRef() == name ? WalkResult::interrupt()
                                                  : WalkResult::advance();
    });
    if (!found)
      return (void)emitError(loc, "cannot be compiled for the Vulkan target: "
                                  "MLIR has no SPIR-V lowering for it");
    emitUnconverted(found);
  }

  /// Where to report \p op: its location, else the first known one of what
  /// uses it (the ops vector unrolling makes have none), else the closest
  /// known one of its ancestors.
  static Location getReportLoc(Operation *op) {
    SmallVector<Operation *> work = {op};
    llvm::SmallPtrSet<Operation *, 16> seen;
    for (size_t i = 0; i < work.size() && i < 256; ++i) {
      if (!isa<UnknownLoc>(work[i]->getLoc()))
        return work[i]->getLoc();
      for (Operation *user : work[i]->getUsers())
        if (seen.insert(user).second)
          work.push_back(user);
    }
    for (Operation *at = op; at; at = at->getParentOp())
      if (!isa<UnknownLoc>(at->getLoc()))
        return at->getLoc();
    return op->getLoc();
  }

  void emitUnconverted(Operation *op) {
    if (isa<memref::DimOp>(op))
      return (void)op->emitError(
          "the size of a dynamic memref dimension cannot be compiled for the "
          "Vulkan target: a Vulkan kernel's buffers carry no sizes (a "
          "transfer that may be out of bounds reads it too); pass the size as "
          "a kernel argument, or mark the transfer in_bounds");
    if (auto func = dyn_cast<gpu::GPUFuncOp>(op))
      for (auto [i, type] : llvm::enumerate(func.getArgumentTypes()))
        if (auto unranked = dyn_cast<UnrankedMemRefType>(type)) {
          // As the input wrote it, without the storage class given since.
          op->emitError("argument ")
              << i << " of type "
              << UnrankedMemRefType::get(unranked.getElementType(), nullptr)
              << " cannot be compiled for the Vulkan target: a Vulkan "
                 "kernel's buffers have a rank and a layout; pass the memref "
                 "with its rank (memref.cast to a ranked type)";
          return;
        }
    InFlightDiagnostic diag =
        emitError(getReportLoc(op), "'")
        << op->getName()
        << "' cannot be compiled for the Vulkan target: MLIR has no SPIR-V "
           "lowering for it with these types";
    // The input's env, not the Vulkan version, may be what leaves it out.
    if (inputEnvOwner)
      diag.attachNote(inputEnvOwner->getLoc())
          << "the kernels are compiled under the input's spirv.target_env, "
             "whose capabilities and extensions are all they may use (f64 "
             "needs Float64, i64 Int64, 8- and 16-bit types their Int and "
             "storage capabilities): add what is missing there, or remove "
             "the env to compile under mlirc's own for the Vulkan version";
  }

  /// The op whose `spirv.target_env` the kernels are compiled under, when
  /// the input wrote one.
  Operation *inputEnvOwner = nullptr;

  /// Reports the first op the conversion left in \p copy, at that op.
  LogicalResult checkConverted(Operation *copy) {
    // A dynamic size left over is the cause to name: what reads it stays
    // unconverted too.
    Operation *left = nullptr;
    copy->walk([&](memref::DimOp dim) {
      left = dim;
      return WalkResult::interrupt();
    });
    if (left) {
      emitUnconverted(left);
      return failure();
    }
    copy->walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (op == copy || isa_and_nonnull<spirv::SPIRVDialect>(op->getDialect()))
        return WalkResult::advance();
      // A cast stands for the op that produced or used its operand.
      if (auto cast = dyn_cast<UnrealizedConversionCastOp>(op)) {
        Operation *def = cast.getOperand(0).getDefiningOp();
        if (def && !isa_and_nonnull<spirv::SPIRVDialect>(def->getDialect()))
          op = def;
        else if (!cast->use_empty())
          op = *cast->getUsers().begin();
      }
      left = op;
      return WalkResult::interrupt();
    });
    if (!left)
      return success();
    emitUnconverted(left);
    return failure();
  }
};

} // namespace
