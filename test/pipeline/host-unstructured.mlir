// Kernels with unstructured control flow (cf branches between blocks) run
// on the host target unless they hold barriers, shuffles or reductions,
// which need scf to be placed; that is reported at the kernel, without a
// dump of the whole kernel.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-unstructured.mlir:[[@LINE+4]]:{{[0-9]+}}: error: mlirc's host target needs structured control flow (scf) in kernels with barriers, shuffles or reductions
// CHECK-NOT: see current operation
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c32 = arith.constant 32 : index
      %lo = arith.cmpi ult, %t, %c32 : index
      cf.cond_br %lo, ^low, ^high
    ^low:
      %one = arith.constant 1 : i32
      memref.store %one, %m[%t] : memref<64xi32>
      cf.br ^end
    ^high:
      %two = arith.constant 2 : i32
      memref.store %two, %m[%t] : memref<64xi32>
      cf.br ^end
    ^end:
      gpu.barrier
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
