// Workgroup memory declared as a global of the gpu.module: one copy per
// block, shared by its threads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3, 2, 1, 0, 7, 6, 5, 4]
module attributes {gpu.container_module} {
  gpu.module @k {
    memref.global "private" @tile : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.func @flip(%m: memref<8xi32>) kernel {
      %c3 = arith.constant 3 : index
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %tile = memref.get_global @tile : memref<4xi32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%g] : memref<8xi32>
      memref.store %v, %tile[%t] : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %mirror = arith.subi %c3, %t : index
      %r = memref.load %tile[%mirror] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %r, %m[%g] : memref<8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %h = memref.alloc() : memref<8xi32>
    scf.for %i = %c0 to %c8 step %c1 {
      %ii = arith.index_cast %i : index to i32
      memref.store %ii, %h[%i] : memref<8xi32>
    }
    %d = gpu.alloc() : memref<8xi32>
    gpu.memcpy %d, %h : memref<8xi32>, memref<8xi32>
    gpu.launch_func @k::@flip blocks in (%c2, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%d : memref<8xi32>)
    gpu.memcpy %h, %d : memref<8xi32>, memref<8xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
