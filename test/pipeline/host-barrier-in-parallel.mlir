// A barrier inside a construct the host target cannot run around its thread
// loops (an scf.parallel inside a kernel) is reported at that construct,
// naming the ones it can. scf.index_switch, which this test held before,
// now runs (test/integration/host/switch-barriers.mlir).
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-barrier-in-parallel.mlir:[[@LINE+9]]:{{[0-9]+}}: error: mlirc's host target supports gpu.barrier, shuffles and reductions inside scf.for, scf.while, scf.if and scf.index_switch only
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>, %mode: index) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %m[%t] : memref<64xi32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      scf.parallel (%i) = (%c0) to (%mode) step (%c1) {
        gpu.barrier
        scf.reduce
      }
      gpu.return
    }
  }
  func.func @main(%m: memref<64xi32>, %mode: index) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%m : memref<64xi32>, %mode : index)
    return
  }
}
