// n-D vector.load and vector.store (MLIR's LLVM lowering takes 1-D ones
// only), in host code and in a kernel, at offsets into a larger memref.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 5, 6, 7 ), ( 9, 10, 11 ) )
// CHECK: [0,   1,   2,   3],
// CHECK-NEXT: [4,   5,   6,   7],
// CHECK-NEXT: [8,   -5,   -6,   -7],
// CHECK-NEXT: [12,   -9,   -10,   -11]]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %m = memref.alloc() : memref<4x4xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %k = arith.muli %i, %c4 : index
      %l = arith.addi %k, %j : index
      %li = arith.index_cast %l : index to i32
      %f = arith.sitofp %li : i32 to f32
      memref.store %f, %m[%i, %j] : memref<4x4xf32>
    }
  }
  %v = vector.load %m[%c1, %c1] : memref<4x4xf32>, vector<2x3xf32>
  vector.print %v : vector<2x3xf32>
  // A kernel negates the block and stores it one row further down.
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %c2 = arith.constant 2 : index
    %k1 = arith.constant 1 : index
    %w = vector.load %m[%k1, %k1] : memref<4x4xf32>, vector<2x3xf32>
    %n = arith.negf %w : vector<2x3xf32>
    vector.store %n, %m[%c2, %k1] : memref<4x4xf32>, vector<2x3xf32>
    gpu.terminator
  }
  %u = memref.cast %m : memref<4x4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %m : memref<4x4xf32>
  return
}
