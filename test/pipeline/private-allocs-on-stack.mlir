// A memref.alloc of a thread's private memory in a kernel is a
// memref.alloca, its deallocs gone: MLIR lowered it to a heap allocation
// cast to the private address space (global to private on AMD, which no
// GPU can use). Allocations of other memory stay.
// RUN: mlirc-opt --mlirc-private-allocs-on-stack %s | FileCheck %s
// CHECK-LABEL: gpu.func @k
// CHECK: memref.alloca() {alignment = 16 : i64} : memref<4xf32, #gpu.address_space<private>>
// CHECK: memref.alloca(%{{.*}}) : memref<?xf32, 5>
// CHECK: memref.alloc() : memref<4xf32>
// CHECK-NOT: memref.dealloc %{{.*}} : memref<{{.*}}private
// CHECK-NOT: memref.dealloc %{{.*}} : memref<?xf32, 5>
// CHECK: memref.dealloc %{{.*}} : memref<4xf32>
gpu.module @m {
  gpu.func @k(%n: index) kernel {
    %p = memref.alloc() {alignment = 16} : memref<4xf32, #gpu.address_space<private>>
    %q = memref.alloc(%n) : memref<?xf32, 5>
    %g = memref.alloc() : memref<4xf32>
    memref.dealloc %p : memref<4xf32, #gpu.address_space<private>>
    memref.dealloc %q : memref<?xf32, 5>
    memref.dealloc %g : memref<4xf32>
    gpu.return
  }
}
