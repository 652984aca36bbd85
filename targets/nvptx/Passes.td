//===- Passes.td - the NVIDIA target's passes --------------*- tablegen -*-===//
//
// Registered by the unit (TargetUnit::registerPasses), so mlirc-opt runs
// them one at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_NVPTX_PASSES_TD
#define MLIRC_TARGETS_NVPTX_PASSES_TD

include "mlir/Pass/PassBase.td"

def CheckNVGPUArchs
    : Pass<"mlirc-check-nvgpu-archs", "mlir::gpu::GPUModuleOp"> {
  let summary = "Report nvgpu ops that a requested NVIDIA arch lacks";
  let description = [{
    An nvgpu op needs a minimum architecture (ldmatrix sm_75, mma.sync,
    async copies and mbarriers sm_80, TMA and mbarrier try_wait sm_90,
    warpgroup MMA sm_90a exactly), as do gpu.subgroup_mma_* ops on f64,
    bf16 and tf32 fragments (sm_80) and 8-bit integer ones (sm_72); ptxas
    would reject it after lowering, at a PTX line, or LLVM's NVPTX back end
    could not select it. This reports it at the op, naming the requested
    archs that lack it and those that have it.
  }];
  let options = [
    ListOption<"chips", "chips", "std::string",
               "The NVIDIA archs requested (sm_NN, sm_NNa, compute_NN)">,
  ];
}

def LowerTmaDescriptors
    : Pass<"mlirc-lower-tma-descriptors", "mlir::ModuleOp"> {
  let summary = "Lower nvgpu.tma.create.descriptor in host code";
  let description = [{
    Host code makes a TMA descriptor with MLIR's nvgpu lowering, a call to
    the runtime's mgpuTensorMapEncodeTiledMemref that returns the
    descriptor in device memory, and passes that pointer to the launches
    that use it; the kernels take it as the pointer nvgpu's device
    lowering makes of the descriptor type. Any other use of a descriptor
    in host code is an error at that use.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def RewriteMmaElementwise
    : Pass<"mlirc-rewrite-mma-elementwise", "mlir::gpu::GPUModuleOp"> {
  let summary = "MMA subf and negatef as the mulf and addf NVVM lowers, "
                "and the kinds it lacks (and compute of mixed signedness) "
                "reported at the op";
  let dependentDialects = ["mlir::arith::ArithDialect"];
}

def TmaDescriptorParams
    : Pass<"mlirc-tma-descriptor-params", "mlir::gpu::GPUModuleOp"> {
  let summary = "Kernel parameters of TMA descriptor type as pointers";
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def NVGPUBlockArguments
    : Pass<"mlirc-nvgpu-block-arguments", "mlir::gpu::GPUModuleOp"> {
  let summary = "Block arguments of nvgpu types in the LLVM types that "
                "convert-nvgpu-to-nvvm gave their values";
  let description = [{
    convert-nvgpu-to-nvvm converts scf loops that carry nvgpu values
    (warpgroup accumulators, async and mbarrier tokens) but not the block
    arguments of cf, which mlirc's kernels are in by then: it leaves them
    between casts from and to their LLVM type. Each such argument takes
    that type and the casts go.
  }];
}

def SharedMemoryArrays
    : Pass<"mlirc-shared-memory-arrays", "mlir::gpu::GPUModuleOp"> {
  let summary = "Zero-sized shared arrays as the dynamic shared memory; "
                "shared memory aligned for bulk tensor copies; the 48 KB "
                "static limit checked";
  let description = [{
    MLIR's lowering of gpu.dynamic_shared_memory, and the zero-sized
    memref.globals in workgroup memory that MLIR's programs use the same
    way, are internal LLVM globals, which NVPTX makes static shared
    variables of one byte: the memory behind them overlaps the kernel's
    other shared variables (an mbarrier the TMA copy then overwrites).
    They become external, CUDA's `extern __shared__` arrays, which all
    start where the dynamic shared memory does. In a kernel module with
    TMA copies or warpgroup MMA, every shared array is aligned to 1024
    bytes, what their 128-byte swizzle needs. A kernel whose static shared
    memory exceeds 48 KB is an error at the kernel.
  }];
}

def LooseThreadBounds
    : Pass<"mlirc-loose-thread-bounds", "mlir::gpu::GPUModuleOp"> {
  let summary = "Drop the maxntid of a known block size that bounds no "
                "register";
  let description = [{
    MLIR lowers a kernel's known_block_size to PTX's .maxntid. For 256
    threads or fewer, that bounds nothing (255 registers each still fit
    the register file), but ptxas, compiling relocatable code as mlirc
    does, takes it as leave to use them: the tiled matmul of
    bench/codegen.sh got 115 registers instead of 32, a quarter of the
    occupancy, and ran 1.7 times as long as nvcc's on an H200. The
    attribute goes there; larger blocks keep it, so that their kernels
    can launch.
  }];
}

#endif // MLIRC_TARGETS_NVPTX_PASSES_TD
