// Private memory that lives across a barrier: every thread fills its own
// four values, waits, then sums them; one shared copy would give every
// thread the last thread's values.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0, 6, 12, 18, 24, 30, 36, 42]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<8xf32>) private(%mine : memref<4xf32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      scf.for %k = %c0 to %c4 step %c1 {
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %v = arith.mulf %tf, %kf : f32
        memref.store %v, %mine[%k] : memref<4xf32, #gpu.address_space<private>>
      }
      gpu.barrier
      %zero = arith.constant 0.0 : f32
      %sum = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> f32 {
        %v = memref.load %mine[%k] : memref<4xf32, #gpu.address_space<private>>
        %a = arith.addf %acc, %v : f32
        scf.yield %a : f32
      }
      memref.store %sum, %m[%t] : memref<8xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %d = gpu.alloc() : memref<8xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%d : memref<8xf32>)
    %h = memref.alloc() : memref<8xf32>
    gpu.memcpy %h, %d : memref<8xf32>, memref<8xf32>
    %u = memref.cast %h : memref<8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
