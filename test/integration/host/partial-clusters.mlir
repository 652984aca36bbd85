// A block whose size is no multiple of the cluster (or subgroup) ends in
// a partial one; a clustered gpu.subgroup_reduce there reduces the lanes
// that exist. On Vulkan it was a butterfly of xor shuffles, in which a
// lane whose partner is past the block added its own value again: lanes
// 8..11 of a block of 12, in clusters of 8, summed 84 instead of 42. Also
// through the subgroups of workgroup memory that a width-32 shuffle asks
// for on lavapipe's 8-lane subgroups (a block of 7 threads).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// Lane i holds i + 1. Clusters of 8: lanes 0..7 sum 36, 8..11 sum 42.
// Clusters of 4 with stride 2 (segments of 8): even lanes 1+3+5+7 and
// 9+11, odd lanes 2+4+6+8 and 10+12.
// CHECK: [36,  36,  36,  36,  36,  36,  36,  36,  42,  42,  42,  42]
// CHECK: [16,  20,  16,  20,  16,  20,  16,  20,  20,  22,  20,  22]
// Block of 7: clusters of 4 sum 10 and 5+6+7; the whole subgroup 28; the
// width-32 shuffle reads lane 1's 2.
// CHECK: [10,  10,  10,  10,  18,  18,  18]
// CHECK: [28,  28,  28,  28,  28,  28,  28]
// CHECK: [2,  2,  2,  2,  2,  2,  2]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @clusters(%c8: memref<?xi32>, %strided: memref<?xi32>) kernel {
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %one = arith.constant 1 : i32
      %v = arith.addi %t32, %one : i32
      %a = gpu.subgroup_reduce add %v cluster(size = 8) : (i32) -> i32
      %b = gpu.subgroup_reduce add %v cluster(size = 4, stride = 2) : (i32) -> i32
      memref.store %a, %c8[%tid] : memref<?xi32>
      memref.store %b, %strided[%tid] : memref<?xi32>
      gpu.return
    }

    gpu.func @wide(%c4: memref<?xi32>, %all: memref<?xi32>, %lane1: memref<?xi32>) kernel {
      %tid = gpu.thread_id x
      %t32 = arith.index_cast %tid : index to i32
      %one = arith.constant 1 : i32
      %c32 = arith.constant 32 : i32
      %v = arith.addi %t32, %one : i32
      %a = gpu.subgroup_reduce add %v cluster(size = 4) : (i32) -> i32
      %b = gpu.subgroup_reduce add %v : (i32) -> i32
      %s, %ok = gpu.shuffle idx %v, %one, %c32 : i32
      memref.store %a, %c4[%tid] : memref<?xi32>
      memref.store %b, %all[%tid] : memref<?xi32>
      memref.store %s, %lane1[%tid] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @show(%m: memref<?xi32>) {
    %u = memref.cast %m : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c7 = arith.constant 7 : index
    %c12 = arith.constant 12 : index
    %a = gpu.alloc host_shared (%c12) : memref<?xi32>
    %b = gpu.alloc host_shared (%c12) : memref<?xi32>
    gpu.launch_func @k::@clusters blocks in (%c1, %c1, %c1) threads in (%c12, %c1, %c1)
        args(%a : memref<?xi32>, %b : memref<?xi32>)
    call @show(%a) : (memref<?xi32>) -> ()
    call @show(%b) : (memref<?xi32>) -> ()
    %x = gpu.alloc host_shared (%c7) : memref<?xi32>
    %y = gpu.alloc host_shared (%c7) : memref<?xi32>
    %z = gpu.alloc host_shared (%c7) : memref<?xi32>
    gpu.launch_func @k::@wide blocks in (%c1, %c1, %c1) threads in (%c7, %c1, %c1)
        args(%x : memref<?xi32>, %y : memref<?xi32>, %z : memref<?xi32>)
    call @show(%x) : (memref<?xi32>) -> ()
    call @show(%y) : (memref<?xi32>) -> ()
    call @show(%z) : (memref<?xi32>) -> ()
    return
  }
}
