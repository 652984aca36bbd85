//===- Passes.td - mlirc's passes that other pipelines can use -*- tablegen -*-===//
//
// The passes mlirc-opt registers and the mlirc::passes library exports:
// each works on IR alone, so other MLIR tools can run them. Those that need
// the driver's targets are in DriverPasses.td.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_PIPELINE_PASSES_TD
#define MLIRC_PIPELINE_PASSES_TD

include "mlir/Pass/PassBase.td"

def UniqueKernelNames : Pass<"mlirc-unique-kernel-names", "mlir::ModuleOp"> {
  let summary = "Give every kernel a name unique across the linked program";
  let description = [{
    Device code of every object of a program is linked into one image per
    architecture, so two gpu.modules (or two files) that both define a
    kernel of the same name would collide. Each kernel becomes
    `<module>_<kernel>_<hash>`, the hash covering the program id, the module
    and the kernel, and every gpu.launch_func follows.
  }];
  let options = [
    Option<"programId", "program-id", "std::string", "\"\"",
           "What distinguishes this translation unit (mlirc: a hash of the "
           "input)">,
  ];
}

def MergeGpuModules : Pass<"mlirc-merge-gpu-modules", "mlir::ModuleOp"> {
  let summary = "Merge a translation unit's gpu.modules into one";
  let description = [{
    One device image per architecture for a translation unit, as nvcc and
    clang make: the gpu.modules are merged into the first, symbols that
    collide are renamed, and gpu.launch_func ops follow. Kernel names are
    unique already (mlirc-unique-kernel-names).
  }];
}

def ZeroSizedSharedGlobals
    : Pass<"mlirc-zero-sized-shared-globals", "mlir::ModuleOp"> {
  let summary = "Zero-sized workgroup memref.globals in kernels as the "
                "dynamic shared memory";
  let description = [{
    MLIR's programs declared dynamic shared memory as a memref.global of
    zero elements in workgroup memory (`memref<0xf16, 3>`) before
    gpu.dynamic_shared_memory existed, and view it with reinterpret_cast,
    as CUDA's `extern __shared__` arrays. A memref.get_global of one in a
    kernel becomes a view of gpu.dynamic_shared_memory, which every target
    implements; the host target read past a buffer of zero elements.
  }];
}

def DropKernelMemoryGlobals
    : Pass<"mlirc-drop-kernel-memory-globals", "mlir::ModuleOp"> {
  let summary = "Remove host memref.globals in kernel memory spaces that "
                "outlining copied into the kernels";
  let description = [{
    A memref.global of workgroup or private memory declared next to the
    host functions is copied into each gpu.module whose kernels use it;
    the host's own copy, which host code cannot use, went on to the host's
    LLVM lowering and failed there without a location. It is removed
    unless host code names it.
  }];
}

