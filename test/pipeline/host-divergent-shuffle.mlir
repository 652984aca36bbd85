// A shuffle inside a branch that only some threads of the block take: the
// host target runs such branches once for the whole block, so it reports
// the branch, naming the shuffle.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-divergent-shuffle.mlir:[[@LINE+8]]:{{[0-9]+}}: error: the condition of a branch holding 'gpu.shuffle' must be the same for all threads
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) kernel {
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %one = arith.constant 1 : i32
        %w = arith.constant 16 : i32
        %x, %ok = gpu.shuffle xor %ti, %one, %w : i32
        memref.store %x, %m[%t] : memref<64xi32>
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
