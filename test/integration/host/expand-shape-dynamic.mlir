// memref.expand_shape with two dynamic sizes in one group (memref<?xf32>
// into memref<?x?xf32>), in host code and in a kernel: MLIR 22's
// expand-strided-metadata crashed on it (an internal compiler error); it
// is now a reinterpret_cast of the source's buffer with the output_shape
// (pipeline/ExpandShapesAsCasts.cpp). The shape comes from the program's
// arguments, so nothing folds it. @strided expands every other element of
// two rows: the strides are the source's times the sizes inside a group.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 2 offset = 0 sizes = [3, 4] strides = [4, 1]
// CHECK-NEXT: [0,   1,   2,   3],
// CHECK-NEXT: [4,   5,   6,   7],
// CHECK-NEXT: [8,   9,   10,   11]]
// CHECK: sizes = [4, 3]
// CHECK-NEXT: [11,   7,   3],
// CHECK-NEXT: [10,   6,   2],
// CHECK-NEXT: [9,   5,   1],
// CHECK-NEXT: [8,   4,   0]]
// CHECK: rank = 3 offset = 0 sizes = [2, 3, 4] strides = [24, 8, 2]
// CHECK-NEXT: {{\[\[\[}}0,    2,    4,    6],
// CHECK-NEXT: [8,    10,    12,    14],
// CHECK-NEXT: [16,    18,    20,    22]],
// CHECK-NEXT: {{\[\[}}-0,    -2,    -4,    -6],
func.func private @printMemrefF32(memref<*xf32>)
func.func @run(%rows: index, %cols: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = arith.muli %rows, %cols : index
  %m = gpu.alloc host_shared (%n) : memref<?xf32>
  %o = gpu.alloc host_shared (%cols, %rows) : memref<?x?xf32>
  scf.for %i = %c0 to %n step %c1 {
    %ti = arith.index_cast %i : index to i32
    %f = arith.sitofp %ti : i32 to f32
    memref.store %f, %m[%i] : memref<?xf32>
  }
  %host = memref.expand_shape %m [[0, 1]] output_shape [%rows, %cols] : memref<?xf32> into memref<?x?xf32>
  %h = memref.cast %host : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%h) : (memref<*xf32>) -> ()
  // Each thread writes its element of the transpose, reversed.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %cols, %sy = %rows, %sz = %c1) {
    %e = memref.expand_shape %m [[0, 1]] output_shape [%rows, %cols] : memref<?xf32> into memref<?x?xf32>
    %v = memref.load %e[%ty, %tx] : memref<?x?xf32>
    %lastRow = arith.subi %rows, %c1 : index
    %lastCol = arith.subi %cols, %c1 : index
    %r = arith.subi %lastCol, %tx : index
    %c = arith.subi %lastRow, %ty : index
    memref.store %v, %o[%r, %c] : memref<?x?xf32>
    gpu.terminator
  }
  %u = memref.cast %o : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @strided(%p: index, %q: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c24 = arith.constant 24 : index
  %m = memref.alloc() : memref<2x24xf32>
  scf.for %i = %c0 to %c24 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%c0, %i] : memref<2x24xf32>
    %g = arith.negf %f : f32
    memref.store %g, %m[%c1, %i] : memref<2x24xf32>
  }
  %n = arith.muli %p, %q : index
  %t = memref.subview %m[0, 0] [2, %n] [1, 2] : memref<2x24xf32> to memref<2x?xf32, strided<[24, 2]>>
  %e = memref.expand_shape %t [[0], [1, 2]] output_shape [2, %p, %q] : memref<2x?xf32, strided<[24, 2]>> into memref<2x?x?xf32, strided<[24, ?, 2]>>
  %u = memref.cast %e : memref<2x?x?xf32, strided<[24, ?, 2]>> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<2x24xf32>
  return
}
func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
  // 3 x 4 when run without arguments (argc is 1): nothing folds it.
  %count = arith.index_cast %argc : i32 to index
  %two = arith.constant 2 : index
  %rows = arith.addi %count, %two : index
  %three = arith.constant 3 : index
  %cols = arith.addi %count, %three : index
  call @run(%rows, %cols) : (index, index) -> ()
  call @strided(%rows, %cols) : (index, index) -> ()
  %z = arith.constant 0 : i32
  return %z : i32
}
