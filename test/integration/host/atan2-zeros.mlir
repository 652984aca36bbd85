// math.atan2 of signed zeros is C's atan2: atan2(±0, +0) = ±0 and
// atan2(±0, -0) = ±pi, whether mlirc folds the constants or the program
// computes it. MLIR 22's folder gives NaN for every pair of zeros, so a
// constant atan2 printed nan where the same call on loaded values printed
// C's result (pipeline/CorrectedFolds.cpp).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: folded ( 0, 3.14159, -0, -3.14159, 0.785398 )
// CHECK-NEXT: computed ( 0, 3.14159, -0, -3.14159, 0.785398 )
// CHECK-NEXT: f64 0 3.14159 -0 -3.14159
// CHECK-NEXT: kernel 0 3.14159
func.func @main() {
  %y = arith.constant dense<[0.0, 0.0, -0.0, -0.0, 1.0]> : vector<5xf32>
  %x = arith.constant dense<[0.0, -0.0, 0.0, -0.0, 1.0]> : vector<5xf32>
  %folded = math.atan2 %y, %x : vector<5xf32>
  vector.print str "folded "
  vector.print %folded : vector<5xf32>
  %my = memref.alloc() : memref<5xf32>
  %mx = memref.alloc() : memref<5xf32>
  %c0 = arith.constant 0 : index
  vector.store %y, %my[%c0] : memref<5xf32>, vector<5xf32>
  vector.store %x, %mx[%c0] : memref<5xf32>, vector<5xf32>
  %ly = vector.load %my[%c0] : memref<5xf32>, vector<5xf32>
  %lx = vector.load %mx[%c0] : memref<5xf32>, vector<5xf32>
  %computed = math.atan2 %ly, %lx : vector<5xf32>
  vector.print str "computed "
  vector.print %computed : vector<5xf32>
  %z = arith.constant 0.0 : f64
  %nz = arith.constant -0.0 : f64
  %d1 = math.atan2 %z, %z : f64
  %d2 = math.atan2 %z, %nz : f64
  %d3 = math.atan2 %nz, %z : f64
  %d4 = math.atan2 %nz, %nz : f64
  vector.print str "f64 "
  vector.print %d1 : f64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %d2 : f64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %d3 : f64 punctuation <no_punctuation>
  vector.print str " "
  vector.print %d4 : f64
  // In a kernel, as a constant.
  %c1 = arith.constant 1 : index
  %out = gpu.alloc host_shared () : memref<2xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
      threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    %zero = arith.constant 0.0 : f32
    %negzero = arith.constant -0.0 : f32
    %k0 = math.atan2 %zero, %zero : f32
    %k1 = math.atan2 %zero, %negzero : f32
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    memref.store %k0, %out[%i0] : memref<2xf32>
    memref.store %k1, %out[%i1] : memref<2xf32>
    gpu.terminator
  }
  %r0 = memref.load %out[%c0] : memref<2xf32>
  %r1 = memref.load %out[%c1] : memref<2xf32>
  vector.print str "kernel "
  vector.print %r0 : f32 punctuation <no_punctuation>
  vector.print str " "
  vector.print %r1 : f32
  return
}
