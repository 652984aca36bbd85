// n-D vectors that scf ops carry, in a kernel: a vector<4x4xf32> tile an
// scf.for accumulates and a vector<2x4xf32> an scf.if chooses. Vulkan
// passes them through the loop and the branch as their rows (SPIR-V
// vectors have up to four elements). Each of 4 threads adds the 4x4 tiles
// of rows 4t..4t+3 of four 16x4 matrices, then thread 1 negates the first
// two rows of its sum.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 0, 4, 8, 12 ), ( 16, 20, 24, 28 ), ( 32, 36, 40, 44 ), ( 48, 52, 56, 60 ) )
// CHECK-NEXT: ( ( -64, -68, -72, -76 ), ( -80, -84, -88, -92 ) )
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %m = gpu.alloc host_shared () : memref<64x4xf32>
  %out = gpu.alloc host_shared () : memref<4x4x4xf32>
  %firsts = gpu.alloc host_shared () : memref<4x2x4xf32>
  scf.for %i = %c0 to %c64 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %r = arith.remui %i, %c16 : index
      %k = arith.muli %r, %c4 : index
      %e = arith.addi %k, %j : index
      %ei = arith.index_cast %e : index to i32
      %ef = arith.sitofp %ei : i32 to f32
      memref.store %ef, %m[%i, %j] : memref<64x4xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %p = arith.constant 0.0 : f32
    %zero = arith.constant dense<0.0> : vector<4x4xf32>
    %row = arith.muli %tx, %c4 : index
    %sum = scf.for %b = %c0 to %c64 step %c16 iter_args(%acc = %zero) -> vector<4x4xf32> {
      %at = arith.addi %b, %row : index
      %v = vector.transfer_read %m[%at, %c0], %p {in_bounds = [true, true]} : memref<64x4xf32>, vector<4x4xf32>
      %s = arith.addf %acc, %v : vector<4x4xf32>
      scf.yield %s : vector<4x4xf32>
    }
    vector.transfer_write %sum, %out[%tx, %c0, %c0] {in_bounds = [true, true]} : vector<4x4xf32>, memref<4x4x4xf32>
    %top = vector.extract_strided_slice %sum {offsets = [0, 0], sizes = [2, 4], strides = [1, 1]} : vector<4x4xf32> to vector<2x4xf32>
    %odd = arith.cmpi eq, %tx, %c1 : index
    %chosen = scf.if %odd -> vector<2x4xf32> {
      %n = arith.negf %top : vector<2x4xf32>
      scf.yield %n : vector<2x4xf32>
    } else {
      scf.yield %top : vector<2x4xf32>
    }
    vector.transfer_write %chosen, %firsts[%tx, %c0, %c0] {in_bounds = [true, true]} : vector<2x4xf32>, memref<4x2x4xf32>
    gpu.terminator
  }
  %p = arith.constant 0.0 : f32
  %t0 = vector.transfer_read %out[%c0, %c0, %c0], %p {in_bounds = [true, true]} : memref<4x4x4xf32>, vector<4x4xf32>
  vector.print %t0 : vector<4x4xf32>
  %f1 = vector.transfer_read %firsts[%c1, %c0, %c0], %p {in_bounds = [true, true]} : memref<4x2x4xf32>, vector<2x4xf32>
  vector.print %f1 : vector<2x4xf32>
  return
}
