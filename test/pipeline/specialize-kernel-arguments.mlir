// RUN: mlirc-opt --mlirc-specialize-kernel-arguments %s | FileCheck %s
// A kernel takes what every launch of it passes: the static type its
// buffers are cast from (cast back inside, so the kernel's code folds the
// static strides), and the same constant scalar. Where launches differ,
// the argument stays.

// CHECK-LABEL: gpu.func @same(
// CHECK-SAME: %[[A:.*]]: memref<2x4x13xf32>, %[[N:.*]]: index, %[[F:.*]]: f32)
// CHECK-DAG: %[[DYN:.*]] = memref.cast %[[A]] : memref<2x4x13xf32> to memref<?x?x?xf32>
// CHECK-DAG: %[[C13:.*]] = arith.constant 13 : index
// CHECK-DAG: %[[HALF:.*]] = arith.constant 5.000000e-01 : f32
// CHECK: memref.store %[[HALF]], %[[DYN]][%[[C13]], %[[C13]], %[[C13]]]
// CHECK-LABEL: gpu.func @differ(
// CHECK-SAME: %[[B:.*]]: memref<?xf32>, %[[M:.*]]: index)
// CHECK: memref.store %{{.*}}, %[[B]][%[[M]]]
// CHECK-LABEL: func.func @main(
// CHECK: gpu.launch_func @k::@same {{.*}} args(%{{.*}} : memref<2x4x13xf32>, %{{.*}} : index, %{{.*}} : f32)
// CHECK: gpu.launch_func @k::@same {{.*}} args(%{{.*}} : memref<2x4x13xf32>, %{{.*}} : index, %{{.*}} : f32)
// CHECK: gpu.launch_func @k::@differ {{.*}} args(%{{.*}} : memref<?xf32>, %{{.*}} : index)
// CHECK: gpu.launch_func @k::@differ {{.*}} args(%{{.*}} : memref<?xf32>, %{{.*}} : index)
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @same(%a: memref<?x?x?xf32>, %n: index, %f: f32) kernel {
      memref.store %f, %a[%n, %n, %n] : memref<?x?x?xf32>
      gpu.return
    }
    gpu.func @differ(%b: memref<?xf32>, %m: index) kernel {
      %zero = arith.constant 0.0 : f32
      memref.store %zero, %b[%m] : memref<?xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c13 = arith.constant 13 : index
    %half = arith.constant 0.5 : f32
    %x = memref.alloc() : memref<2x4x13xf32>
    %y = memref.alloc() : memref<2x4x13xf32>
    %xd = memref.cast %x : memref<2x4x13xf32> to memref<?x?x?xf32>
    %yd = memref.cast %y : memref<2x4x13xf32> to memref<?x?x?xf32>
    gpu.launch_func @k::@same blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%xd : memref<?x?x?xf32>, %c13 : index, %half : f32)
    gpu.launch_func @k::@same blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%yd : memref<?x?x?xf32>, %c13 : index, %half : f32)
    %u = memref.alloc() : memref<8xf32>
    %v = memref.alloc() : memref<9xf32>
    %ud = memref.cast %u : memref<8xf32> to memref<?xf32>
    %vd = memref.cast %v : memref<9xf32> to memref<?xf32>
    gpu.launch_func @k::@differ blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%ud : memref<?xf32>, %c1 : index)
    gpu.launch_func @k::@differ blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%vd : memref<?xf32>, %c2 : index)
    return
  }
}
