// Subgroup ids on the host: subgroups of 32 threads. A block of 80 threads
// has 3 subgroups, the last one partial. Each thread stores
// lane + 100 * subgroup_id + 1000 * num_subgroups + 10000 * (size / 32).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Not on Vulkan: its expected output assumes subgroups of 32 lanes (lavapipe has 8).
// UNSUPPORTED: offload-arch-vulkan
// CHECK: rank = 1 offset = 0 sizes = [80] strides = [1] data =
// CHECK-NEXT: [13000, 13001, {{.*}}, 13031, 13100, 13101, {{.*}}, 13131, 13200, {{.*}}, 13215]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c80 = arith.constant 80 : index
    %d = gpu.alloc() : memref<80xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c80, %sy = %c1, %sz = %c1) {
      %lane = gpu.lane_id
      %sg = gpu.subgroup_id : index
      %n = gpu.num_subgroups : index
      %size = gpu.subgroup_size : index
      %c100 = arith.constant 100 : index
      %c1000 = arith.constant 1000 : index
      %c10000 = arith.constant 10000 : index
      %c32 = arith.constant 32 : index
      %a = arith.muli %sg, %c100 : index
      %b = arith.muli %n, %c1000 : index
      %q = arith.divui %size, %c32 : index
      %c = arith.muli %q, %c10000 : index
      %s1 = arith.addi %lane, %a : index
      %s2 = arith.addi %s1, %b : index
      %s3 = arith.addi %s2, %c : index
      %v = arith.index_cast %s3 : index to i32
      memref.store %v, %d[%tx] : memref<80xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<80xi32>
    gpu.memcpy %h, %d : memref<80xi32>, memref<80xi32>
    %u = memref.cast %h : memref<80xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
