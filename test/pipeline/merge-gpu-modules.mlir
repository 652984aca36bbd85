// RUN: mlirc-opt --mlirc-merge-gpu-modules %s | FileCheck %s
// A translation unit's gpu.modules become one (one device image per
// architecture); a helper whose name collides is renamed with its calls,
// and the launches name the merged module.

// CHECK: gpu.module @first {
// CHECK: func.func @helper() -> f32
// CHECK: gpu.func @k1(
// CHECK: call @helper()
// CHECK: func.func @[[RENAMED:helper_[0-9]+]]() -> f32
// CHECK: gpu.func @k2(
// CHECK: call @[[RENAMED]]()
// CHECK-NOT: gpu.module
// CHECK: gpu.launch_func @first::@k1
// CHECK: gpu.launch_func @first::@k2
module attributes {gpu.container_module} {
  gpu.module @first {
    func.func @helper() -> f32 {
      %one = arith.constant 1.0 : f32
      return %one : f32
    }
    gpu.func @k1(%x: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = func.call @helper() : () -> f32
      memref.store %v, %x[%c0] : memref<4xf32>
      gpu.return
    }
  }
  gpu.module @second {
    func.func @helper() -> f32 {
      %two = arith.constant 2.0 : f32
      return %two : f32
    }
    gpu.func @k2(%x: memref<4xf32>) kernel {
      %c0 = arith.constant 0 : index
      %v = func.call @helper() : () -> f32
      memref.store %v, %x[%c0] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main(%x: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    gpu.launch_func @first::@k1 blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    gpu.launch_func @second::@k2 blocks in (%c1, %c1, %c1)
        threads in (%c1, %c1, %c1) args(%x : memref<4xf32>)
    return
  }
}
