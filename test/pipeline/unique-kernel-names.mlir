// RUN: mlirc-opt --mlirc-unique-kernel-names=program-id=abc %s | FileCheck %s
// RUN: mlirc-opt --mlirc-unique-kernel-names=program-id=abc %s | grep gpu.func > %t.abc
// RUN: mlirc-opt --mlirc-unique-kernel-names=program-id=xyz %s | grep gpu.func > %t.xyz
// RUN: not diff %t.abc %t.xyz
// Kernels become <module>_<kernel>_<hash of program id, module, kernel>;
// launches follow; helpers keep their names. Another program id, another
// hash.

// CHECK: gpu.func @kernels_fill_[[HASH:[0-9a-f]{8}]](
// CHECK: func.func @helper()
// CHECK: gpu.launch_func @kernels::@kernels_fill_[[HASH]] blocks
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @fill(%x: memref<4xf32>) kernel {
      gpu.return
    }
    func.func @helper() {
      return
    }
  }
  func.func @main(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @kernels::@fill blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}
