// gpu.subgroup_reduce over clusters with a stride: lane l reduces with the
// lanes that agree with it modulo the stride, within segments of
// size * stride lanes. A block of 8 threads fits one subgroup everywhere
// (lavapipe's subgroups have 8 lanes).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{\[}}[4,   6,   8,   10,   4,   6,   8,   10],
// CHECK-NEXT: [2,   2,   2,   2,   6,   6,   6,   6],
// CHECK-NEXT: [28,   28,   28,   28,   28,   28,   28,   28]]
func.func @main() {
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %out = gpu.alloc() : memref<3x8xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
    %c0 = arith.constant 0 : index
    %c2 = arith.constant 2 : index
    %lane = arith.index_cast %tx : index to i32
    // l + (l xor 4)
    %a = gpu.subgroup_reduce add %lane cluster(size = 2, stride = 4) : (i32) -> i32
    // the larger of m(l) and m(l xor 2), m(l) = 2 * (l / 2)
    %h = arith.constant 1 : i32
    %half = arith.shrui %lane, %h : i32
    %two = arith.constant 2 : i32
    %m = arith.muli %half, %two : i32
    %b = gpu.subgroup_reduce maxsi %m cluster(size = 2, stride = 2) : (i32) -> i32
    %c = gpu.subgroup_reduce add %lane cluster(size = 8) : (i32) -> i32
    memref.store %a, %out[%c0, %tx] : memref<3x8xi32>
    memref.store %b, %out[%c1, %tx] : memref<3x8xi32>
    memref.store %c, %out[%c2, %tx] : memref<3x8xi32>
    gpu.terminator
  }
  %host = memref.alloc() : memref<3x8xi32>
  gpu.memcpy %host, %out : memref<3x8xi32>, memref<3x8xi32>
  %u = memref.cast %host : memref<3x8xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
