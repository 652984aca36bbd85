//===- Passes.td - the AMD target's passes -----------------*- tablegen -*-===//
//
// Registered by the unit (TargetUnit::registerPasses), so mlirc-opt runs
// them one at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_AMDGPU_PASSES_TD
#define MLIRC_TARGETS_AMDGPU_PASSES_TD

include "mlir/Pass/PassBase.td"

def PrivateAllocas : Pass<"mlirc-private-allocas", "mlir::gpu::GPUModuleOp"> {
  let summary = "Move AMD kernels' allocas to the private address space";
  let description = [{
    Moves every llvm.alloca of a gpu.module into AMDGPU's private address
    space, cast back to the flat pointer its users expect.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def DeviceScopeAtomics
    : Pass<"mlirc-device-scope-atomics", "mlir::gpu::GPUModuleOp"> {
  let summary = "Give AMD kernels' atomics device scope, and drop acquires "
                "nothing follows";
  let description = [{
    Every llvm.atomicrmw and llvm.cmpxchg of a gpu.module without a
    syncscope gets the "agent" scope (the device), as HIP's and CUDA's
    atomics have. The acquire half of an atomic in a kernel is dropped where
    no memory access can follow it in that kernel: it orders nothing. With
    no-remote-memory (-fno-atomic-remote-memory) every atomic is marked as
    touching no remote memory, with unsafe-float-atomics
    (-munsafe-fp-atomics) every float atomic also as touching no
    fine-grained memory and free to flush denormals: the backend then
    selects its atomic instructions (integer max and min, gfx90a's
    global_atomic_add_f32) instead of compare-and-swap loops.
  }];
  let options = [
    Option<"noRemoteMemory", "no-remote-memory", "bool", /*default=*/"false",
           "Atomics touch no host or peer memory (-fno-atomic-remote-memory)">,
    Option<"unsafeFloatAtomics", "unsafe-float-atomics", "bool",
           /*default=*/"false",
           "Float atomics touch device memory only and may flush denormals "
           "(-munsafe-fp-atomics)">,
  ];
  let dependentDialects = ["mlir::ROCDL::ROCDLDialect"];
}

def DeviceHeapCalls
    : Pass<"mlirc-device-heap-calls", "mlir::gpu::GPUModuleOp"> {
  let summary = "malloc and free in AMD kernels as ockl's heap functions";
  let description = [{
    Replaces each llvm.call of malloc or free in a gpu.module (what
    memref.alloc and memref.dealloc lower to) with one of ockl's
    __ockl_dm_alloc or __ockl_dm_dealloc, HIP's device malloc and free:
    the first gives a global pointer, the second takes an integer address.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def OcmlMathCalls : Pass<"mlirc-ocml-math-calls", "mlir::gpu::GPUModuleOp"> {
  let summary = "math ops that have an ocml function as calls of it";
  let description = [{
    MLIR's math-to-rocdl patterns, before the gpu-to-rocdl conversion: in
    that conversion the lowering to LLVM intrinsics comes first where the
    intrinsic is legal, and LLVM's AMDGPU back end selects no tan, acos,
    asin, atan, atan2, sinh, cosh or tanh. HIP calls ocml for them.
  }];
  let dependentDialects = ["mlir::LLVM::LLVMDialect"];
}

def LowerAsserts : Pass<"mlirc-lower-asserts", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower cf.assert in AMD kernels to a message and a trap";
  let description = [{
    Replaces every cf.assert of a gpu.module with a branch to a gpu.printf
    of its location and message and a trap.
  }];
}

def LowerSubgroupMmaToWmma
    : Pass<"mlirc-lower-subgroup-mma-to-wmma", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower gpu.subgroup_mma_* ops to AMD's WMMA";
  let description = [{
    On gfx11 and gfx12, turns each !gpu.mma_matrix into the vector one lane
    holds in the chip's WMMA layout: loads and stores per element, compute
    as amdgpu.wmma, constants and elementwise ops on the vectors, through
    loops and branches. On other chips, and for shapes and element types
    WMMA lacks, it is an error at the op naming the chip.
  }];
  let options = [
    Option<"chip", "chip", "std::string", "\"gfx1100\"",
           "The AMD chip the gpu.module is lowered for">,
  ];
  let dependentDialects = [
    "mlir::amdgpu::AMDGPUDialect", "mlir::arith::ArithDialect",
    "mlir::memref::MemRefDialect", "mlir::vector::VectorDialect",
  ];
}

#endif // MLIRC_TARGETS_AMDGPU_PASSES_TD
