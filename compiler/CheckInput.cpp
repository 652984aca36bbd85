//===- CheckInput.cpp - Input errors found before any rewriting ----------===//
//
// Some inputs that verify still break MLIR 22's rewrites or reach a target
// as nonsense: a constant memref.dim index outside the rank
// crashes the greedy rewriter, and a constant launch size beyond what a
// target runs becomes an attribute no lowering can print (2^31 threads
// overflows nvvm.maxntid), and an op of a dialect mlirc does not lower
// fails deep in a conversion, at another op; an op that computes at module
// level (a func.call outside any function) verifies but becomes an LLVM
// instruction without a function; a function of async values taken as a
// value (func.constant) is a pointer to a function that is not one yet;
// a GPU token in an async value taken twice is an event freed twice.
// Each is reported here, at the op.
//
//===----------------------------------------------------------------------===//

#include "compiler/Passes.h"
#include "pipeline/GpuCopyCalls.h"
#include "pipeline/MemorySpaces.h"
#include "pipeline/Passes.h"
#include "targets/TargetRegistry.h"
#include "targets/TargetUnit.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Async/IR/Async.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/ParallelLoopMapper.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/MLProgram/IR/MLProgram.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/OpenMP/OpenMPDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Pass/Pass.h"
#include "llvm/ADT/StringMap.h"

namespace mlirc {
#define GEN_PASS_DEF_CHECKINPUT
#include "compiler/Passes.h.inc"
} // namespace mlirc

using namespace mlir;
using namespace mlirc;

