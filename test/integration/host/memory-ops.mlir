// Memory operations and async tokens on the host: memset, copies with
// several dependencies, host registration, dealloc, and a fork/join of
// launches.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7, 7]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @add(%a: memref<16xi32>, %b: memref<16xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %a[%i] : memref<16xi32>
      %y = memref.load %b[%i] : memref<16xi32>
      %s = arith.addi %x, %y : i32
      memref.store %s, %a[%i] : memref<16xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %three = arith.constant 3 : i32
    %four = arith.constant 4 : i32
    %h = memref.alloc() : memref<16xi32>
    %hu = memref.cast %h : memref<16xi32> to memref<*xi32>
    gpu.host_register %hu : memref<*xi32>
    %t0 = gpu.wait async
    %t1 = gpu.wait async
    %a, %ta = gpu.alloc async [%t0] () : memref<16xi32>
    %b, %tb = gpu.alloc async [%t1] () : memref<16xi32>
    %sa = gpu.memset async [%ta] %a, %three : memref<16xi32>, i32
    %sb = gpu.memset async [%tb] %b, %four : memref<16xi32>, i32
    %tl = gpu.launch_func async [%sa, %sb] @k::@add
        blocks in (%c1, %c1, %c1) threads in (%c16, %c1, %c1)
        args(%a : memref<16xi32>, %b : memref<16xi32>)
    %tc = gpu.memcpy async [%tl, %sb] %h, %a : memref<16xi32>, memref<16xi32>
    %td = gpu.dealloc async [%tc] %a : memref<16xi32>
    %te = gpu.dealloc async [%td] %b : memref<16xi32>
    gpu.wait [%te]
    call @printMemrefI32(%hu) : (memref<*xi32>) -> ()
    gpu.host_unregister %hu : memref<*xi32>
    return
  }
}