def KernelHostMemory
    : Pass<"mlirc-kernel-host-memory", "mlir::ModuleOp"> {
  let summary = "Host memory a synchronous launch takes, made the device's "
                "for the launch";
  let description = [{
    Kernels may take memref.alloc memory, which a GPU without access to
    pageable memory cannot read (an illegal address on NVIDIA). Around
    each synchronous gpu.launch_func, every memref argument in host memory
    goes to mlircKernelHostMemoryBegin (its start and the bytes its
    strides reach) before the launch and mlircKernelHostMemoryEnd after
    it, which register and unregister it where the device needs that.
  }];
  let dependentDialects = ["mlir::func::FuncDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def SyncHostSharedAllocs
    : Pass<"mlirc-sync-host-shared-allocs", "mlir::ModuleOp"> {
  let summary = "Make host_shared gpu.allocs synchronous again";
  let description = [{
    gpu-async-region makes every gpu.alloc asynchronous, but gpu-to-llvm
    lowers host_shared allocations only in their synchronous form.
  }];
}

def AsyncRegion : Pass<"mlirc-async-region", "mlir::func::FuncOp"> {
  let summary = "MLIR's gpu-async-region, for functions with synchronous "
                "gpu ops";
  let description = [{
    Runs MLIR's gpu-async-region on a function without async tokens,
    making its gpu ops async on one chain of tokens. A function that uses
    tokens keeps the order its tokens say (MLIR's pass would chain all its
    ops, and serialize launches the program puts on independent streams);
    its synchronous gpu ops become async ops after every live token,
    waited for at once.
  }];
}

def MergeAsyncDependencies
    : Pass<"mlirc-merge-async-dependencies", "mlir::ModuleOp"> {
  let summary = "Join several async dependencies of a gpu op into one";
  let description = [{
    Replaces several async dependencies of one gpu op with a single
    `gpu.wait async` joining them, the only form gpu-to-llvm lowers.
  }];
}

def LowerWarpExecute : Pass<"mlirc-lower-warp-execute", "mlir::gpu::GPUModuleOp"> {
  let summary = "gpu.warp_execute_on_lane_0 as code of lane 0";
  let description = [{
    Rewrites each gpu.warp_execute_on_lane_0 of a kernel as MLIR's
    warp-op-to-scf.if lowering does: its body runs on lane 0 of each warp,
    and values pass through workgroup memory (a workgroup attribution of
    the kernel, one slice per warp) around block barriers. Every target
    then compiles it.
  }];
  let dependentDialects = ["mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def ExpandGpuOps : Pass<"mlirc-expand-gpu-ops", "mlir::gpu::GPUModuleOp"> {
  let summary = "Rewrite subgroup and reduction ops for NVVM and ROCDL";
  let description = [{
    Rewrites gpu.all_reduce, gpu.subgroup_id, gpu.subgroup_size and
    gpu.subgroup_reduce into ops the NVVM and ROCDL lowerings handle.
  }];
  let options = [
    Option<"warpSize", "subgroup-size", "unsigned", "32",
           "Threads per subgroup (32 for NVIDIA, 32 or 64 for AMD)">,
    Option<"vendor", "vendor", "std::string", "\"GPU\"",
           "The targets' name in error messages">,
    Option<"reduxSync", "redux-sync", "bool", "false",
           "Uniform 32-bit integer subgroup reductions over whole subgroups "
           "as nvvm.redux.sync (NVIDIA sm_80 and later)">,
  ];
}

def InternalizeDeviceSymbols
    : Pass<"mlirc-internalize-device-symbols", "mlir::ModuleOp"> {
  let summary = "Give non-kernel device symbols internal linkage";
  let description = [{
    Device code from separately compiled files is linked into one image;
    helpers and globals that are not kernels become internal so that they
    never collide.
  }];
}

def LowerLaunchesToRuntime
    : Pass<"mlirc-lower-launches-to-runtime", "mlir::ModuleOp"> {
  let summary = "Lower gpu.launch_func to mlirc's runtime";
  let description = [{
    Lowers LLVM-typed gpu.launch_func ops to mlircLaunchKernel calls on a
    per-kernel handle (the offload entry the device link registers) and
    erases gpu.binary ops.
  }];
}

def InstrumentUndefinedBehavior
    : Pass<"mlirc-instrument-undefined-behavior", "mlir::ModuleOp"> {
  let summary = "Check host code for MLIR's undefined behavior at run time";
  let description = [{
    Before each op of host code (the host target's kernels included) whose
    result is undefined for some operands, checks that they are not, and
    reports a failure through UBSan's runtime at the op's location.
  }];
  let options = [
    ListOption<"checkNames", "checks", "std::string",
               "-fsanitize= checks: integer-divide-by-zero, shift, "
               "signed-integer-overflow, unsigned-integer-overflow, bounds">,
    Option<"recover", "recover", "bool", "true",
           "Go on after a report">,
    Option<"trap", "trap", "bool", "false",
           "Trap instead of reporting (no runtime)">,
  ];
  let dependentDialects = [
    "mlir::LLVM::LLVMDialect", "mlir::arith::ArithDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
  ];
}

def BoundedCanonicalizer : Pass<"mlirc-canonicalize"> {
  let summary = "MLIR's canonicalizer with a bound on its rewrites";
  let description = [{
    Runs the canonicalization patterns and folds with one bound on
    rewrites, folds and IR changes that grows with the IR (10000 plus 64
    per op); reaching it is an error naming the pass, not a hang.
  }];
}

def WorkgroupAllocs : Pass<"mlirc-workgroup-allocs", "mlir::gpu::GPUModuleOp"> {
  let summary = "Workgroup memref.allocs in kernels as workgroup attributions";
  let description = [{
    A memref.alloc or alloca of a static shape and identity layout in
    workgroup memory in a kernel becomes a workgroup attribution of the
    kernel, one buffer the block's threads share, as SPIR-V's lowering
    makes it; its deallocs go. One of a dynamic shape, or in a device
    function, is an error at the op.
  }];
}

def ParallelizeHostLoops
    : Pass<"mlirc-parallelize-host-loops", "mlir::ModuleOp"> {
  let summary = "Run host scf.parallel loops on the async runtime";
  let description = [{
    Turns the scf.parallel loops of host code (not those of kernels) into
    async work over the async runtime's worker threads; a loop with
    reductions, first into a loop over chunks of it, each with its own
    partial results, and a loop that combines those. Host affine.parallel
    loops become such loops first (MLIR's affine lowering, for them and
    the affine ops in them).
  }];
}

def LoopAllocationScopes : Pass<"mlirc-loop-allocation-scopes", "mlir::ModuleOp"> {
  let summary = "Free what each trip of an scf.for or scf.parallel allocates on the stack";
  let description = [{
    Such loops are automatic allocation scopes, which MLIR's lowering does
    not implement: a loop body that allocates on the stack saves the stack
    pointer first and restores it at its end, unless an allocation outlives
    the trip (yielded or stored).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def OutlineTaskBodies : Pass<"mlirc-outline-task-bodies", "mlir::ModuleOp"> {
  let summary = "Make async.execute bodies with scf ops calls of functions";
  let description = [{
    An async.execute body must stay one block until MLIR's async lowering
    outlines it; bodies with scf ops, which scf-to-cf makes several blocks,
    become calls of private async.funcs first, which the task awaits; those
    that take or yield GPU tokens, calls of func.funcs (an error if they
    also await).
  }];
  let dependentDialects = ["mlir::async::AsyncDialect",
                           "mlir::func::FuncDialect"];
}

def BranchGpuEvents : Pass<"mlirc-branch-gpu-events", "mlir::ModuleOp"> {
  let summary = "Hand GPU tokens across branches as events";
  let description = [{
    Makes the GPU tokens that branches pass (scf.if and loop results, loop-
    carried tokens, after scf-to-cf) events recorded on their streams, the
    form in which gpu-to-llvm lowers block arguments for gpu.wait, and makes
    a block argument or a token received from a task a stream (a
    `gpu.wait async`) before other ops take it.
  }];
}

def YieldGpuEvents : Pass<"mlirc-yield-gpu-events", "mlir::ModuleOp"> {
  let summary = "Hand GPU tokens between async tasks as events";
  let description = [{
    Makes the GPU tokens that async.execute bodies yield events recorded on
    their streams, the form in which gpu-to-llvm lowers the tokens those
    bodies receive.
  }];
}

def LowerLinalgToLoops
    : Pass<"mlirc-lower-linalg-to-loops", "mlir::ModuleOp"> {
  let summary = "Lower linalg on memrefs to loops where there is any";
  let description = [{
    Runs MLIR's convert-linalg-to-loops in modules that hold linalg ops.
  }];
}

def ApplyTransformSchedule
    : Pass<"mlirc-apply-transform-schedule", "mlir::ModuleOp"> {
  let summary = "Apply the module's transform-dialect schedule, then drop it";
  let description = [{
    A module carrying `transform.named_sequence @__transform_main` (or the
    older top-level `transform.sequence`), or a library file that does, has
    it applied by MLIR's transform interpreter to the whole module, as
    mlir-opt's -transform-interpreter does; then every transform op (and
    the module attribute transform.with_named_sequence) is removed. A
    module without one is left as it is.
  }];
  let options = [
    Option<"library", "library", "std::string", /*default=*/"\"\"",
           "A file whose schedule applies instead of the module's own">,
    Option<"entryPoint", "entry-point", "std::string", /*default=*/"\"\"",
           "The named sequence the schedule starts at; empty for "
           "@__transform_main, else a top-level transform.sequence">,
  ];
}

def BufferizeTensors : Pass<"mlirc-bufferize", "mlir::ModuleOp"> {
  let summary = "Programs on tensors as programs on memrefs, without leaks";
  let description = [{
    For a module that uses tensors (in host code or kernels): elementwise
    arith and math on tensors as linalg, empty tensors eliminated, MLIR's
    one-shot bufferization across function boundaries (identity layouts at
    boundaries; allocations and copies in kernels as memref.alloca and
    linalg.copy, which every target lowers), then MLIR's ownership-based
    buffer deallocation for the buffers bufferization made. The program's
    own allocations stay under its control. A module without tensors is
    left as it is.
  }];
  let dependentDialects = [
    "mlir::bufferization::BufferizationDialect", "mlir::linalg::LinalgDialect",
    "mlir::memref::MemRefDialect", "mlir::scf::SCFDialect",
    "mlir::arith::ArithDialect", "mlir::func::FuncDialect",
    // What the sparsifier makes.
    "mlir::LLVM::LLVMDialect", "mlir::sparse_tensor::SparseTensorDialect",
    "mlir::vector::VectorDialect", "mlir::complex::ComplexDialect",
  ];
}

def CopiesToLoops : Pass<"mlirc-copies-to-loops"> {
  let summary = "memref.copy as a loop nest of loads and stores";
  let description = [{
    Rewrites each memref.copy of memrefs as an scf.for nest over the
    source's dimensions that loads each element and stores it into the
    target. In device code: MLIR lowers a copy of memrefs that are not
    contiguous to a call of the C runner library's `memrefCopy`, which no
    GPU has.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def PrivateAllocsOnStack : Pass<"mlirc-private-allocs-on-stack"> {
  let summary = "memref.alloc of private memory as memref.alloca";
  let description = [{
    Replaces each memref.alloc of a thread's private memory with a
    memref.alloca and erases its memref.deallocs: MLIR lowered it to a
    heap allocation cast to the private address space.
  }];
}

def FloatGenericAtomics : Pass<"mlirc-float-generic-atomics"> {
  let summary = "memref.generic_atomic_rmw on floats as one on integers";
  let description = [{
    Rewrites each memref.generic_atomic_rmw on f16, bf16, f32 or f64
    elements into one on the integer of their width, through a cast of the
    memref (the same descriptor) and bitcasts in its body: MLIR 22 lowers
    the op to a compare-and-swap of the element type, which LLVM takes for
    integers only, and the swap compares bits either way. First
    memref.atomic_rmw mulf and muli, which LLVM has no atomicrmw for, become
    generic_atomic_rmw ops that multiply.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def CheckLowered : Pass<"mlirc-check-lowered"> {
  let summary = "Report, at the op, what the lowering to LLVM left";
  let description = [{
    After host or device lowering everything is in the LLVM dialect (and
    the target's intrinsic dialect). An op left over, or a value left
    behind an unrealized_conversion_cast, would fail in the translation to
    LLVM IR at a cast, far from the op that has no lowering; this reports
    that op, at its location (its function's when it has none).
  }];
}

def DropHostMemorySpaces : Pass<"mlirc-drop-host-memory-spaces", "mlir::ModuleOp"> {
  let summary = "Host code's memrefs of gpu address spaces in the default one";
  let description = [{
    A memref of `#gpu.address_space<global>` or of memory space 1 (what
    gpu.alloc returns for a kernel argument of that space) in host code is
    an ordinary pointer on the CPU; MLIR's LLVM conversions have no rule
    for the gpu address spaces. Types outside gpu.module and gpu.binary ops
    lose them.
  }];
}

def OpenMPAtomicMemRefs : Pass<"mlirc-openmp-atomic-memrefs"> {
  let summary = "omp.atomic ops on a memref of one element take its address";
  let description = [{
    omp.atomic.read, write and update take the variable's address, which
    MLIR's OpenMP translation needs as an !llvm.ptr. A memref operand of
    one element (memref<f32>, memref<1xi64>) becomes the address of that
    element.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def OpenMPIfAsBranches : Pass<"mlirc-openmp-if-as-branches"> {
  let summary = "omp.parallel if(c) as a branch between two parallel regions";
  let description = [{
    LLVM's OpenMP translation makes `omp.parallel if(%c)` a call of
    `__kmpc_fork_call_if`, which libomp has only since LLVM 17 (Debian
    bookworm's libomp-dev is LLVM 14's). The same region under `scf.if`,
    once as it is and once with `num_threads(1)` (a team of one, which is
    what a false `if` makes), calls `__kmpc_fork_call`, which every libomp
    has.
  }];
  let dependentDialects = ["mlir::scf::SCFDialect", "mlir::arith::ArithDialect"];
}

def OutlineMathOps : Pass<"mlirc-outline-math-ops"> {
  let summary = "math.ipowi as calls of outlined functions";
  let description = [{
    MLIR's convert-math-to-funcs, for the math op no LLVM lowering takes:
    math.ipowi (math.fpowi has LLVM's powi and the vendors' device
    libraries). MLIR's pass runs on a builtin.module and puts the functions
    there, which for a gpu.module is the host's; this pass runs it on a
    module of one wrapper function per op and type, moves the functions
    it makes into the module or gpu.module it runs on, and calls them.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::cf::ControlFlowDialect",
    "mlir::func::FuncDialect", "mlir::LLVM::LLVMDialect",
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
  ];
}

def ExpandMathOps : Pass<"mlirc-expand-math-ops"> {
  let summary = "math ops some target lacks, in ops every target has";
  let description = [{
    math.clampf as arith.minimumf then arith.maximumf, with the semantics
    MLIR fixed after release 22 (maximumf(minimumf(value, max), min), the
    clamp of CUDA and SPIR-V): MLIR 22's own expansion computes
    maximumf(minimumf(value, min), max), and its AMD lowering (fmed3) takes
    only scalars. math.isinf, math.isfinite and math.isnormal as
    comparisons of the absolute value: MLIR 22 lowers isinf and isnormal
    only for NVIDIA, and isfinite for Vulkan as an OpenCL-only op. With
    split-sincos, math.sincos as math.sin and math.cos, which GPU targets
    lower one by one (AMD's LLVM back end cannot select the f64 sincos).
    With host-libm, the math functions that have neither an LLVM
    intrinsic nor an f80 or f128 case in MLIR's math-to-libm as calls of
    glibc's acoshl, acoshf128, ... (host code), and math.expm1 and
    math.log1p on every float type as libm's: MLIR's LLVM lowering computes
    exp(x) - 1 and log(1 + x), which lose the digits near 0.
  }];
  let options = [
    Option<"splitSincos", "split-sincos", "bool", "false",
           "Rewrite math.sincos as math.sin and math.cos">,
    Option<"hostLibm", "host-libm", "bool", "false",
           "math.acosh, asinh, atanh, cbrt, erf and erfc on f80 and f128 as "
           "calls of libm's long double and _Float128 functions, expm1 and "
           "log1p on every float type as libm's">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::func::FuncDialect",
                           "mlir::math::MathDialect",
                           "mlir::vector::VectorDialect"];
}

def VectorPrintAsPrintf
    : Pass<"mlirc-vector-print-as-printf", "mlir::gpu::GPUModuleOp"> {
  let summary = "vector.print in GPU kernels as one gpu.printf each";
  let description = [{
    MLIR lowers vector.print to calls of the CPU runner's printF32,
    printOpen, ... functions, which GPU code has not. Each vector.print of a
    gpu.module becomes one gpu.printf of the same text: a scalar, or a
    vector's elements in nested parentheses, as printed on the CPU (%g for
    floats, signed decimal for signless integers, unsigned for i1, index
    and unsigned integers), then its punctuation; a string as itself. One
    printf per op keeps each thread's line whole.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::vector::VectorDialect"];
}

def LowerHostAsserts : Pass<"mlirc-lower-host-asserts", "mlir::ModuleOp"> {
  let summary = "cf.assert in host code: stdout kept, message on stderr";
  let description = [{
    MLIR's LLVM lowering of cf.assert puts() its message and calls abort(),
    which drops what the program printed and had not flushed yet, the
    message too when stdout is a pipe. Here a failing assert calls
    mlircAssertFailed, which flushes stdout, prints the location and
    message on stderr and aborts. The checks of MLIR's runtime op
    verification (-fsanitize=runtime-verification) report and go on
    instead, or abort (-fno-sanitize-recover), or trap (-fsanitize-trap).
    Runs on cf, before the LLVM lowering; gpu.modules are left alone.
  }];
  let options = [
    Option<"verificationRecover", "verification-recover", "bool",
           /*default=*/"true",
           "Runtime verification failures report and go on">,
    Option<"verificationTrap", "verification-trap", "bool",
           /*default=*/"false",
           "Runtime verification failures trap, without a report">,
  ];
  let dependentDialects = ["mlir::cf::ControlFlowDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def ExpressUnbufferizableTensorOps
    : Pass<"mlirc-express-unbufferizable-tensor-ops", "mlir::ModuleOp"> {
  let summary = "tensor.gather, tensor.scatter and tensor.bitcast as ops "
                "that bufferize";
  let description = [{
    MLIR 22's bufferization has no rule for them: a gather becomes a
    tensor.generate that extracts each element from the source, a scatter
    a loop nest over its source inserting each element into the
    destination, a bitcast an elementwise arith.bitcast. Before runtime op
    verification, which then checks each extract and insert.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect"];
}

def HostGpuToLLVM : Pass<"mlirc-host-gpu-to-llvm", "mlir::ModuleOp"> {
  let summary = "Host code in the LLVM dialect, GPU ops as runtime calls";
  let description = [{
    MLIR's gpu-to-llvm conversion, except that func.func ops whose
    signatures hold async tokens, values or groups stay func ops, with their
    calls and returns, for MLIR's async lowering to count references
    through; ConvertAsyncValueTypes converts their types.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def ConvertAsyncValueTypes
    : Pass<"mlirc-convert-async-value-types", "mlir::ModuleOp"> {
  let summary = "The async ops the host's LLVM conversion left, in its types";
  let description = [{
    The host's LLVM conversion updates the types of async.execute, await and
    yield but not of async.func, its calls and returns, or the async.runtime
    ops a program uses itself; this does, so one value has one type when
    MLIR's async lowering counts references.
  }];
  let dependentDialects = ["mlir::async::AsyncDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def AsyncValuesThroughBranches
    : Pass<"mlirc-async-values-through-branches", "mlir::ModuleOp"> {
  let summary = "Async values between blocks, as reference counting takes them";
  let description = [{
    MLIR's async reference counting rejects a branch that is the last use of
    a token, value or group (an scf.if or scf.for yielding one), and a
    conditional branch to blocks with arguments where a value is live into
    one successor only. This gives such edges blocks of their own, and
    passes each async value between blocks as a pointer cast from it, with a
    reference added for the block that receives it.
  }];
  let dependentDialects = ["mlir::cf::ControlFlowDialect",
                           "mlir::LLVM::LLVMDialect"];
}

def RestoreTaskAsserts : Pass<"mlirc-restore-task-asserts", "mlir::ModuleOp"> {
  let summary = "The asserts of async.execute bodies back, for the async lowering";
  let description = [{
    LowerHostAsserts keeps a cf.assert in an async.execute's own body as a
    call of a marker function, as the LLVM conversions before the async
    lowering would lower it to an abort; this makes each an assert again,
    which MLIR's async-to-async-runtime turns into the task's error.
  }];
  let dependentDialects = ["mlir::cf::ControlFlowDialect"];
}

def LowerTosa : Pass<"mlirc-lower-tosa", "mlir::ModuleOp"> {
  let summary = "TOSA as linalg, tensor, arith and scf, when there is TOSA";
  let description = [{
    MLIR's TOSA lowering (tosa-to-linalg-named, tosa-to-linalg with its
    decompositions and shape inference, tosa-to-arith, tosa-to-tensor,
    tosa-to-scf) for programs that use the tosa dialect, which front ends
    of ML models emit; the result is bufferized like any program on
    tensors. Programs without TOSA skip it.
  }];
}

def LowerAsync : Pass<"mlirc-lower-async", "mlir::ModuleOp"> {
  let summary = "The async dialect as coroutines and runtime calls, when used";
  let description = [{
    After the host's LLVM conversion: mlirc-convert-async-value-types,
    mlirc-restore-task-asserts, MLIR's async-func-to-async-runtime,
    async-to-async-runtime, mlirc-async-values-through-branches, MLIR's
    reference counting (and its optimization), mlirc-lower-host-asserts
    for the asserts that awaiting a task's error makes, and
    convert-async-to-llvm. Modules without an async op or value skip it.
  }];
  let options = [
    Option<"verificationRecover", "verification-recover", "bool",
           /*default=*/"true",
           "Runtime verification failures report and go on">,
    Option<"verificationTrap", "verification-trap", "bool",
           /*default=*/"false",
           "Runtime verification failures trap, without a report">,
  ];
}

def LowerShape : Pass<"mlirc-lower-shape", "mlir::ModuleOp"> {
  let summary = "Shape computations as arith, tensor and scf, when there are any";
  let description = [{
    MLIR's shape lowering (shape-to-shape-lowering, convert-shape-constraints,
    the shape dialect's canonicalizations that inline assuming regions, and
    convert-shape-to-std) for programs that use the shape dialect, as front
    ends of ML frameworks emit it for broadcasts: constraints become
    cf.assert. Programs without shape ops skip it.
  }];
  let dependentDialects = ["mlir::cf::ControlFlowDialect",
                           "mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::tensor::TensorDialect"];
}

def SmallFloatsToAPFloat : Pass<"mlirc-small-floats-to-apfloat",
                                "mlir::ModuleOp"> {
  let summary = "Arithmetic on floats LLVM has no type for, through APFloat";
  let description = [{
    arith and math ops on f8E4M3FN, f8E5M2, f6E2M3FN, f4E2M1FN, f8E8M0FNU,
    tf32 and the other float types LLVM IR lacks become calls of mlirc's
    APFloat runtime: MLIR's convert-math-to-apfloat, math-extend-to-
    supported-types (math functions computed in f32) and
    convert-arith-to-apfloat, applied to those ops alone (MLIR's passes
    would take every float op) through wrapper functions. Host code only:
    GPU targets have no such runtime.
  }];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::func::FuncDialect",
    "mlir::math::MathDialect", "mlir::vector::VectorDialect",
  ];
}

def LowerVectorOps : Pass<"mlirc-lower-vector-ops"> {
  let summary = "MLIR's vector lowerings that convert-vector-to-llvm lacks";
  let description = [{
    vector.multi_reduction, vector.scan, n-D vector.gather and vector.mask
    around transfers, as the simpler vector ops the LLVM lowering takes
    (MLIR's own lowering patterns for each); contractions that do not add;
    n-D vector.load and vector.store as in-bounds transfers. With
    transfers-only, just the 1-D transfers (what vector-to-scf leaves) as
    vector loads and stores, masked through memref.dim where they may be
    out of bounds.
  }];
  let options = [
    Option<"transfersOnly", "transfers-only", "bool", "false",
           "Lower only the 1-D transfers, as (masked) loads and stores">,
    Option<"allContractions", "all-contractions", "bool", "false",
           "Lower additive contractions too, as reductions and outer "
           "products (for targets without vector-to-llvm's dot products)">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::memref::MemRefDialect",
    "mlir::scf::SCFDialect", "mlir::vector::VectorDialect",
  ];
}

def ExpandRealloc : Pass<"mlirc-expand-realloc", "mlir::ModuleOp"> {
  let summary = "memref.realloc as an allocation, a copy and a deallocation";
  let description = [{
    MLIR's expand-realloc patterns, applied to each memref.realloc alone:
    MLIR's pass runs them through the greedy driver, which folds every op of
    the module on the way (before kernel outlining, that marks some
    gpu.all_reduce ops uniform), and MLIR's LLVM lowering has no pattern
    for the op.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect"];
}

def ElementwiseVectorAccesses : Pass<"mlirc-elementwise-vector-accesses"> {
  let summary = "Vector accesses LLVM cannot address as a whole as accesses "
                "of each element";
  let description = [{
    MLIR's LLVM lowering accesses a vector in memory through a pointer to
    its first element. A memref whose element is not a whole number of
    bytes (i1, i4, f4E2M1FN, i12, ...) holds each element in whole bytes,
    while LLVM packs a vector of them bit by bit; a memref whose last
    dimension is not contiguous has its elements apart. On both, 1-D
    vector loads, stores, masked and expanding loads, masked and
    compressing stores, gathers and scatters (and, on the former, 1-D
    transfers) become memref loads and stores of each element, masked ones
    each under their mask bit. Runs after vector-to-scf.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def ExpandReshapes : Pass<"mlirc-expand-reshapes"> {
  let summary = "memref.reshape with a ranked result as memref.reinterpret_cast";
  let description = [{
    What MLIR's expand-ops makes of a reshape (the sizes loaded from the
    shape operand, cast to index, and row-major strides), without its
    expansion of floating-point atomics. MLIR 22's LLVM lowering of a
    reshape uses a shape of i32 elements as index unconverted, and SPIR-V
    has no reshape. A reshape to an unranked memref is one to the rank of
    its shape's static length, cast to unranked (on which MLIR 22's
    lowering crashes), or, where the length is dynamic, a reshape of its
    shape copied to index elements (MLIR 22 reads two i32 sizes as one).
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect"];
}

def ExpandShapesAsCasts : Pass<"mlirc-expand-shapes-as-casts"> {
  let summary = "memref.expand_shape ops with several dynamic sizes in one "
                "group as memref.reinterpret_cast";
  let description = [{
    Runs before expand-strided-metadata, which MLIR 22 crashes in on such
    an op (`memref<?xf32> into memref<?x?xf32>`): the result is the
    source's buffer at its offset, with the output_shape as sizes and, in
    each group, the source dimension's stride times the sizes inside.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def MoveLoopAnnotations : Pass<"mlirc-move-loop-annotations"> {
  let summary = "Attach loop annotations to llvm.br";
  let description = [{
    Moves loop annotations left as plain attributes on llvm.br into the
    branch's own annotation, which the translation to LLVM IR reads.
  }];
}

def LaunchBounds : Pass<"mlirc-launch-bounds", "mlir::ModuleOp"> {
  let summary = "Bound each kernel's block size and check its launches";
  let description = [{
    A kernel whose launches in the module all have the same constant block
    size gets it as known_block_size, which MLIR's lowerings give the
    backends (nvvm maxntid, AMD's flat work-group size) and fold
    gpu.block_dim with. A kernel whose size stays unknown gets the
    --gpu-max-threads-per-block bound, as mlirc.max_threads_per_block for
    the targets to apply. A kernel whose launches all have the same
    constant grid gets it as known_grid_size. A constant launch that breaks
    its kernel's bound
    is an error at the launch; a launch with sizes known only at run time
    is marked (mlirc.launch_bound) for the runtime to check.
  }];
  let options = [
    Option<"maxThreadsPerBlock", "max-threads-per-block", "int64_t", "0",
           "The bound of kernels without a known block size; 0 for none">,
  ];
}

def BoundGpuIds : Pass<"mlirc-bound-gpu-ids", "mlir::gpu::GPUModuleOp"> {
  let summary = "Bound thread and block ids and sizes by the target's limits";
  let description = [{
    Gives gpu.thread_id, block_id, block_dim and grid_dim without an
    upper_bound the kernel's known sizes or the limits of the target's
    launches (and a kernel's mlirc.max_threads_per_block), which launches
    are checked against, and writes gpu.global_id as block_id * block_dim
    + thread_id of such ops, so that integer range analysis can narrow
    index arithmetic.
  }];
  let options = [
    ListOption<"blockLimits", "block-limits", "int64_t",
               "Threads per block in x, y and z at most; 0 for no bound">,
    ListOption<"gridLimits", "grid-limits", "int64_t",
               "Blocks in x, y and z at most; 0 for no bound">,
    Option<"maxThreadsPerBlock", "max-threads-per-block", "int64_t", "0",
           "Threads per block at most in all; 0 for no bound">,
  ];
}

def InferOverflowFlags : Pass<"mlirc-infer-overflow-flags"> {
  let summary = "nsw/nuw on integer arithmetic that integer ranges prove";
  let description = [{
    Gives arith.addi, subi and muli on integers (not index) the overflow
    flags their operands' ranges prove, so that LLVM can move sign and zero
    extensions of narrowed index arithmetic through them.
  }];
}

def CountLoopTrips : Pass<"mlirc-count-loop-trips"> {
  let summary = "scf.for loops with a step other than 1 count their trips";
  let description = [{
    Rewrites `scf.for %i = %lb to %ub step %s` (a step other than the
    constant 1, bounds not all constant) as a loop from 0 to its trip
    count, `%lb < %ub ? (%ub - %lb - 1) / %s + 1 : 0` in unsigned
    arithmetic, step 1, with `%i = %lb + %t * %s` in the body; innermost
    loops with small bodies only, which LLVM unrolls. The values
    of %i are the same, and no computation can wrap. LLVM's loop
    unroller needs a trip count it can compute, which it cannot for
    `%i += %s` without a no-wrap flag; with one, NVPTX unrolls grid-stride
    loops as nvcc does.
  }];
  let options = [
    Option<"constantStepsOnly", "constant-steps-only", "bool",
           /*default=*/"false",
           "Only loops whose step is a constant, whose trip count is a "
           "shift or a multiplication (for backends where a division by a "
           "value costs more than unrolling gains)">,
  ];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def SpecializeKernelArguments
    : Pass<"mlirc-specialize-kernel-arguments", "mlir::ModuleOp"> {
  let summary = "Kernels take what every launch of them passes";
  let description = [{
    A kernel argument that every launch in the module passes as a
    memref.cast from one static type takes that type (cast back inside the
    kernel, which folds into its uses); one to which every launch passes
    the same constant scalar uses the constant. Kernels whose symbol has
    other users than launches stay as they are.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::memref::MemRefDialect"];
}

def DeviceLineInfo : Pass<"mlirc-device-line-info", "mlir::ModuleOp"> {
  let summary = "Debug scopes on device functions, for line info";
  let description = [{
    MLIR's ensure-debug-info-scope-on-llvm-func with debug directives only,
    the locations of ops outside llvm.funcs that are call sites being their
    callee's while it runs (MLIR 22's crashes on them).
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def DropUnusedKernelArguments
    : Pass<"mlirc-drop-unused-kernel-arguments", "mlir::ModuleOp"> {
  let summary = "Lowered kernels lose the parameters none of their copies "
                "reads";
  let description = [{
    After the device lowering, a parameter of a kernel's llvm.func that no
    copy of the kernel (one per vendor or chip) uses is erased from every
    copy, and the module's `mlirc.kernel_arguments` records the parameters
    that stay, for mlirc-lower-launches-to-runtime. Kernels the host target
    or Vulkan also compile, and kernels whose symbol has host users other
    than launches, keep their parameters.
  }];
}

def MaxThreadsPerBlock
    : Pass<"mlirc-max-threads-per-block", "mlir::gpu::GPUModuleOp"> {
  let summary = "mlirc.max_threads_per_block as a vendor's kernel attribute";
  let options = [
    Option<"vendor", "vendor", "std::string", "\"\"",
           "nvvm (maxntid) or rocdl (flat work-group size); else removed">,
  ];
}

def FlushDenormals
    : Pass<"mlirc-flush-denormals", "mlir::gpu::GPUModuleOp"> {
  let summary = "Device functions flush f32 denormals to zero";
  let description = [{
    Gives every function of the (lowered) gpu.module LLVM's
    denormal-fp-math-f32 = preserve-sign, so the back ends pick their
    flushing instructions (PTX .ftz) and modes; with reflect-ftz, also the
    nvvm-reflect-ftz module flag, which picks libdevice's flushing paths.
  }];
  let options = [
    Option<"reflectFtz", "reflect-ftz", "bool", "false",
           "Add the nvvm-reflect-ftz module flag (libdevice)">,
  ];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def VectorToSubgroupMma
    : Pass<"mlirc-vector-to-subgroup-mma", "mlir::gpu::GPUModuleOp"> {
  let summary = "Uniform vector contractions in kernels as subgroup MMA";
  let description = [{
    A kernel in which nothing differs between threads (no thread or lane
    id, no atomic result, no call, no vendor op) computes every
    vector.contract identically in each thread; when its block is whole
    subgroups, MLIR's convert-vector-to-gpu makes each subgroup compute it
    together instead, as gpu.subgroup_mma_* (tensor cores), which is
    what programs written so expect. Only 16x16x16 f16 contractions with
    f16 or f32 accumulators and elementwise ops every target lowers are
    taken; otherwise the kernel stays as written.
  }];
  let dependentDialects = ["mlir::gpu::GPUDialect"];
}

def ContractFloatOps : Pass<"mlirc-contract-float-ops", "mlir::ModuleOp"> {
  let summary = "Let float multiplies and adds fuse, as -ffp-contract= says";
  let description = [{
    Adds the `contract` fastmath flag to float arith ops: with `fast` to
    every one, with `on` to a multiply whose one use is an add or a
    subtraction and to that user (what clang fuses within one C
    expression), with `off` to none. Kernels (ops in gpu.modules) take the
    device mode, the rest the host mode. The fast-math flags go to every
    float op with fastmath flags (arith and math). Flags an op has stay.
  }];
  let options = [
    Option<"device", "device", "std::string", "\"fast\"",
           "fast, on or off for ops in gpu.modules">,
    Option<"host", "host", "std::string", "\"on\"",
           "fast, on or off for the other ops">,
    Option<"fastMath", "fast-math", "std::string", "\"\"",
           "fastmath flags (reassoc,nnan,ninf,nsz,arcp,afn) for every float "
           "op, host and device (-ffast-math and its parts)">,
  ];
}

#endif // MLIRC_PIPELINE_PASSES_TD

def ExpandHalfFloats : Pass<"mlirc-expand-half-floats", "mlir::ModuleOp"> {
  let summary = "f16 and bf16 arithmetic in f32, with inline conversions, "
                "for x86 CPUs that convert them by library calls";
  let description = [{
    Without F16C, LLVM's x86 code generator converts every f16 value by a
    library call (__extendhfsf2, __truncsfhf2), and without AVX512-BF16 or
    AVX-NE-CONVERT every f32 rounded to bf16 (__truncsfbf2); its
    two-address pass takes time quadratic in the calls of one block: a
    kernel with a 16x16x16 f16 vector.contract took 20 s to compile. Host
    code and the host target's kernels compute on them in f32 here
    instead, rounding each result back as LLVM does: vector.reduction as
    the ops in turn, arith, vector.fma and vector.contract through MLIR's
    emulate-unsupported-floats and extension to supported types, and the
    conversions to and from f32 as integer and f32 arithmetic that rounds
    to nearest even, subnormals and NaNs as compiler-rt makes them.
  }];
  let options = [
    Option<"f16", "f16", "bool", /*default=*/"true", "Expand f16">,
    Option<"bf16", "bf16", "bool", /*default=*/"true", "Expand bf16">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::vector::VectorDialect",
  ];
}

def DirectedRounding : Pass<"mlirc-directed-rounding"> {
  let summary = "arith.truncf with a rounding mode as the nearest-even "
                "truncation and a correction on its bits";
  let description = [{
    MLIR lowers a truncation's rounding mode (upward, downward,
    toward_zero, to_nearest_away) to LLVM's constrained fptrunc, which only
    states the rounding mode the program has set; nothing sets it, so every
    target rounded to nearest even. Here the truncation rounds to nearest
    even, and the result steps by one in magnitude where that lies on the
    wrong side of the input, or for to_nearest_away where the input is
    exactly halfway and nearest even chose the smaller magnitude; past the
    largest value it becomes what APFloat gives (infinity, NaN or the
    largest value, by type). For every float type with a sign and a zero.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::math::MathDialect"];
}

def ExpandSmallFloats : Pass<"mlirc-expand-small-floats"> {
  let summary = "Arithmetic on the float types LLVM lacks (f8, f6, f4) in "
                "f32, with inline conversions, for GPU kernels";
  let description = [{
    LLVM IR has no 8-, 6- or 4-bit float types; MLIR's LLVM lowering keeps
    their values in integers of their width, and has no rule for computing
    on them. The host computes on them through APFloat calls, which GPUs
    cannot make. Here arithmetic and math on them become f32 arithmetic,
    each result rounded back (emulate-unsupported-floats), and the
    conversions to and from f32 integer and f32 arithmetic that rounds to
    nearest even as APFloat does: subnormals, NaN encodings (all ones, or
    negative zero for the FNUZ types), infinities, and what overflow makes
    of each type (infinity, NaN, or the largest value), so that kernels
    compute what the host target computes. Types without a zero or a sign
    (f8E8M0FNU) and TF32 are left alone.

  }];
  let options = [
    Option<"fmaInF64", "fma-in-f64", "bool", /*default=*/"true",
           "Compute fused multiply-adds in f64, which rounds them once "
           "(false for devices that need not have f64)">,
  ];
  let dependentDialects = [
    "mlir::arith::ArithDialect", "mlir::math::MathDialect",
    "mlir::vector::VectorDialect",
  ];
}

def IndexDivisionsAsArith : Pass<"mlirc-index-divisions-as-arith"> {
  let summary = "The index dialect's rounding divisions as arith's";
  let description = [{
    MLIR 22's index-to-llvm computes `index.ceildivs`, `floordivs` and
    `ceildivu` as selects between two divisions, both computed: for
    ceildivs(INT64_MAX, -1) the one not taken divides INT64_MIN by -1, which
    traps on x86-64 (the program died with SIGFPE). arith's
    `ceildivsi`, `floordivsi` and `ceildivui` are the same operations, and
    mlirc lowers them, on every target, with divisions that cannot
    overflow.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect"];
}
