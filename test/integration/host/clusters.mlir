// Thread-block clusters on the host target: a grid of 4x2 blocks in
// clusters of 2x2 blocks. Each block stores, in x: its cluster's id,
// its id in the cluster, the clusters per grid and the blocks per
// cluster, as 1000a + 100b + 10c + d. A grid the cluster size does not
// divide fails at launch.
// REQUIRES: offload-arch-host
// RUN: %mlirc %s -o %t && %t | FileCheck %s
// RUN: not %t odd 2>&1 | FileCheck %s --check-prefix=ODD
// CHECK: [22,  122,  1022,  1122,  22,  122,  1022,  1122]
// ODD: mlirc runtime: error: launch of kernel 'k_blocks_{{[0-9a-f]+}}' with a grid of 3x2x1 blocks in clusters of 2x2x1: a cluster size must divide the grid
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @blocks(%out: memref<8xi32>) kernel {
      %c4 = arith.constant 4 : index
      %bx = gpu.block_id x
      %by = gpu.block_id y
      %cluster = gpu.cluster_id x
      %inside = gpu.cluster_block_id x
      %clusters = gpu.cluster_dim x
      %size = gpu.cluster_dim_blocks x
      %c1000 = arith.constant 1000 : index
      %c100 = arith.constant 100 : index
      %c10 = arith.constant 10 : index
      %a = arith.muli %cluster, %c1000 : index
      %b = arith.muli %inside, %c100 : index
      %c = arith.muli %clusters, %c10 : index
      %ab = arith.addi %a, %b : index
      %abc = arith.addi %ab, %c : index
      %v = arith.addi %abc, %size : index
      %row = arith.muli %by, %c4 : index
      %at = arith.addi %row, %bx : index
      %i = arith.index_cast %v : index to i32
      memref.store %i, %out[%at] : memref<8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main(%argc: i32, %argv: !llvm.ptr) -> i32 {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %one = arith.constant 1 : i32
    %odd = arith.cmpi ne, %argc, %one : i32
    %gx = arith.select %odd, %c3, %c4 : index
    %out = gpu.alloc() : memref<8xi32>
    gpu.launch_func @k::@blocks clusters in (%c2, %c2, %c1) blocks in (%gx, %c2, %c1) threads in (%c1, %c1, %c1) args(%out : memref<8xi32>)
    %h = memref.alloc() : memref<8xi32>
    gpu.memcpy %h, %out : memref<8xi32>, memref<8xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %zero = arith.constant 0 : i32
    return %zero : i32
  }
}
