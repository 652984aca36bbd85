// Subgroups are runs of linear thread ids (x fastest), as CUDA's warps,
// also in a block of more than one dimension. A Vulkan device packs such a
// block into subgroups as it likes: lavapipe gives each row of 25 threads
// subgroups of its own, so a shuffle across the end of a row read another
// thread (or none) than on a GPU or the host target. Such a kernel runs
// on subgroups of workgroup memory there, strided clusters included.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// Thread L (0..99) reads L + 1 within segments of 8 linear ids, its own
// value at a segment's end and past the block.
// CHECK: [1,  2,  3,  4,  5,  6,  7,  7,  9,  10,  11,  12,  13,  14,  15,  15,  17,  18,  19,  20,  21,  22,  23,  23,  25,  26,  27,  28,  29,  30,  31,  31,
// CHECK-SAME: 89,  90,  91,  92,  93,  94,  95,  95,  97,  98,  99,  99]
// Clusters of 2 with stride 2 in a block of 10x2: L + (L + 2) in segments
// of 4.
// CHECK: [2,  4,  2,  4,  10,  12,  10,  12,  18,  20,  18,  20,  26,  28,  26,  28,  34,  36,  34,  36]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @next(%out: memref<?xi32>) kernel {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %c25 = arith.constant 25 : index
      %row = arith.muli %y, %c25 : index
      %linear = arith.addi %row, %x : index
      %v = arith.index_cast %linear : index to i32
      %c1 = arith.constant 1 : i32
      %c8 = arith.constant 8 : i32
      %s, %ok = gpu.shuffle down %v, %c1, %c8 : i32
      %r = arith.select %ok, %s, %v : i32
      memref.store %r, %out[%linear] : memref<?xi32>
      gpu.return
    }

    gpu.func @pairs(%out: memref<?xi32>) kernel {
      %x = gpu.thread_id x
      %y = gpu.thread_id y
      %c10 = arith.constant 10 : index
      %row = arith.muli %y, %c10 : index
      %linear = arith.addi %row, %x : index
      %v = arith.index_cast %linear : index to i32
      %r = gpu.subgroup_reduce add %v cluster(size = 2, stride = 2) : (i32) -> i32
      memref.store %r, %out[%linear] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c25 = arith.constant 25 : index
    %c100 = arith.constant 100 : index
    %out = gpu.alloc host_shared (%c100) : memref<?xi32>
    gpu.launch_func @k::@next blocks in (%c1, %c1, %c1) threads in (%c25, %c4, %c1)
        args(%out : memref<?xi32>)
    %u = memref.cast %out : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %c2 = arith.constant 2 : index
    %c10 = arith.constant 10 : index
    %c20 = arith.constant 20 : index
    %pairs = gpu.alloc host_shared (%c20) : memref<?xi32>
    gpu.launch_func @k::@pairs blocks in (%c1, %c1, %c1) threads in (%c10, %c2, %c1)
        args(%pairs : memref<?xi32>)
    %p = memref.cast %pairs : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%p) : (memref<*xi32>) -> ()
    return
  }
}
