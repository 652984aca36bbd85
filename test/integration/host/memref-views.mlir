// memref views in host code and in a kernel: expand_shape, collapse_shape,
// transpose, reinterpret_cast and view, read through and copied from; and
// in the kernel masked loads, gathers, compress stores, expand loads and
// outer products on the same memory.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK:      sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: [0,   1,   2],
// CHECK-NEXT: [3,   4,   5]]
// CHECK:      sizes = [3, 2] strides = [1, 3] data =
// CHECK-NEXT: [0,   3],
// CHECK-NEXT: [1,   4],
// CHECK-NEXT: [2,   5]]
// CHECK:      offset = 1 sizes = [2, 2] strides = [2, 1] data =
// CHECK-NEXT: [1,   2],
// CHECK-NEXT: [3,   4]]
// CHECK-NEXT: 1.5
// CHECK:      sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: [0,   3],
// CHECK-NEXT: [1,   4],
// CHECK-NEXT: [2,   5]]
// The kernel: t[1][1], r[1][1], the compressed sum, an outer product
// element and the expanded load.
// CHECK:      sizes = [8] strides = [1] data =
// CHECK-NEXT: [4,  4,  5,  4,  0,  -1,  1,  -1]
func.func private @printMemrefF32(memref<*xf32>)
func.func @host() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %m = memref.alloc() : memref<6xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<6xf32>
  }
  %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
  %u1 = memref.cast %e : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u1) : (memref<*xf32>) -> ()
  %t = memref.transpose %e (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
  %u2 = memref.cast %t : memref<3x2xf32, strided<[1, 3]>> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  %col = memref.collapse_shape %e [[0, 1]] : memref<2x3xf32> into memref<6xf32>
  %r = memref.reinterpret_cast %col to offset: [1], sizes: [2, 2], strides: [2, 1] : memref<6xf32> to memref<2x2xf32, strided<[2, 1], offset: 1>>
  %u3 = memref.cast %r : memref<2x2xf32, strided<[2, 1], offset: 1>> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  %raw = memref.alloc() : memref<64xi8>
  %v = memref.view %raw[%c0][] : memref<64xi8> to memref<4x4xf32>
  %one = arith.constant 1.5 : f32
  memref.store %one, %v[%c1, %c1] : memref<4x4xf32>
  %x = memref.load %v[%c1, %c1] : memref<4x4xf32>
  vector.print %x : f32
  %tr = memref.alloc() : memref<3x2xf32>
  memref.copy %t, %tr : memref<3x2xf32, strided<[1, 3]>> to memref<3x2xf32>
  %u4 = memref.cast %tr : memref<3x2xf32> to memref<*xf32>
  call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
  return
}
func.func @kernel() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c6 = arith.constant 6 : index
  %m = gpu.alloc host_shared () : memref<6xf32>
  %o = gpu.alloc host_shared () : memref<8xf32>
  %raw = gpu.alloc host_shared () : memref<64xi8>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c6, %sy = %c1, %sz = %c1) {
    %ii = arith.index_cast %tx : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%tx] : memref<6xf32>
    gpu.barrier
    %e = memref.expand_shape %m [[0, 1]] output_shape [2, 3] : memref<6xf32> into memref<2x3xf32>
    %t = memref.transpose %e (i, j) -> (j, i) : memref<2x3xf32> to memref<3x2xf32, strided<[1, 3]>>
    %col = memref.collapse_shape %e [[0, 1]] : memref<2x3xf32> into memref<6xf32>
    %r = memref.reinterpret_cast %col to offset: [1], sizes: [2, 2], strides: [2, 1] : memref<6xf32> to memref<2x2xf32, strided<[2, 1], offset: 1>>
    %v = memref.view %raw[%c0][] : memref<64xi8> to memref<4x4xf32>
    %is0 = arith.cmpi eq, %tx, %c0 : index
    scf.if %is0 {
      %a = memref.load %t[%c1, %c1] : memref<3x2xf32, strided<[1, 3]>>
      %b = memref.load %r[%c1, %c1] : memref<2x2xf32, strided<[2, 1], offset: 1>>
      memref.store %a, %v[%c1, %c1] : memref<4x4xf32>
      %x = memref.load %v[%c1, %c1] : memref<4x4xf32>
      memref.store %x, %o[%c0] : memref<8xf32>
      memref.store %b, %o[%c1] : memref<8xf32>
      %pass = arith.constant dense<-1.0> : vector<4xf32>
      %c3 = arith.constant 3 : index
      %mask = vector.create_mask %c3 : vector<4xi1>
      %ml = vector.maskedload %m[%c0], %mask, %pass : memref<6xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %idx = arith.constant dense<[5, 4, 3, 2]> : vector<4xi32>
      %all = vector.constant_mask [4] : vector<4xi1>
      %g = vector.gather %m[%c0][%idx], %all, %pass : memref<6xf32>, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %s = arith.addf %ml, %g : vector<4xf32>
      %c2 = arith.constant 2 : index
      %cm = arith.constant dense<[1, 0, 1, 0]> : vector<4xi1>
      vector.compressstore %o[%c2], %cm, %s : memref<8xf32>, vector<4xi1>, vector<4xf32>
      %ex = vector.expandload %m[%c0], %cm, %pass : memref<6xf32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      %c4 = arith.constant 4 : index
      vector.store %ex, %o[%c4] : memref<8xf32>, vector<4xf32>
      %acc = arith.constant dense<0.0> : vector<2x2xf32>
      %ct = vector.outerproduct %ml, %g : vector<4xf32>, vector<4xf32>
      %ce = vector.extract %ct[1, 1] : f32 from vector<4x4xf32>
      memref.store %ce, %o[%c3] : memref<8xf32>
    }
    gpu.terminator
  }
  %u = memref.cast %o : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  call @host() : () -> ()
  call @kernel() : () -> ()
  return
}