namespace {

/// Whether \p op is kernel code: in a gpu.launch body or a gpu.module.
bool isInKernel(Operation *op) {
  return op->getParentOfType<gpu::LaunchOp>() ||
         op->getParentOfType<gpu::GPUModuleOp>();
}

/// The value of \p value when it is a constant integer.
std::optional<int64_t> getConstant(Value value) {
  APInt constant;
  if (value && matchPattern(value, m_ConstantInt(&constant)))
    return constant.getSExtValue();
  return std::nullopt;
}

/// A function of async values stays a func.func until the async lowering,
/// whose reference counting follows direct calls only. A func.call_indirect
/// of the constant itself is one (the canonicalizer makes it a func.call).
LogicalResult checkFunctionValue(func::ConstantOp op) {
  auto calledDirectly = [&](OpOperand &use) {
    auto call = dyn_cast<func::CallIndirectOp>(use.getOwner());
    return call && call.getCallee() == op.getResult();
  };
  if (!holdsAsyncType(op.getType()) ||
      llvm::all_of(op->getUses(), calledDirectly))
    return success();
  return op.emitError("a function that takes or returns async tokens, "
                      "values or groups cannot be used as a value; call it "
                      "directly (func.call)");
}

/// A GPU token leaves a task as an event, which the one that takes it
/// (an await, a task's operand, a call passing it on) waits for and frees.
/// Ops of async.runtime only look at the value; branches and yields pass it
/// on to one place of several, where it is checked again.
LogicalResult checkGpuTokenValue(Value value) {
  auto type = dyn_cast<async::ValueType>(value.getType());
  if (!type || !isa<gpu::AsyncTokenType>(type.getValueType()))
    return success();
  // Those that take it, in the order the input has them.
  SmallVector<Operation *> takers;
  value.getParentRegion()->walk<WalkOrder::PreOrder>([&](Operation *op) {
    bool passesOn =
        op->hasTrait<OpTrait::IsTerminator>() && !isa<func::ReturnOp>(op);
    if (!passesOn &&
        !isa<async::RuntimeAwaitOp, async::RuntimeIsErrorOp,
             async::RuntimeAddRefOp, async::RuntimeDropRefOp>(op) &&
        llvm::is_contained(op->getOperands(), value))
      takers.push_back(op);
  });
  if (takers.size() < 2)
    return success();
  InFlightDiagnostic diag = takers[1]->emitError(
      "an !async.value holding a GPU token is taken a second time here: "
      "the first await of it takes and frees the event its task recorded; "
      "await it once and pass the token on, or yield a token for each use");
  diag.attachNote(takers[0]->getLoc()) << "the first";
  return diag;
}

/// Checks a constant dimension index against the rank of \p source.
LogicalResult checkDimIndex(Operation *op, Value source, Value index) {
  auto shaped = dyn_cast<ShapedType>(source.getType());
  std::optional<int64_t> constant = getConstant(index);
  if (!shaped || !shaped.hasRank() || !constant)
    return success();
  if (*constant >= 0 && *constant < shaped.getRank())
    return success();
  return op->emitError("dimension index ")
         << *constant << " is out of range for a value of rank "
         << shaped.getRank() << " (" << source.getType()
         << "); valid indices are 0 to " << shaped.getRank() - 1;
}

/// A kernel's host-target function, which mlirc's device phase makes (and
/// --compile-to=device or later prints): compiled again, its launches name
/// a kernel that is gone and the host phase defines its entry twice. And
/// the handle of a kernel that the host phase made, whose device code the
/// object gets only after that phase.
LogicalResult checkHostTargetOutput(Operation *op) {
  if (auto global = dyn_cast<LLVM::GlobalOp>(op);
      global && global.getSymName().starts_with("__mlirc_kernel"))
    return op->emitError()
           << "'@" << global.getSymName()
           << "' is a kernel's handle that mlirc's host phase made "
              "(--compile-to=host printed it), without the kernel's device "
              "code, which the object gets after that phase: compile the "
              "file it came from, or stop at --compile-to=binary (GPU "
              "targets) or outlined (host) to change the program and "
              "compile that";
  auto symbol = dyn_cast<SymbolOpInterface>(op);
  if (!symbol || !isa<FunctionOpInterface>(op) ||
      (!op->hasAttr("mlirc.host_kernel") &&
       !symbol.getName().starts_with("__mlirc_host")))
    return success();
  return op->emitError()
         << "'@" << symbol.getName()
         << "' is a kernel mlirc lowered for the host target already "
            "(--compile-to=device or a later phase printed it), and cannot "
            "be compiled again: compile the file it came from, or stop at "
            "--compile-to=outlined to change the program and compile that";
}

/// Module level holds declarations: symbols (functions, globals,
/// gpu.module), nested modules and the LLVM dialect's module properties.
/// Anything else computes, and only runs inside a function.
LogicalResult checkModuleLevel(Operation *op) {
  Operation *parent = op->getParentOp();
  if (!parent || !isa<ModuleOp, gpu::GPUModuleOp>(parent))
    return success();
  if (isa<SymbolOpInterface>(op) ||
      op->hasTrait<OpTrait::IsIsolatedFromAbove>() ||
      op->hasTrait<OpTrait::IsTerminator>() ||
      isa<LLVM::GlobalCtorsOp, LLVM::GlobalDtorsOp, LLVM::LinkerOptionsOp,
          LLVM::ModuleFlagsOp>(op))
    return success();
  return op->emitError("'")
         << op->getName() << "' cannot be compiled at the level of a "
         << (isa<ModuleOp>(parent) ? "module" : "gpu.module")
         << ": it runs only inside a function; move it into one (a "
            "func.func such as @main"
         << (isa<ModuleOp>(parent) ? "" : ", or a gpu.func") << ")";
}

/// mlirc compiles the GPU code of the input's top-level module: its
/// gpu.modules and the launches of its functions. In a module nested in
/// it, the launches' kernel handles were left unresolved.
LogicalResult checkGpuModuleNesting(Operation *op, ModuleOp top) {
  if (!isa<gpu::GPUModuleOp, gpu::LaunchOp, gpu::LaunchFuncOp,
           gpu::BinaryOp>(op))
    return success();
  auto module = op->getParentOfType<ModuleOp>();
  if (!module || module == top)
    return success();
  InFlightDiagnostic diag =
      op->emitError("'")
      << op->getName()
      << "' in a nested module cannot be compiled: mlirc compiles the GPU "
         "code of the top-level module; move the module's contents to the "
         "top level";
  diag.attachNote(module.getLoc()) << "the nested module";
  return failure();
}

/// A kernel's memref arguments come from the host: workgroup or private
/// memory belongs to one block or thread and has no address the host
/// could pass (NVIDIA and AMD read the global pointer as a shared one).
LogicalResult checkKernelArguments(gpu::GPUFuncOp kernel) {
  if (!kernel.isKernel())
    return success();
  for (auto [index, type] : llvm::enumerate(kernel.getArgumentTypes())) {
    auto memref = dyn_cast<MemRefType>(type);
    auto space = memref ? dyn_cast_or_null<gpu::AddressSpaceAttr>(
                              memref.getMemorySpace())
                        : nullptr;
    if (!space || space.getValue() == gpu::AddressSpace::Global)
      continue;
    bool workgroup = space.getValue() == gpu::AddressSpace::Workgroup;
    return kernel.emitError("argument ")
           << index << " of kernel '" << kernel.getName() << "' (" << type
           << ") is " << (workgroup ? "workgroup" : "private")
           << " memory, which belongs to one "
           << (workgroup ? "block" : "thread")
           << " and cannot be passed from the host; make it a "
           << (workgroup ? "workgroup" : "private")
           << " attribution of the kernel, or pass memory without an "
              "address space";
  }
  return success();
}

/// A memref.alloca in a kernel is the thread's stack, which is private
/// memory: one typed as global memory would be a global pointer to it (MLIR
/// made an alloca in the global address space for NVIDIA and AMD).
LogicalResult checkKernelAlloca(memref::AllocaOp op) {
  // Named global memory: none is the default, the stack.
  Attribute named = op.getType().getMemorySpace();
  if (!named || getGpuAddressSpace(named) != gpu::AddressSpace::Global)
    return success();
  return op.emitError("a memref.alloca in global memory cannot be compiled: a "
                      "thread's stack is its private memory; allocate global "
                      "memory with memref.alloc, or drop the memory space");
}

/// MLIR 22 lowers memref.generic_atomic_rmw to a compare-and-swap on the
/// element type, which LLVM has only for integers and pointers; floats of
/// 16, 32 and 64 bits swap as the integer of their width
/// (FloatGenericAtomics), other element types cannot.
LogicalResult checkGenericAtomic(memref::GenericAtomicRMWOp op) {
  Type element = op.getMemref().getType().getElementType();
  if (element.isIntOrIndex() || element.isF16() || element.isBF16() ||
      element.isF32() || element.isF64())
    return success();
  return op.emitError("'memref.generic_atomic_rmw' on ")
         << element
         << " elements cannot be compiled: it is a compare-and-swap, which "
            "LLVM has for integers (and mlirc for f16, bf16, f32 and f64 "
            "through them); use integer elements, or memref.atomic_rmw";
}

/// An scf.parallel mapped to GPU ids (#gpu.loop_dim_map) becomes a kernel
/// (MLIR's convert-parallel-loops-to-gpu), from host code, without results,
/// one mapping per loop.
LogicalResult checkMappedParallel(scf::ParallelOp loop, bool inKernel) {
  auto mapping = loop->getAttrOfType<ArrayAttr>(gpu::getMappingAttrName());
  auto isGpuMapping = [](Attribute attr) {
    return isa<gpu::ParallelLoopDimMappingAttr>(attr);
  };
  if (!mapping || !llvm::any_of(mapping, isGpuMapping))
    return success();
  if (inKernel)
    return loop.emitError("'scf.parallel' mapped to GPU ids "
                          "(#gpu.loop_dim_map) in a kernel: a mapped loop "
                          "becomes a kernel of its own, so it belongs in host "
                          "code; move it there, or remove the mapping");
  if (loop.getNumResults() != 0)
    return loop.emitError("'scf.parallel' with reductions cannot be mapped to "
                          "GPU ids (#gpu.loop_dim_map): MLIR's "
                          "convert-parallel-loops-to-gpu makes kernels of "
                          "loops without results; remove the mapping to run "
                          "it in host code, or reduce with gpu.all_reduce in "
                          "a gpu.launch");
  if (mapping.size() != loop.getInductionVars().size() ||
      !llvm::all_of(mapping, isGpuMapping))
    return loop.emitError("'scf.parallel' has ")
           << loop.getInductionVars().size() << " loops and "
           << mapping.size()
           << " GPU mappings; give one #gpu.loop_dim_map per loop";
  return success();
}

/// The gpu dialect's sparse library ops: calls of cuSPARSE (and
/// cuSPARSELt) in MLIR's CUDA runtime.
bool isSparseLibraryOp(Operation *op) {
  return isa<gpu::CreateDnTensorOp, gpu::DestroyDnTensorOp, gpu::CreateCooOp,
             gpu::CreateCooAoSOp, gpu::CreateCsrOp, gpu::CreateCscOp,
             gpu::CreateBsrOp, gpu::Create2To4SpMatOp, gpu::DestroySpMatOp,
             gpu::SpMVBufferSizeOp, gpu::SpMVOp, gpu::SpMMBufferSizeOp,
             gpu::SpMMOp, gpu::SDDMMBufferSizeOp, gpu::SDDMMOp,
             gpu::SpGEMMCreateDescrOp, gpu::SpGEMMDestroyDescrOp,
             gpu::SpGEMMWorkEstimationOrComputeOp, gpu::SpGEMMCopyOp,
             gpu::SpMatGetSizeOp, gpu::SetCsrPointersOp>(op);
}

struct CheckInputPass : public mlirc::impl::CheckInputBase<CheckInputPass> {
  CheckInputPass() = default;
  explicit CheckInputPass(std::vector<const TargetUnit *> units)
      : units(std::move(units)) {
    // Every unit's, requested or not: an nvvm op is NVIDIA's own also in
    // a compile for AMD only.
    for (const std::unique_ptr<TargetUnit> &unit : *allUnits)
      for (StringRef dialect : unit->getOwnDialects())
        owners[dialect] = unit.get();
  }

