// gpu.shuffle across a whole block of 13 threads, its width the block's
// size (gpu.block_dim, as MLIR's CUDA tests write it): a width that is no
// power of two. Only the first `width` lanes take part. Thread t shuffles
// t; a lane whose source is invalid stores -1. Rows: xor 4, down 3, up 2,
// idx 11.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [4, 13] strides = [13, 1] data =
// CHECK-NEXT: {{\[\[}}4, 5, 6, 7, 0, 1, 2, 3, 12, -1, -1, -1, 8],
// CHECK-NEXT:  [3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -1, -1, -1],
// CHECK-NEXT:  [-1, -1, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10],
// CHECK-NEXT:  [11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11, 11]]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c13 = arith.constant 13 : index
    %out = gpu.alloc() : memref<4x13xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %width = arith.index_cast %sx : index to i32
      %minus = arith.constant -1 : i32
      %four = arith.constant 4 : i32
      %three = arith.constant 3 : i32
      %two = arith.constant 2 : i32
      %eleven = arith.constant 11 : i32
      %x, %xv = gpu.shuffle xor %t, %four, %width : i32
      %xs = arith.select %xv, %x, %minus : i32
      memref.store %xs, %out[%c0, %tx] : memref<4x13xi32>
      %d, %dv = gpu.shuffle down %t, %three, %width : i32
      %ds = arith.select %dv, %d, %minus : i32
      memref.store %ds, %out[%c1, %tx] : memref<4x13xi32>
      %u, %uv = gpu.shuffle up %t, %two, %width : i32
      %us = arith.select %uv, %u, %minus : i32
      memref.store %us, %out[%c2, %tx] : memref<4x13xi32>
      %i, %iv = gpu.shuffle idx %t, %eleven, %width : i32
      %is = arith.select %iv, %i, %minus : i32
      memref.store %is, %out[%c3, %tx] : memref<4x13xi32>
      gpu.terminator
    }
    %host = memref.alloc() : memref<4x13xi32>
    gpu.memcpy %host, %out : memref<4x13xi32>, memref<4x13xi32>
    %u = memref.cast %host : memref<4x13xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
