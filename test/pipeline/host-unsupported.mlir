// What the host target cannot compile is reported at the op, and nothing
// is written: here a tensor-core fragment's thread-local element, which
// the host target's emulation of subgroup MMA does not have.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-unsupported.mlir:[[@LINE+7]]:{{[0-9]+}}: error: 'gpu.subgroup_mma_extract_thread_local' cannot be compiled for the host target: it emulates loads, stores, compute (float and signless integer), constants and elementwise ops on !gpu.mma_matrix values, and their passing through loops and branches, not this op
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<32xf32>, %a: memref<16x16xf16>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %e = gpu.subgroup_mma_extract_thread_local %A[%c0] : !gpu.mma_matrix<16x16xf16, "AOp"> -> f16
      %f = arith.extf %e : f16 to f32
      memref.store %f, %m[%t] : memref<32xf32>
      gpu.return
    }
  }
}