  /// Checks constant launch sizes against every target's limits.
  LogicalResult checkLaunch(Operation *op, gpu::KernelDim3 grid,
                            gpu::KernelDim3 block,
                            std::optional<gpu::KernelDim3> cluster) {
    if (cluster && failed(checkClusters(op, *cluster, grid)))
      return failure();
    const char *dims[] = {"x", "y", "z"};
    Value gridValues[] = {grid.x, grid.y, grid.z};
    Value blockValues[] = {block.x, block.y, block.z};
    std::optional<int64_t> blockSizes[3];
    for (int i = 0; i < 3; ++i) {
      std::optional<int64_t> g = getConstant(gridValues[i]);
      std::optional<int64_t> b = blockSizes[i] = getConstant(blockValues[i]);
      if ((g && *g <= 0) || (b && *b <= 0))
        return op->emitError("launch with ")
               << (g && *g <= 0 ? *g : *b)
               << (g && *g <= 0 ? " blocks" : " threads per block") << " in "
               << dims[i]
               << "; a launch needs at least one block and one thread in "
                  "each dimension";
      for (const TargetUnit *unit : units) {
        LaunchLimits limits = unit->getLaunchLimits();
        if (g && *g > limits.maxGridSize[i])
          return op->emitError("launch with ")
                 << *g << " blocks in " << dims[i] << "; " << unit->getName()
                 << " targets run at most " << limits.maxGridSize[i];
        if (b && *b > limits.maxBlockSize[i])
          return op->emitError("launch with ")
                 << *b << " threads per block in " << dims[i] << "; "
                 << unit->getName() << " targets run at most "
                 << limits.maxBlockSize[i] << " (" << limits.maxThreadsPerBlock
                 << " in all)";
      }
    }
    if (!blockSizes[0] || !blockSizes[1] || !blockSizes[2])
      return success();
    // Each factor is at most its limit (checked above), so no overflow.
    int64_t threads = *blockSizes[0] * *blockSizes[1] * *blockSizes[2];
    for (const TargetUnit *unit : units) {
      int64_t limit = unit->getLaunchLimits().maxThreadsPerBlock;
      if (threads > limit)
        return op->emitError("launch with ")
               << threads << " threads per block (" << *blockSizes[0] << "x"
               << *blockSizes[1] << "x" << *blockSizes[2] << "); "
               << unit->getName() << " targets run at most " << limit;
    }
    return success();
  }

