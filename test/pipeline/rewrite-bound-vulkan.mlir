// mlirc's own greedy rewrites (here the Vulkan conversion's, which mix
// MLIR's patterns with mlirc's) have the canonicalizer's bound on every
// pattern, fold and IR change: a rewrite loop among them ends with an error
// at the op rewritten last, naming the pass. A test-only option lowers the
// bound so that lowering one affine.apply reaches it; by default the
// kernel converts.
// RUN: not mlirc-opt --mlirc-max-rewrites=1 --pass-pipeline='builtin.module(gpu.module(mlirc-convert-kernels-to-spirv))' %s 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: mlirc-opt --pass-pipeline='builtin.module(gpu.module(mlirc-convert-kernels-to-spirv))' %s | FileCheck %s
// BOUND: rewrite-bound-vulkan.mlir:[[# @LINE + 12]]:12: error: internal compiler error in pass mlirc-convert-kernels-to-spirv: 1 rewrites without reaching a fixed point, a rewrite loop at this op; please report it with the input
// CHECK: spirv.func @scale
// CHECK: %[[TWICE:.*]] = spirv.IMul %{{.*}}, %{{.*}} : i32
// CHECK: spirv.IAdd %[[TWICE]], %{{.*}} : i32

#map = affine_map<(d0) -> (d0 * 2 + 1)>
module attributes {gpu.container_module} {
  gpu.module @k [#spirv.target_env<#spirv.vce<v1.3, [Shader],
                 [SPV_KHR_storage_buffer_storage_class]>, api=Vulkan,
                 #spirv.resource_limits<>>] {
    gpu.func @scale(%a: memref<64xf32>) kernel {
      %i = gpu.thread_id x upper_bound 32
      %j = affine.apply #map(%i)
      %v = memref.load %a[%j] : memref<64xf32>
      memref.store %v, %a[%i] : memref<64xf32>
      gpu.return
    }
  }
}
