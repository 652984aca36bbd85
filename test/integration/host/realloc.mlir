// memref.realloc grows and shrinks a buffer and keeps what fits, static and
// dynamic sizes alike (MLIR's expand-realloc: alloc, copy, dealloc).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      sizes = [4] strides = [1] data =
// CHECK-NEXT: [1,  2,  7,  7]
// CHECK:      sizes = [3] strides = [1] data =
// CHECK-NEXT: [1,  2,  7]
// CHECK:      sizes = [5] strides = [1] data =
// CHECK-NEXT: [1,  2,  7,  9,  9]
func.func private @printMemrefF32(memref<*xf32>)

func.func @fill(%m: memref<?xf32>, %from: index, %value: f32) {
  %c1 = arith.constant 1 : index
  %c0 = arith.constant 0 : index
  %size = memref.dim %m, %c0 : memref<?xf32>
  scf.for %i = %from to %size step %c1 {
    memref.store %value, %m[%i] : memref<?xf32>
  }
  return
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %seven = arith.constant 7.0 : f32
  %nine = arith.constant 9.0 : f32
  %a = memref.alloc() : memref<2xf32>
  memref.store %one, %a[%c0] : memref<2xf32>
  memref.store %two, %a[%c1] : memref<2xf32>
  // Static to static, growing.
  %b = memref.realloc %a : memref<2xf32> to memref<4xf32>
  %bd = memref.cast %b : memref<4xf32> to memref<?xf32>
  func.call @fill(%bd, %c2, %seven) : (memref<?xf32>, index, f32) -> ()
  %bu = memref.cast %b : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%bu) : (memref<*xf32>) -> ()
  // Dynamic, shrinking, then growing again.
  %c = memref.realloc %bd(%c3) : memref<?xf32> to memref<?xf32>
  %cu = memref.cast %c : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  %d = memref.realloc %c(%c5) : memref<?xf32> to memref<?xf32>
  func.call @fill(%d, %c3, %nine) : (memref<?xf32>, index, f32) -> ()
  %du = memref.cast %d : memref<?xf32> to memref<*xf32>
  call @printMemrefF32(%du) : (memref<*xf32>) -> ()
  memref.dealloc %d : memref<?xf32>
  return
}