  /// Checks a launch in thread block clusters: every target must have
  /// them, and constant sizes must fit (a grid of whole clusters).
  LogicalResult checkClusters(Operation *op, gpu::KernelDim3 cluster,
                              gpu::KernelDim3 grid) {
    const char *dims[] = {"x", "y", "z"};
    Value clusterValues[] = {cluster.x, cluster.y, cluster.z};
    Value gridValues[] = {grid.x, grid.y, grid.z};
    for (const TargetUnit *unit : units) {
      LaunchLimits limits = unit->getLaunchLimits();
      if (limits.maxClusterBlocks != 0)
        continue;
      std::string lacking = limits.withoutClusters.empty()
                                ? (unit->getName() + " targets").str()
                                : limits.withoutClusters;
      return op->emitError("launch in thread block clusters; ")
             << lacking
             << " cannot run it (clusters are NVIDIA's, from sm_90 on): "
                "drop "
             << lacking << " or launch without clusters";
    }
    int64_t blocks = 1;
    for (int i = 0; i < 3; ++i) {
      std::optional<int64_t> c = getConstant(clusterValues[i]);
      if (!c)
        return success();
      if (*c <= 0)
        return op->emitError("launch with ")
               << *c << " blocks per cluster in " << dims[i]
               << "; a cluster needs at least one block in each dimension";
      std::optional<int64_t> g = getConstant(gridValues[i]);
      if (g && *g % *c != 0)
        return op->emitError("launch of ")
               << *g << " blocks in " << dims[i] << " in clusters of " << *c
               << "; the grid must be a whole number of clusters";
      blocks *= std::min<int64_t>(*c, 1 << 20);
    }
    for (const TargetUnit *unit : units) {
      int64_t limit = unit->getLaunchLimits().maxClusterBlocks;
      if (blocks > limit)
        return op->emitError("launch in clusters of ")
               << blocks << " blocks; " << unit->getName()
               << " targets run at most " << limit;
    }
    return success();
  }

