// Masked, compressing and scattering stores and expanding loads into a
// thread's own array (memref.alloca in a kernel), and a store through a
// subview of one. On Vulkan such an array is a Function variable only
// when its accesses are loads and stores, which these ops become only
// later: it was left a storage buffer, and the kernel did not compile.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 1, 10, 11, 4, 5, 6, 7, 8 )
// CHECK: ( 1, 10, 11, 13, 5, 6, 7, 8 )
// CHECK: ( 13, 2, 3, 4, 5, 6, 11, 8 )
// CHECK: ( 10, 2, 11, 3 )
// CHECK: ( 1, 2, 3, 4, 5, 10, 7, 8, 9 )

func.func @main() {
  %c0 = arith.constant 0 : index
  %one = arith.constant 1 : index
  %in = gpu.alloc host_shared () : memref<8xi64>
  %init = arith.constant dense<[10, 11, 12, 13, -1, 1, -1, 1]> : vector<8xi64>
  vector.store %init, %in[%c0] : memref<8xi64>, vector<8xi64>
  %out = gpu.alloc host_shared () : memref<5x9xi64>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %one, %gy = %one, %gz = %one)
      threads(%tx, %ty, %tz) in (%sx = %one, %sy = %one, %sz = %one) {
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i2 = arith.constant 2 : index
    %i3 = arith.constant 3 : index
    %i4 = arith.constant 4 : index
    %zero = arith.constant dense<0> : vector<4xi64>
    %ones = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8]> : vector<8xi64>
    %values = vector.load %in[%i0] : memref<8xi64>, vector<4xi64>
    %signs = vector.load %in[%i4] : memref<8xi64>, vector<4xi64>
    // Lanes 1 and 3 (the loaded signs are positive there).
    %mask = arith.cmpi sgt, %signs, %zero : vector<4xi64>
    %dense = arith.constant dense<[true, true, false, false]> : vector<4xi1>

    %a = memref.alloca() : memref<8xi64>
    vector.store %ones, %a[%i0] : memref<8xi64>, vector<8xi64>
    vector.maskedstore %a[%i1], %dense, %values : memref<8xi64>, vector<4xi1>, vector<4xi64>
    %ra = vector.load %a[%i0] : memref<8xi64>, vector<8xi64>
    vector.store %ra, %out[%i0, %i0] : memref<5x9xi64>, vector<8xi64>

    %b = memref.alloca() : memref<8xi64>
    vector.store %ones, %b[%i0] : memref<8xi64>, vector<8xi64>
    %either = arith.ori %mask, %dense : vector<4xi1>
    vector.compressstore %b[%i1], %either, %values : memref<8xi64>, vector<4xi1>, vector<4xi64>
    %rb = vector.load %b[%i0] : memref<8xi64>, vector<8xi64>
    vector.store %rb, %out[%i1, %i0] : memref<5x9xi64>, vector<8xi64>

    %c = memref.alloca() : memref<8xi64>
    vector.store %ones, %c[%i0] : memref<8xi64>, vector<8xi64>
    %where = arith.constant dense<[5, 6, 7, 0]> : vector<4xi32>
    vector.scatter %c[%i0] [%where], %mask, %values : memref<8xi64>, vector<4xi32>, vector<4xi1>, vector<4xi64>
    %rc = vector.load %c[%i0] : memref<8xi64>, vector<8xi64>
    vector.store %rc, %out[%i2, %i0] : memref<5x9xi64>, vector<8xi64>

    %d = memref.alloca() : memref<4xi64>
    vector.store %values, %d[%i0] : memref<4xi64>, vector<4xi64>
    %pass = arith.constant dense<[1, 2, 3, 4]> : vector<4xi64>
    %alternate = arith.constant dense<[true, false, true, false]> : vector<4xi1>
    %expanded = vector.expandload %d[%i0], %alternate, %pass : memref<4xi64>, vector<4xi1>, vector<4xi64> into vector<4xi64>
    %shifted = vector.shuffle %expanded, %pass [0, 1, 2, 6] : vector<4xi64>, vector<4xi64>
    vector.store %shifted, %out[%i3, %i0] : memref<5x9xi64>, vector<4xi64>

    %e = memref.alloca() : memref<3x3xi64>
    %flat = memref.collapse_shape %e [[0, 1]] : memref<3x3xi64> into memref<9xi64>
    %nine = arith.constant dense<[1, 2, 3, 4, 5, 6, 7, 8, 9]> : vector<9xi64>
    vector.store %nine, %flat[%i0] : memref<9xi64>, vector<9xi64>
    %row = memref.subview %e[1, 2] [2, 1] [1, 1] : memref<3x3xi64> to memref<2x1xi64, strided<[3, 1], offset: 5>>
    %ten = vector.load %in[%i0] : memref<8xi64>, vector<1xi64>
    vector.store %ten, %row[%i0, %i0] : memref<2x1xi64, strided<[3, 1], offset: 5>>, vector<1xi64>
    %e2 = vector.load %flat[%i0] : memref<9xi64>, vector<9xi64>
    vector.store %e2, %out[%i4, %i0] : memref<5x9xi64>, vector<9xi64>
    gpu.terminator
  }
  %r0 = vector.load %out[%c0, %c0] : memref<5x9xi64>, vector<8xi64>
  vector.print %r0 : vector<8xi64>
  %r1 = vector.load %out[%one, %c0] : memref<5x9xi64>, vector<8xi64>
  vector.print %r1 : vector<8xi64>
  %c2 = arith.constant 2 : index
  %r2 = vector.load %out[%c2, %c0] : memref<5x9xi64>, vector<8xi64>
  vector.print %r2 : vector<8xi64>
  %c3 = arith.constant 3 : index
  %r3 = vector.load %out[%c3, %c0] : memref<5x9xi64>, vector<4xi64>
  vector.print %r3 : vector<4xi64>
  %c4 = arith.constant 4 : index
  %r4 = vector.load %out[%c4, %c0] : memref<5x9xi64>, vector<9xi64>
  vector.print %r4 : vector<9xi64>
  return
}
