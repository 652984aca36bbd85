// RUN: mlirc-opt --mlirc-drop-unused-kernel-arguments %s | FileCheck %s
// Lowered kernels lose the parameters that none of their copies reads; the
// module records, per kernel, the parameters launches still pass. A kernel
// some target takes as a gpu.func (Vulkan) or as a host block function,
// or whose symbol host code uses otherwise than to launch it, keeps them;
// so does one the input records already (mlirc's --compile-to=device).

// CHECK: module attributes {gpu.container_module, mlirc.kernel_arguments = {pruned = array<i1: false, true, true, false>, recorded = array<i1: true, false, true>}}
// CHECK-LABEL: gpu.module @nvidia
// CHECK: llvm.func @pruned(%{{.*}}: !llvm.ptr, %{{.*}}: i64) attributes {gpu.kernel}
// CHECK: llvm.func @on_vulkan(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK: llvm.func @on_host(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK: llvm.func @addressed(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// CHECK: llvm.func @all_used(%{{.*}}: !llvm.ptr)
// CHECK: llvm.func @recorded(%{{.*}}: !llvm.ptr, %{{.*}}: !llvm.ptr)
// The parameter one copy reads stays in the other too.
// CHECK-LABEL: gpu.module @amd
// CHECK: llvm.func @pruned(%{{.*}}: !llvm.ptr, %{{.*}}: i64) attributes {gpu.kernel}
module attributes {gpu.container_module,
    mlirc.kernel_arguments = {recorded = array<i1: true, false, true>}} {
  gpu.module @nvidia {
    llvm.func @pruned(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %size: i64,
                      %unused: i64) attributes {gpu.kernel} {
      %v = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %v, %aligned : f32, !llvm.ptr
      llvm.return
    }
    llvm.func @on_vulkan(%a: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
    llvm.func @on_host(%a: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
    llvm.func @addressed(%a: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel} {
      llvm.return
    }
    llvm.func @all_used(%a: !llvm.ptr) attributes {gpu.kernel} {
      %v = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %v, %a : f32, !llvm.ptr
      llvm.return
    }
    llvm.func @recorded(%a: !llvm.ptr, %b: !llvm.ptr) attributes {gpu.kernel} {
      %v = llvm.mlir.constant(1.0 : f32) : f32
      llvm.store %v, %a : f32, !llvm.ptr
      llvm.return
    }
  }
  gpu.module @amd {
    llvm.func @pruned(%alloc: !llvm.ptr, %aligned: !llvm.ptr, %size: i64,
                      %unused: i64) attributes {gpu.kernel} {
      %v = llvm.mlir.constant(1.0 : f32) : f32
      %p = llvm.getelementptr %aligned[%size] : (!llvm.ptr, i64) -> !llvm.ptr, f32
      llvm.store %v, %p : f32, !llvm.ptr
      llvm.return
    }
  }
  gpu.module @vulkan {
    gpu.func @on_vulkan(%a: memref<4xf32>) kernel {
      gpu.return
    }
  }
  func.func private @__mlirc_host.on_host(!llvm.ptr, memref<4xf32>)
      attributes {mlirc.host_kernel = "on_host"}
  func.func private @names() attributes {kernel = @nvidia::@addressed}
  func.func @run(%p: !llvm.ptr, %n: i64) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @nvidia::@pruned blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1)
        args(%p : !llvm.ptr, %p : !llvm.ptr, %n : i64, %n : i64)
    return
  }
}