  /// A unit's own ops (nvvm, nvgpu, rocdl, amdgpu) compile in the kernels
  /// of that unit only, LLVM's code generators for the others abort on
  /// them, and in host code only where the unit says they are host code.
  LogicalResult checkOwnOp(Operation *op, const TargetUnit &owner,
                           bool inKernel) {
    StringRef opDialect = op->getName().getDialectNamespace();
    std::string portable =
        (": " + opDialect +
         " ops are one GPU target's own; use the gpu dialect's portable ops "
         "(gpu.thread_id, gpu.lane_id, gpu.shuffle, ...)")
            .str();
    bool hostOp = owner.isHostOp(op->getName().getStringRef());
    if (!inKernel && !hostOp)
      return op->emitError("'")
             << op->getName() << "' cannot be compiled in host code"
             << portable;
    if (hostOp && inKernel)
      return op->emitError("'")
             << op->getName()
             << "' cannot be compiled in a kernel: it is host code that "
                "makes what "
             << owner.getName() << " kernels take as an argument";
    for (const TargetUnit *unit : units) {
      if (unit->getName() == owner.getName())
        continue;
      if (hostOp)
        return op->emitError("'")
               << op->getName() << "' cannot be compiled for "
               << unit->getName() << " targets: it makes what "
               << owner.getName() << " kernels take, for " << owner.getName()
               << " targets only; drop the " << unit->getName() << " targets";
      return op->emitError("'")
             << op->getName() << "' cannot be compiled for " << unit->getName()
             << " targets" << portable << " or drop the " << unit->getName()
             << " targets";
    }
    return success();
  }

