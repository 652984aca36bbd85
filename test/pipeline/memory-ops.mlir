// gpu.alloc, dealloc, memcpy, memset, host_register and wait lower to the
// mlirc runtime's mgpu* functions; a launch and a copy with several async
// dependencies are joined by one gpu.wait first.
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=outlined -o - | FileCheck %s --check-prefix=OUTLINED
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=host -o - | FileCheck %s --check-prefix=HOST

// OUTLINED: gpu.memset
// OUTLINED-NEXT: %[[J1:[0-9]+]] = gpu.wait async [%{{[^,]+}}, %{{[^]]+}}]
// OUTLINED-NEXT: = gpu.launch_func async [%[[J1]]]
// OUTLINED-NEXT: %[[J2:[0-9]+]] = gpu.wait async [%{{[^,]+}}, %{{[^]]+}}]
// OUTLINED-NEXT: = gpu.memcpy async [%[[J2]]]

// HOST-DAG: llvm.call @mgpuMemHostRegisterMemRef
// HOST-DAG: llvm.call @mgpuMemAlloc
// HOST-DAG: llvm.call @mgpuMemset32
// HOST-DAG: llvm.call @mgpuEventRecord
// HOST-DAG: llvm.call @mgpuStreamWaitEvent
// HOST-DAG: llvm.call @mlircLaunchKernel
// HOST-DAG: llvm.call @mgpuMemcpy
// HOST-DAG: llvm.call @mgpuMemFree
// HOST-DAG: llvm.call @mgpuMemHostUnregisterMemRef
// HOST-NOT: gpu.

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @twice(%m: memref<16xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %m[%i] : memref<16xf32>
      %r = arith.addf %v, %v : f32
      memref.store %r, %m[%i] : memref<16xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %f = arith.constant 3.0 : f32
    %h = memref.alloc() : memref<16xf32>
    %hu = memref.cast %h : memref<16xf32> to memref<*xf32>
    gpu.host_register %hu : memref<*xf32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %a, %ta = gpu.alloc async [%t0] () : memref<16xf32>
    %b, %tb = gpu.alloc async [%t1] () : memref<16xf32>
    %ts = gpu.memset async [%ta] %a, %f : memref<16xf32>, f32
    %tl = gpu.launch_func async [%ts, %tb] @k::@twice
        blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%a : memref<16xf32>)
    %tc = gpu.memcpy async [%tl, %tb] %h, %a : memref<16xf32>, memref<16xf32>
    %td = gpu.dealloc async [%tc] %a : memref<16xf32>
    %te = gpu.dealloc async [%td] %b : memref<16xf32>
    gpu.wait [%te]
    gpu.host_unregister %hu : memref<*xf32>
    return
  }
}
