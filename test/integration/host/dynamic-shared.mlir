// Dynamic shared memory: each block reverses its 64 values through a
// buffer of dynamic_shared_memory_size bytes, with a barrier between the
// writes and the reads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// On Vulkan the buffer is a workgroup array whose length is a
// specialization constant, which each launch's pipeline sets.
// CHECK: [63, 62, 61, {{.*}}, 1, 0, 127, 126, {{.*}}, 65, 64]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reverse(%m: memref<128xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c63 = arith.constant 63 : index
      %tid = gpu.thread_id x
      %g = gpu.global_id x
      %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %buf = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<64xf32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%g] : memref<128xf32>
      memref.store %v, %buf[%tid] : memref<64xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %mirror = arith.subi %c63, %tid : index
      %r = memref.load %buf[%mirror] : memref<64xf32, #gpu.address_space<workgroup>>
      memref.store %r, %m[%g] : memref<128xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %bytes = arith.constant 256 : i32
    %h = memref.alloc() : memref<128xf32>
    scf.for %i = %c0 to %c128 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %h[%i] : memref<128xf32>
    }
    %d = gpu.alloc() : memref<128xf32>
    gpu.memcpy %d, %h : memref<128xf32>, memref<128xf32>
    gpu.launch_func @k::@reverse blocks in (%c2, %c1, %c1)
        threads in (%c64, %c1, %c1) dynamic_shared_memory_size %bytes
        args(%d : memref<128xf32>)
    gpu.memcpy %h, %d : memref<128xf32>, memref<128xf32>
    %u = memref.cast %h : memref<128xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
