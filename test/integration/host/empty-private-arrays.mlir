// A private array of no elements, passed to a device function, in a kernel
// whose thread loops a barrier splits (MLIR's buffer deallocation makes
// such arrays for its helpers). On the host target each thread's row of it
// had no bytes, and the view of the rows was invalid IR
// ("'memref.collapse_shape' op collapsed dim (0) must be dynamic").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  2,  1,  0]
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @length(%m: memref<?xi32>) -> index {
      %c0 = arith.constant 0 : index
      %n = memref.dim %m, %c0 : memref<?xi32>
      return %n : index
    }
    gpu.func @kernel(%out: memref<4xi32>)
        workgroup(%shared : memref<4xi32, #gpu.address_space<workgroup>>) kernel {
      %tx = gpu.thread_id x
      %empty = memref.alloca() : memref<0xi32>
      %t = arith.index_cast %tx : index to i32
      memref.store %t, %shared[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %any = memref.cast %empty : memref<0xi32> to memref<?xi32>
      %n = func.call @length(%any) : (memref<?xi32>) -> index
      %c3 = arith.constant 3 : index
      %o = arith.subi %c3, %tx : index
      %i = arith.addi %o, %n : index
      %v = memref.load %shared[%i] : memref<4xi32, #gpu.address_space<workgroup>>
      memref.store %v, %out[%tx] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<4xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%out : memref<4xi32>)
    %u = memref.cast %out : memref<4xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
