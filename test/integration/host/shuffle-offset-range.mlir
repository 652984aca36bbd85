// gpu.shuffle sources past the segment or past the block, and offsets so
// large that a sum of lane and offset wraps: every one leaves the value
// with `valid` false, on every target. A block of 40 threads (a partial
// subgroup after the first 32 lanes); thread t shuffles t and stores -1
// where its source is invalid. Rows: xor 16 (width 32), down 4 (32),
// up 0xffffffff (32), down 0xffffffff (16). Then a block of 12 threads
// with shuffles of width 8 (the subgroups of lavapipe, so Vulkan's own
// shuffles there): xor 4 and down 2, whose sources past thread 11 are no
// threads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 2 offset = 0 sizes = [4, 40] strides = [40, 1] data =
// CHECK-NEXT: {{\[\[}}16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, -1, -1, -1, -1, -1, -1, -1, -1],
// CHECK-NEXT:  [4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, -1, -1, -1, -1, 36, 37, 38, 39, -1, -1, -1, -1],
// CHECK-NEXT:  [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
// CHECK-NEXT:  [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1{{\]\]}}
// CHECK: rank = 2 offset = 0 sizes = [2, 12] strides = [12, 1] data =
// CHECK-NEXT: {{\[\[}}4, 5, 6, 7, 0, 1, 2, 3, -1, -1, -1, -1],
// CHECK-NEXT:  [2, 3, 4, 5, 6, 7, -1, -1, 10, 11, -1, -1{{\]\]}}
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c40 = arith.constant 40 : index
    %out = gpu.alloc() : memref<4x40xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c40, %sy = %c1, %sz = %c1) {
      %v = arith.index_cast %tx : index to i32
      %none = arith.constant -1 : i32
      %o16 = arith.constant 16 : i32
      %o4 = arith.constant 4 : i32
      %huge = arith.constant -1 : i32
      %w32 = arith.constant 32 : i32
      %w16 = arith.constant 16 : i32
      %x, %xv = gpu.shuffle xor %v, %o16, %w32 : i32
      %d, %dv = gpu.shuffle down %v, %o4, %w32 : i32
      %u, %uv = gpu.shuffle up %v, %huge, %w32 : i32
      %h, %hv = gpu.shuffle down %v, %huge, %w16 : i32
      %x2 = arith.select %xv, %x, %none : i32
      %d2 = arith.select %dv, %d, %none : i32
      %u2 = arith.select %uv, %u, %none : i32
      %h2 = arith.select %hv, %h, %none : i32
      memref.store %x2, %out[%c0, %tx] : memref<4x40xi32>
      memref.store %d2, %out[%c1, %tx] : memref<4x40xi32>
      memref.store %u2, %out[%c2, %tx] : memref<4x40xi32>
      memref.store %h2, %out[%c3, %tx] : memref<4x40xi32>
      gpu.terminator
    }
    %c12 = arith.constant 12 : index
    %small = gpu.alloc() : memref<2x12xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c12, %sy = %c1, %sz = %c1) {
      %v = arith.index_cast %tx : index to i32
      %none = arith.constant -1 : i32
      %o4 = arith.constant 4 : i32
      %o2 = arith.constant 2 : i32
      %w8 = arith.constant 8 : i32
      %x, %xv = gpu.shuffle xor %v, %o4, %w8 : i32
      %d, %dv = gpu.shuffle down %v, %o2, %w8 : i32
      %x2 = arith.select %xv, %x, %none : i32
      %d2 = arith.select %dv, %d, %none : i32
      memref.store %x2, %small[%c0, %tx] : memref<2x12xi32>
      memref.store %d2, %small[%c1, %tx] : memref<2x12xi32>
      gpu.terminator
    }
    %host = memref.alloc() : memref<4x40xi32>
    gpu.memcpy %host, %out : memref<4x40xi32>, memref<4x40xi32>
    %u = memref.cast %host : memref<4x40xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %host : memref<4x40xi32>
    gpu.dealloc %out : memref<4x40xi32>
    %host2 = memref.alloc() : memref<2x12xi32>
    gpu.memcpy %host2, %small : memref<2x12xi32>, memref<2x12xi32>
    %u2 = memref.cast %host2 : memref<2x12xi32> to memref<*xi32>
    call @printMemrefI32(%u2) : (memref<*xi32>) -> ()
    memref.dealloc %host2 : memref<2x12xi32>
    gpu.dealloc %small : memref<2x12xi32>
    return
  }
}
