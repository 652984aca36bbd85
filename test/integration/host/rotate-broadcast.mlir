// gpu.rotate and gpu.subgroup_broadcast in a block of 32 threads (one
// subgroup on every target; on narrower Vulkan subgroups, subgroups of
// workgroup memory). Thread t holds
// 10t. Rows: rotate by 3 within 8 lanes (-1 where not valid), rotate by
// 1 within 32, the value of lane 5 (specific_lane), of the first active
// lane.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [4, 32] strides = [32, 1] data =
// CHECK-NEXT: {{\[\[}}30, 40, 50, 60, 70, 0, 10, 20, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1],
// CHECK-NEXT: [10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120, 130, 140, 150, 160, 170, 180, 190, 200, 210, 220, 230, 240, 250, 260, 270, 280, 290, 300, 310, 0],
// CHECK-NEXT: [50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50, 50],
// CHECK-NEXT: [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c32 = arith.constant 32 : index
    %out = gpu.alloc() : memref<4x32xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %ten = arith.constant 10 : i32
      %v = arith.muli %t, %ten : i32
      %minus = arith.constant -1 : i32
      %r8, %ok8 = gpu.rotate %v, 3, 8 : i32
      %s8 = arith.select %ok8, %r8, %minus : i32
      memref.store %s8, %out[%c0, %tx] : memref<4x32xi32>
      %r32, %ok32 = gpu.rotate %v, 1, 32 : i32
      memref.store %r32, %out[%c1, %tx] : memref<4x32xi32>
      %lane5 = arith.constant 5 : i32
      %five = gpu.subgroup_broadcast %v, specific_lane %lane5 : i32
      memref.store %five, %out[%c2, %tx] : memref<4x32xi32>
      %first = gpu.subgroup_broadcast %v, first_active_lane : i32
      memref.store %first, %out[%c3, %tx] : memref<4x32xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<4x32xi32>
    gpu.memcpy %h, %out : memref<4x32xi32>, memref<4x32xi32>
    %u = memref.cast %h : memref<4x32xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
