//===- Passes.td - the Vulkan target's passes ----------------*- tablegen -*-===//
//
// Registered by the unit (TargetUnit::registerPasses), so mlirc-opt runs
// them one at a time.
//
//===----------------------------------------------------------------------===//

#ifndef MLIRC_TARGETS_VULKAN_PASSES_TD
#define MLIRC_TARGETS_VULKAN_PASSES_TD

include "mlir/Pass/PassBase.td"

def EmulateSubgroupMma
    : Pass<"mlirc-vulkan-emulate-subgroup-mma", "mlir::gpu::GPUModuleOp"> {
  let summary = "Run gpu.subgroup_mma_* ops as vector ops of one thread in "
                "32";
  let description = [{
    Vulkan has tensor cores only through an extension (cooperative
    matrices) that few devices have, lavapipe not among them: the first
    of each 32 consecutive threads holds each matrix as a vector and
    computes it, as on the host target, and in the functions of a program
    with matrices the lane and subgroup ids and sizes count such
    subgroups. An op this cannot emulate is an error at it.
  }];
  let dependentDialects = ["mlir::arith::ArithDialect",
                           "mlir::scf::SCFDialect",
                           "mlir::vector::VectorDialect"];
}

def ConvertKernelsToSPIRV
    : Pass<"mlirc-convert-kernels-to-spirv", "mlir::gpu::GPUModuleOp"> {
  let summary = "Lower a gpu.module's kernels to a SPIR-V compute module";
  let description = [{
    Gives each kernel the workgroup size Vulkan compute shaders fix at
    compile time (from its known_block_size), then converts a copy of the
    gpu.module into a spirv.module nested in it (what the
    #spirv.target_env's serialization takes): gpu, scf, arith, math
    (GLSL.std.450), memref (storage buffers), vector, index and func ops.
    Kernel arguments become storage buffers in descriptor set 0, one
    binding each in argument order. An op with no SPIR-V lowering, or a
    kernel without a known block size, is an error at it.
  }];
  let dependentDialects = ["mlir::spirv::SPIRVDialect"];
}

def RecordKernelABI
    : Pass<"mlirc-record-kernel-abi", "mlir::gpu::GPUModuleOp"> {
  let summary = "Move kernels' scalar arguments into push constants and "
                "record how the runtime binds each argument";
  let description = [{
    Runs after mlirc-convert-kernels-to-spirv, before
    spirv-lower-abi-attrs. Each kernel's scalar arguments become members of
    one push-constant block (as far as the 128 bytes every Vulkan device
    has reach), and the gpu.module's `mlirc.image_properties` dictionary
    gets, per kernel, the argument layout (`abi.<kernel>`), the
    push-constant size (`push.<kernel>`) and the workgroup size
    (`block.<kernel>`) that the image carries to the runtime. A memref
    whose elements have another size in the shader than on the host is an
    error at the kernel.
  }];
}

def CompleteSPIRVRequirements
    : Pass<"mlirc-complete-spirv-requirements", "mlir::spirv::ModuleOp"> {
  let summary = "Complete what MLIR's spirv-update-vce leaves out of a "
                "module's requirements";
  let description = [{
    Runs after spirv-update-vce, which derives the requirements from ops
    and types only, and chooses the oldest SPIR-V version they allow:
    - a module whose entry points list storage buffers among their
      interfaces (spirv-lower-abi-attrs does so when the target allows
      SPIR-V 1.4) requires SPIR-V 1.4, which older versions reject;
    - a module reading a subgroup built-in (SubgroupSize,
      SubgroupLocalInvocationId, ...) requires GroupNonUniform.
  }];
}

#endif // MLIRC_TARGETS_VULKAN_PASSES_TD
