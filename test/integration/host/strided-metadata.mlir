// Kernels that view a dynamic 2-D buffer through strided metadata, as
// lowered code does. @flat: memref.extract_strided_metadata of the buffer,
// then a 1-D memref.reinterpret_cast of the base buffer at the offset,
// read backwards, plus the row stride. @window: a strided subview, read
// through a memref.transpose, and the cast of its metadata's base buffer.
// @reshaped: a 1-D subview expanded to 3x4 and transposed (on Vulkan its
// index arithmetic was an affine.linearize_index left unlowered).
// @unranked: a 2-D reinterpret_cast of the buffer cast to an unranked
// memref, and that memref's rank and size (on Vulkan, the ranked
// buffer's).
// On Vulkan a buffer has no metadata to extract: a memref of identity
// layout has its dims as sizes, a view's metadata is computed from its
// source's, and a cast of a view's base buffer is a cast of the buffer.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [29,  28,  27,  26,  25,  24,  23,  22,  21,  20,  19,  18,  17,  16,  15,  14,  13,  12,  11,  10,  9,  8,  7,  6]
// CHECK:      [10,   18,   26],
// CHECK-NEXT: [12,   20,   28],
// CHECK-NEXT: [14,   22,   30],
// CHECK-NEXT: [16,   24,   32]]
// CHECK: [10,  12,  14,  16,  10,  12,  14,  16,  10,  12,  14,  16]
// CHECK: [2,  7,  12,  5,  6,  11,  4,  9,  10,  3,  8,  13,  2,  7,  12,  5]
// CHECK: [0,  2,  4,  6,  8,  10,  12,  14]
func.func private @printMemrefF32(memref<*xf32>)
func.func @flat() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c24 = arith.constant 24 : index
  %m = gpu.alloc host_shared (%c4, %c6) : memref<?x?xf32>
  %o = gpu.alloc host_shared () : memref<24xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %s = arith.muli %i, %c6 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c24, %sy = %c1, %sz = %c1) {
    %base, %off, %sizes:2, %st:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
    %n = arith.muli %sizes#0, %sizes#1 : index
    %flat = memref.reinterpret_cast %base to offset: [%off], sizes: [%n], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
    %rev = arith.subi %n, %tx : index
    %r1 = arith.subi %rev, %c1 : index
    %v = memref.load %flat[%r1] : memref<?xf32, strided<[1], offset: ?>>
    %w = arith.index_cast %st#0 : index to i32
    %wf = arith.sitofp %w : i32 to f32
    %x = arith.addf %v, %wf : f32
    memref.store %x, %o[%tx] : memref<24xf32>
    gpu.terminator
  }
  %u = memref.cast %o : memref<24xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @window() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c8 = arith.constant 8 : index
  %m = gpu.alloc host_shared (%c6, %c8) : memref<?x?xf32>
  %o = gpu.alloc host_shared () : memref<4x3xf32>
  %o2 = gpu.alloc host_shared () : memref<12xf32>
  scf.for %i = %c0 to %c6 step %c1 {
    scf.for %j = %c0 to %c8 step %c1 {
      %s = arith.muli %i, %c8 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c3, %sz = %c1) {
    // A 3x4 window at (1, 2) with stride 2 in columns, read transposed,
    // and its metadata's base buffer read 1-D from the window's offset with
    // its column stride.
    %w = memref.subview %m[%c1, %c2] [3, 4] [1, 2] : memref<?x?xf32> to memref<3x4xf32, strided<[?, 2], offset: ?>>
    %t = memref.transpose %w (i, j) -> (j, i) : memref<3x4xf32, strided<[?, 2], offset: ?>> to memref<4x3xf32, strided<[2, ?], offset: ?>>
    %v = memref.load %t[%tx, %ty] : memref<4x3xf32, strided<[2, ?], offset: ?>>
    memref.store %v, %o[%tx, %ty] : memref<4x3xf32>
    %base, %off, %sizes:2, %strides:2 = memref.extract_strided_metadata %w : memref<3x4xf32, strided<[?, 2], offset: ?>> -> memref<f32>, index, index, index, index, index
    %flat = memref.reinterpret_cast %base to offset: [%off], sizes: [%c8], strides: [%strides#1] : memref<f32> to memref<?xf32, strided<[?], offset: ?>>
    %lin = arith.muli %ty, %c4 : index
    %k = arith.addi %lin, %tx : index
    %kk = arith.remui %k, %c4 : index
    %x = memref.load %flat[%kk] : memref<?xf32, strided<[?], offset: ?>>
    memref.store %x, %o2[%k] : memref<12xf32>
    gpu.terminator
  }
  %u = memref.cast %o : memref<4x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %u2 = memref.cast %o2 : memref<12xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  return
}
func.func @reshaped() {
  %C0 = arith.constant 0 : index
  %C1 = arith.constant 1 : index
  %C16 = arith.constant 16 : index
  %buf = gpu.alloc host_shared () : memref<16xf32>
  %out = gpu.alloc host_shared () : memref<16xf32>
  scf.for %j = %C0 to %C16 step %C1 {
    %ji = arith.index_cast %j : index to i32
    %f = arith.sitofp %ji : i32 to f32
    memref.store %f, %buf[%j] : memref<16xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %C1, %gy = %C1, %gz = %C1)
             threads(%i, %ty, %tz) in (%sx = %C16, %sy = %C1, %sz = %C1) {
    %s = memref.subview %buf[2] [12] [1] : memref<16xf32> to memref<12xf32, strided<[1], offset: 2>>
    %e = memref.expand_shape %s [[0, 1]] output_shape [3, 4] : memref<12xf32, strided<[1], offset: 2>> into memref<3x4xf32, strided<[4, 1], offset: 2>>
    %t = memref.transpose %e (a, b) -> (b, a) : memref<3x4xf32, strided<[4, 1], offset: 2>> to memref<4x3xf32, strided<[1, 4], offset: 2>>
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %j = arith.remui %i, %c4 : index
    %k = arith.remui %i, %c3 : index
    %v = memref.load %t[%j, %k] : memref<4x3xf32, strided<[1, 4], offset: 2>>
    memref.store %v, %out[%i] : memref<16xf32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @unranked() {
  %C0 = arith.constant 0 : index
  %C1 = arith.constant 1 : index
  %C8 = arith.constant 8 : index
  %m = gpu.alloc host_shared () : memref<8xf32>
  %o = gpu.alloc host_shared () : memref<8xf32>
  scf.for %i = %C0 to %C8 step %C1 {
    %ii = arith.index_cast %i : index to i32
    %f = arith.sitofp %ii : i32 to f32
    memref.store %f, %m[%i] : memref<8xf32>
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %C1, %gy = %C1, %gz = %C1)
             threads(%tx, %ty, %tz) in (%sx = %C8, %sy = %C1, %sz = %C1) {
    %u = memref.cast %m : memref<8xf32> to memref<*xf32>
    %r = memref.reinterpret_cast %u to offset: [0], sizes: [2, 4], strides: [4, 1] : memref<*xf32> to memref<2x4xf32>
    %c4 = arith.constant 4 : index
    %a = arith.divui %tx, %c4 : index
    %b = arith.remui %tx, %c4 : index
    %v = memref.load %r[%a, %b] : memref<2x4xf32>
    // Plus its rank and size minus 9: 0.
    %rank = memref.rank %u : memref<*xf32>
    %c0 = arith.constant 0 : index
    %size = memref.dim %u, %c0 : memref<*xf32>
    %n = arith.addi %rank, %size : index
    %ni = arith.index_cast %n : index to i32
    %nf = arith.sitofp %ni : i32 to f32
    %nine = arith.constant 9.0 : f32
    %zero = arith.subf %nf, %nine : f32
    %vz = arith.addf %v, %zero : f32
    %w = arith.addf %vz, %v : f32
    memref.store %w, %o[%tx] : memref<8xf32>
    gpu.terminator
  }
  %p = memref.cast %o : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%p) : (memref<*xf32>) -> ()
  return
}
func.func @main() {
  call @flat() : () -> ()
  call @window() : () -> ()
  call @reshaped() : () -> ()
  call @unranked() : () -> ()
  return
}