  /// The sparse library ops run where the unit's runtime computes them.
  /// MLIR's lowering passes each buffer as its allocation's start: a view
  /// into other memory, or a global (which has no allocation), would be
  /// read from the wrong place.
  LogicalResult checkSparseLibraryOp(Operation *op) {
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type)
        continue;
      Value source = operand;
      while (auto cast = source.getDefiningOp<memref::CastOp>())
        source = cast.getSource();
      Operation *def = source.getDefiningOp();
      if (type.getLayout().isIdentity() &&
          !isa_and_nonnull<memref::GetGlobalOp, memref::SubViewOp,
                           memref::ReinterpretCastOp, memref::ViewOp>(def))
        continue;
      InFlightDiagnostic error =
          op->emitError("'")
          << op->getName()
          << "' reads its buffers from the start of their allocation, as "
             "MLIR lowers it, and this "
          << (isa_and_nonnull<memref::GetGlobalOp>(def)
                  ? "one is a global, which has no allocation"
                  : "one is a view into other memory")
          << " (" << operand.getType()
          << "); copy it into a buffer of its own (memref.alloc or "
             "gpu.alloc)";
      if (def)
        error.attachNote(def->getLoc()) << "the buffer comes from here";
      return error;
    }
    for (const TargetUnit *unit : units)
      if (!unit->runsSparseLibraryOps())
        return op->emitError("'")
               << op->getName() << "' cannot be compiled for "
               << unit->getName()
               << " targets: mlirc computes the gpu dialect's sparse library "
                  "ops (cuSPARSE's in MLIR's CUDA runtime) on the CPU, for "
                  "the host target only; compile with --offload-arch=host, "
                  "or write the computation with sparse_tensor types, which "
                  "every target compiles";
    return success();
  }

  /// Arithmetic on floats wider than a requested target computes on (f80,
  /// f128 on GPUs), in a kernel: an error at the op, where LLVM's back end
  /// would abort. Constants, bitcasts, loads and stores are bits, which GPUs
  /// move.
  LogicalResult checkFloatWidth(Operation *op) {
    StringRef dialect = op->getName().getDialectNamespace();
    if (isa<arith::ConstantOp, arith::BitcastOp>(op))
      return success();
    if (dialect != "arith" && dialect != "math" && dialect != "complex" &&
        !isa<vector::ReductionOp, vector::MultiDimReductionOp,
             vector::ContractionOp, vector::FMAOp, vector::OuterProductOp>(
            op))
      return success();
    unsigned width = 0;
    auto widen = [&](Type type) {
      Type element = getElementTypeOrSelf(type);
      if (auto complex = dyn_cast<ComplexType>(element))
        element = complex.getElementType();
      if (auto floatType = dyn_cast<FloatType>(element))
        width = std::max(width, floatType.getWidth());
    };
    llvm::for_each(op->getOperandTypes(), widen);
    llvm::for_each(op->getResultTypes(), widen);
    for (const TargetUnit *unit : units)
      if (width > unit->getMaxFloatWidth())
        return op->emitError("'")
               << op->getName() << "' cannot be compiled for "
               << unit->getName() << " targets: their kernels compute on "
               << "floats of at most " << unit->getMaxFloatWidth()
               << " bits, and this is f" << width << "; use f64 or drop the "
               << unit->getName() << " targets";
    return success();
  }

  /// OpenMP in host code runs on the CPU's threads through libomp; its
  /// device offloading would need an OpenMP device toolchain, and mlirc's
  /// GPU code is in the gpu dialect.
  LogicalResult checkOpenMPOp(Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (name.starts_with("omp.target") || name.starts_with("omp.map.") ||
        name == "omp.declare_mapper")
      return op->emitError("'")
             << name
             << "' cannot be compiled: mlirc runs OpenMP in host code on the "
                "CPU (parallel, loops, tasks, ...), not OpenMP's device "
                "offloading; write the device code as a gpu.launch or a "
                "gpu.func";
    // MLIR's OpenMP lowering takes memory as pointers: a memref operand
    // would become a descriptor where a pointer belongs, and a private or
    // reduction variable is the address of what each thread gets a copy of.
    auto pointerOnly = [&](Value var, StringRef clause) -> LogicalResult {
      if (isa<LLVM::LLVMPointerType>(var.getType()))
        return success();
      return op->emitError("'")
             << name << "' has " << clause << " of type " << var.getType()
             << ": MLIR's OpenMP lowering takes the variable's memory as an "
                "!llvm.ptr (for a memref, its "
                "memref.extract_aligned_pointer_as_index through "
                "llvm.inttoptr)";
    };
    if (auto clauses = dyn_cast<omp::BlockArgOpenMPOpInterface>(op)) {
      std::pair<OperandRange, StringRef> kinds[] = {
          {clauses.getPrivateVars(), "a private variable"},
          {clauses.getReductionVars(), "a reduction variable"},
          {clauses.getInReductionVars(), "an in_reduction variable"},
          {clauses.getTaskReductionVars(), "a task_reduction variable"}};
      for (auto [vars, kind] : kinds)
        for (Value var : vars)
          if (failed(pointerOnly(var, kind)))
            return failure();
    }
    bool atomic =
        isa<omp::AtomicReadOp, omp::AtomicWriteOp, omp::AtomicUpdateOp>(op);
    for (Value operand : op->getOperands()) {
      Type type = operand.getType();
      if (!isa<MemRefType, UnrankedMemRefType>(type) ||
          mlirc::isOpenMPAtomicVariable(op, type))
        continue;
      if (atomic)
        return op->emitError("'")
               << name << "' has an operand of type " << type
               << ": an atomic op takes its variable as a memref of one "
                  "element, or its address as an !llvm.ptr";
      return pointerOnly(operand, "an operand");
    }
    return success();
  }

  /// mlirc's runtimes copy and set one contiguous run of elements, and set
  /// elements of 16 or 32 bits, as MLIR's do.
  LogicalResult checkTransfer(Operation *op) {
    for (Value operand : op->getOperands()) {
      auto type = dyn_cast<MemRefType>(operand.getType());
      if (!type || mlirc::isContiguousRowMajor(type))
        continue;
      return op->emitError("'")
             << op->getName() << "' of " << type
             << ", whose elements are not one contiguous run: it "
             << (isa<gpu::MemcpyOp>(op) ? "copies" : "sets")
             << " contiguous memory; go through a contiguous buffer (a "
                "memref.copy to or from one), or use one op per contiguous "
                "part";
    }
    auto set = dyn_cast<gpu::MemsetOp>(op);
    if (!set)
      return success();
    Type type = set.getValue().getType();
    unsigned width = type.isIntOrFloat() ? type.getIntOrFloatBitWidth() : 0;
    if (width == 16 || width == 32)
      return success();
    return op->emitError("'gpu.memset' of ")
           << type
           << " elements: GPU runtimes set elements of 16 or 32 bits; set "
              "wider or narrower ones in a kernel (linalg.fill, or a store "
              "per element)";
  }

  /// Ops of dialects mlirc does not lower (sparse_tensor, ...) would fail
  /// deep in a conversion as an unrealized cast somewhere else.
  LogicalResult checkDialect(Operation *op) {
    static constexpr llvm::StringLiteral supported[] = {
        "builtin",       "func",    "arith",        "math",   "index",
        "memref",        "scf",     "cf",           "vector", "affine",
        "gpu",           "llvm",    "ub",           "linalg", "tensor",
        "bufferization", "complex", "sparse_tensor"};
    StringRef dialect = op->getName().getDialectNamespace();
    bool inKernel = isInKernel(op);
    if (const TargetUnit *owner = owners.lookup(dialect))
      return checkOwnOp(op, *owner, inKernel);
    if (llvm::is_contained(supported, dialect))
      return success();
    // ml_program's globals of tensors, as torch-mlir and IREE hold weights
    // and state in them, bufferize to memref globals (BufferizeTensors);
    // its functions, graphs and tokens nothing lowers.
    if (dialect == "ml_program" && !inKernel) {
      if (auto global = dyn_cast<ml_program::GlobalOp>(op);
          global && !isa<TensorType>(global.getType()))
        return op->emitError("'ml_program.global' of ")
               << global.getType()
               << " cannot be compiled: mlirc compiles ml_program globals "
                  "of tensors; make it a tensor, or a memref.global";
      if (isa<ml_program::GlobalOp, ml_program::GlobalLoadOp,
              ml_program::GlobalLoadConstOp, ml_program::GlobalStoreOp>(op))
        return success();
      return op->emitError("'")
             << op->getName()
             << "' cannot be compiled: mlirc compiles ml_program's globals "
                "(global, global_load, global_load_const, global_store), "
                "not its functions, graphs or tokens";
    }
    // The async dialect runs on the host's async runtime; x86vector and
    // amx are instructions of the host's CPU.
    if ((dialect == "async" || dialect == "x86vector" || dialect == "amx") &&
        !inKernel)
      return success();
    if (dialect == "omp" && !inKernel)
      return checkOpenMPOp(op);
    // What LowerShape leaves has no lowering in MLIR.
    if (dialect == "shape")
      return op->emitError("'")
             << op->getName()
             << "' cannot be compiled: mlirc lowers the shape dialect's "
                "computations on extent tensors (tensor<?xindex>) and index "
                "(shape_of, broadcast, get_extent, num_elements, rank, "
                "constraints, assuming regions), as MLIR's "
                "convert-shape-to-std does";
    return op->emitError("'")
           << op->getName() << "' cannot be compiled "
           << (inKernel ? "in a kernel" : "in host code")
           << ": mlirc compiles the func, arith, math, index, memref, scf, "
              "cf, vector, affine, gpu, ub, llvm, linalg, tensor, "
              "bufferization, complex and sparse_tensor dialects"
           << (inKernel ? ""
                        : ", async, omp, tosa, shape, ml_program's globals, "
                          "x86vector and amx");
  }

  void runOnOperation() override {
    // Pre-order: an unsupported region op is reported, not its body.
    WalkResult result =
        getOperation().walk<WalkOrder::PreOrder>([&](Operation *op) {
          LogicalResult checked = checkDialect(op);
          if (succeeded(checked))
            checked = checkHostTargetOutput(op);
          if (succeeded(checked))
            checked = checkModuleLevel(op);
          if (succeeded(checked))
            checked = checkGpuModuleNesting(op, getOperation());
          if (succeeded(checked) && isInKernel(op))
            checked = checkFloatWidth(op);
          if (failed(checked))
            return WalkResult::interrupt();
          for (Value result : op->getResults())
            if (succeeded(checked))
              checked = checkGpuTokenValue(result);
          for (Region &region : op->getRegions())
            for (Block &block : region)
              for (Value argument : block.getArguments())
                if (succeeded(checked))
                  checked = checkGpuTokenValue(argument);
          if (failed(checked))
            return WalkResult::interrupt();
          if (auto dim = dyn_cast<memref::DimOp>(op))
            checked = checkDimIndex(op, dim.getSource(), dim.getIndex());
          else if (auto dim = dyn_cast<tensor::DimOp>(op))
            checked = checkDimIndex(op, dim.getSource(), dim.getIndex());
          else if (auto rmw = dyn_cast<memref::GenericAtomicRMWOp>(op))
            checked = checkGenericAtomic(rmw);
          else if (auto alloca = dyn_cast<memref::AllocaOp>(op);
                   alloca && isInKernel(op))
            checked = checkKernelAlloca(alloca);
          else if (auto kernel = dyn_cast<gpu::GPUFuncOp>(op))
            checked = checkKernelArguments(kernel);
          else if (auto loop = dyn_cast<scf::ParallelOp>(op))
            checked = checkMappedParallel(loop, isInKernel(op));
          else if (auto constant = dyn_cast<func::ConstantOp>(op))
            checked = checkFunctionValue(constant);
          else if (isSparseLibraryOp(op))
            checked = checkSparseLibraryOp(op);
          else if (isa<gpu::MemcpyOp, gpu::MemsetOp>(op))
            checked = checkTransfer(op);
          else if (auto launch = dyn_cast<gpu::LaunchOp>(op))
            checked = checkLaunch(op, launch.getGridSizeOperandValues(),
                                  launch.getBlockSizeOperandValues(),
                                  launch.getClusterSizeOperandValues());
          else if (auto launch = dyn_cast<gpu::LaunchFuncOp>(op))
            checked = checkLaunch(
                op, launch.getGridSizeOperandValues(),
                launch.getBlockSizeOperandValues(),
                launch.hasClusterSize()
                    ? std::optional(launch.getClusterSizeOperandValues())
                    : std::nullopt);
          return failed(checked) ? WalkResult::interrupt()
                                 : WalkResult::advance();
        });
    if (result.wasInterrupted())
      signalPassFailure();
  }

  std::vector<const TargetUnit *> units;
  /// Shared by the pass's clones.
  std::shared_ptr<const std::vector<std::unique_ptr<TargetUnit>>> allUnits =
      std::make_shared<std::vector<std::unique_ptr<TargetUnit>>>(
          createTargetUnits());
  /// The unit of each dialect one unit owns.
  llvm::StringMap<const TargetUnit *> owners;
};

} // namespace

std::unique_ptr<Pass>
mlirc::createCheckInputPass(std::vector<const TargetUnit *> units) {
  return std::make_unique<CheckInputPass>(std::move(units));
}
