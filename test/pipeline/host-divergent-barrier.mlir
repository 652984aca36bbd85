// A barrier in a loop whose bounds depend on the thread id is not reached by
// all threads alike (CUDA leaves that undefined); the host target says so.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-divergent-barrier.mlir:[[@LINE+8]]:{{[0-9]+}}: error: the bounds of a loop holding 'gpu.barrier' must be the same for all threads
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %n = arith.addi %t, %c1 : index
      scf.for %k = %c0 to %n step %c1 {
        %ki = arith.index_cast %k : index to i32
        memref.store %ki, %m[%t] : memref<64xi32>
        gpu.barrier
      }
      gpu.return
    }
  }
  func.func @main(%m: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%m : memref<64xi32>)
    return
  }
}
