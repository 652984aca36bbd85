// n-D vectors that scf ops carry, in a kernel: a vector<4x4xf32> tile an
// scf.for accumulates and a vector<2x4xf32> an scf.if chooses. Vulkan
// passes them through the loop and the branch as their rows (SPIR-V
// vectors have up to four elements). Each of 4 threads adds the 4x4 tiles
// of rows 4t..4t+3 of four 16x4 matrices, then thread 1 negates the first
// two rows of its sum. Then vectors longer than SPIR-V's, which Vulkan
// passes as pieces of four or three lanes: a vector<8xf32> an scf.for
// accumulates (rows 0 to 2 of an 8x8 matrix, weighed by the first entries
// of its column t) and a vector<2x6xi32> an scf.if chooses. They were
// errors at the scf op.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 0, 4, 8, 12 ), ( 16, 20, 24, 28 ), ( 32, 36, 40, 44 ), ( 48, 52, 56, 60 ) )
// CHECK-NEXT: ( ( -64, -68, -72, -76 ), ( -80, -84, -88, -92 ) )
// CHECK-NEXT: ( 320, 344, 368, 392, 416, 440, 464, 488 )
// CHECK-NEXT: ( 344, 371, 398, 425, 452, 479, 506, 533 )
// CHECK-NEXT: ( ( 0, 1, 2, 3, 4, 5 ), ( 6, 7, 8, 9, 10, 11 ) )
// CHECK-NEXT: ( ( 0, -1, -2, -3, -4, -5 ), ( -6, -7, -8, -9, -10, -11 ) )
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
  call @longRows() : () -> ()
  return
}

func.func @longRows() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %f0 = arith.constant 0.0 : f32
  %in = gpu.alloc host_shared () : memref<8x8xf32>
  %out = gpu.alloc host_shared () : memref<2x8xf32>
  %chosen = gpu.alloc host_shared () : memref<2x2x6xi32>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %i8 = arith.muli %i, %c8 : index
      %k = arith.addi %i8, %j : index
      %k32 = arith.index_cast %k : index to i32
      %kf = arith.sitofp %k32 : i32 to f32
      memref.store %kf, %in[%i, %j] : memref<8x8xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%t, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %col = vector.transfer_read %in[%c0, %t], %f0
        {permutation_map = affine_map<(d0, d1) -> (d0)>}
        : memref<8x8xf32>, vector<8xf32>
    %zero = arith.constant dense<0.0> : vector<8xf32>
    %sum = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %zero)
        -> vector<8xf32> {
      %row = vector.load %in[%i, %c0] : memref<8x8xf32>, vector<8xf32>
      %lane = vector.extract %col[%i] : f32 from vector<8xf32>
      %times = vector.broadcast %lane : f32 to vector<8xf32>
      %p = arith.mulf %row, %times : vector<8xf32>
      %next = arith.addf %acc, %p : vector<8xf32>
      scf.yield %next : vector<8xf32>
    }
    vector.store %sum, %out[%t, %c0] : memref<2x8xf32>, vector<8xf32>
    %steps = vector.step : vector<12xindex>
    %flat = arith.index_cast %steps : vector<12xindex> to vector<12xi32>
    %counts = vector.shape_cast %flat : vector<12xi32> to vector<2x6xi32>
    %second = arith.cmpi eq, %t, %c1 : index
    %pick = scf.if %second -> vector<2x6xi32> {
      %none = arith.constant dense<0> : vector<2x6xi32>
      %n = arith.subi %none, %counts : vector<2x6xi32>
      scf.yield %n : vector<2x6xi32>
    } else {
      scf.yield %counts : vector<2x6xi32>
    }
    vector.transfer_write %pick, %chosen[%t, %c0, %c0] {in_bounds = [true, true]}
        : vector<2x6xi32>, memref<2x2x6xi32>
    gpu.terminator
  }
  %s0 = vector.load %out[%c0, %c0] : memref<2x8xf32>, vector<8xf32>
  vector.print %s0 : vector<8xf32>
  %s1 = vector.load %out[%c1, %c0] : memref<2x8xf32>, vector<8xf32>
  vector.print %s1 : vector<8xf32>
  %i0 = arith.constant 0 : i32
  %p0 = vector.transfer_read %chosen[%c0, %c0, %c0], %i0 {in_bounds = [true, true]}
      : memref<2x2x6xi32>, vector<2x6xi32>
  vector.print %p0 : vector<2x6xi32>
  %p1 = vector.transfer_read %chosen[%c1, %c0, %c0], %i0 {in_bounds = [true, true]}
      : memref<2x2x6xi32>, vector<2x6xi32>
  vector.print %p1 : vector<2x6xi32>
  gpu.dealloc %in : memref<8x8xf32>
  gpu.dealloc %out : memref<2x8xf32>
  gpu.dealloc %chosen : memref<2x2x6xi32>
  return
}
