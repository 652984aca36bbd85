// Kernels with unstructured control flow (cf branches between blocks) that
// hold barriers, shuffles or reductions, which need scf to be placed, have
// their branches lifted into scf ops on the host target
// (kernel-branches-barriers.mlir). Where they do not lift (an exit that is
// no gpu.return), that is reported at the kernel, without a dump of the
// whole kernel.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-unstructured.mlir:[[@LINE+4]]:{{[0-9]+}}: error: mlirc's host target needs structured control flow (scf) in kernels with barriers, shuffles or reductions, and this kernel's branches do not lift into scf ops
// CHECK-NOT: see current operation
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) kernel {
      %t = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %in = arith.cmpi ult, %t, %c64 : index
      cf.cond_br %in, ^ok, ^bad
    ^bad:
      llvm.unreachable
    ^ok:
      gpu.barrier
      %one = arith.constant 1 : i32
      memref.store %one, %m[%t] : memref<64xi32>
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
