// memref.expand_shape with two dynamic sizes in one group (memref<?xf32>
// into memref<?x?xf32>), in host code and in a kernel: MLIR 22's
// expand-strided-metadata crashed on it (an internal compiler error); it
// is now a reinterpret_cast of the source's buffer with the output_shape
// (pipeline/ExpandShapesAsCasts.cpp). The shape comes from the program's
// arguments, so nothing folds it.
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
func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
  // 3 x 4 when run without arguments (argc is 1): nothing folds it.
  %count = arith.index_cast %argc : i32 to index
  %two = arith.constant 2 : index
  %rows = arith.addi %count, %two : index
  %three = arith.constant 3 : index
  %cols = arith.addi %count, %three : index
  call @run(%rows, %cols) : (index, index) -> ()
  %z = arith.constant 0 : i32
  return %z : i32
}
