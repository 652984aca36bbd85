// gpu.shuffle in every mode, with widths below the subgroup size, in a
// block of 64 threads (two subgroups). Thread t shuffles t; a lane whose
// source is invalid stores -1. Rows: xor 1 (width 32), up 3 (32),
// down 5 (16), idx 7 (8).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 2 offset = 0 sizes = [4, 64] strides = [64, 1] data =
// CHECK-NEXT: {{\[\[}}1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14, 17, 16, 19, 18, 21, 20, 23, 22, 25, 24, 27, 26, 29, 28, 31, 30, 33, 32, 35, 34, 37, 36, 39, 38, 41, 40, 43, 42, 45, 44, 47, 46, 49, 48, 51, 50, 53, 52, 55, 54, 57, 56, 59, 58, 61, 60, 63, 62],
// CHECK-NEXT:  [-1, -1, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, -1, -1, -1, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60],
// CHECK-NEXT:  [5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, -1, -1, -1, -1, -1, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, -1, -1, -1, -1, -1, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, -1, -1, -1, -1, -1],
// CHECK-NEXT:  [7, 7, 7, 7, 7, 7, 7, 7, 15, 15, 15, 15, 15, 15, 15, 15, 23, 23, 23, 23, 23, 23, 23, 23, 31, 31, 31, 31, 31, 31, 31, 31, 39, 39, 39, 39, 39, 39, 39, 39, 47, 47, 47, 47, 47, 47, 47, 47, 55, 55, 55, 55, 55, 55, 55, 55, 63, 63, 63, 63, 63, 63, 63, 63{{\]\]}}
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<4x64xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
      %v = arith.index_cast %tx : index to i32
      %none = arith.constant -1 : i32
      %o1 = arith.constant 1 : i32
      %o3 = arith.constant 3 : i32
      %o5 = arith.constant 5 : i32
      %o7 = arith.constant 7 : i32
      %w32 = arith.constant 32 : i32
      %w16 = arith.constant 16 : i32
      %w8 = arith.constant 8 : i32
      %x, %xv = gpu.shuffle xor %v, %o1, %w32 : i32
      %u, %uv = gpu.shuffle up %v, %o3, %w32 : i32
      %d, %dv = gpu.shuffle down %v, %o5, %w16 : i32
      %i, %iv = gpu.shuffle idx %v, %o7, %w8 : i32
      %x2 = arith.select %xv, %x, %none : i32
      %u2 = arith.select %uv, %u, %none : i32
      %d2 = arith.select %dv, %d, %none : i32
      %i2 = arith.select %iv, %i, %none : i32
      memref.store %x2, %out[%c0, %tx] : memref<4x64xi32>
      memref.store %u2, %out[%c1, %tx] : memref<4x64xi32>
      memref.store %d2, %out[%c2, %tx] : memref<4x64xi32>
      memref.store %i2, %out[%c3, %tx] : memref<4x64xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<4x64xi32>
    gpu.memcpy %h, %out : memref<4x64xi32>, memref<4x64xi32>
    %u = memref.cast %h : memref<4x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
