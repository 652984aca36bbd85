// Barriers inside nested loops and inside a branch that yields a value
// (taken alike by all threads), in a kernel with a dynamically sized
// memref and an index argument.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 77, 78, 79, 80, 81, 82]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @rotate(%m: memref<?xf32>, %n: index) workgroup(%tile : memref<32xf32, #gpu.address_space<workgroup>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c5 = arith.constant 5 : index
      %c32 = arith.constant 32 : index
      %t = gpu.thread_id x
      scf.for %i = %c0 to %c2 step %c1 {
        scf.for %j = %c0 to %c3 step %c1 {
          %v = memref.load %m[%t] : memref<?xf32>
          %ij = affine.apply affine_map<(i, j) -> (i * 10 + j)>(%i, %j)
          %iji = arith.index_cast %ij : index to i32
          %ijf = arith.sitofp %iji : i32 to f32
          %w = arith.addf %v, %ijf : f32
          memref.store %w, %tile[%t] : memref<32xf32, #gpu.address_space<workgroup>>
          gpu.barrier
          %next = arith.addi %t, %c1 : index
          %src = arith.remui %next, %c32 : index
          %r = memref.load %tile[%src] : memref<32xf32, #gpu.address_space<workgroup>>
          gpu.barrier
          memref.store %r, %m[%t] : memref<?xf32>
        }
      }
      %big = arith.cmpi ugt, %n, %c5 : index
      %extra = scf.if %big -> f32 {
        gpu.barrier
        %x = memref.load %tile[%c0] : memref<32xf32, #gpu.address_space<workgroup>>
        scf.yield %x : f32
      } else {
        %z = arith.constant 0.0 : f32
        scf.yield %z : f32
      }
      %cur = memref.load %m[%t] : memref<?xf32>
      %sum = arith.addf %cur, %extra : f32
      memref.store %sum, %m[%t] : memref<?xf32>
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %h = memref.alloc(%c32) : memref<?xf32>
    scf.for %i = %c0 to %c32 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %h[%i] : memref<?xf32>
    }
    %d = gpu.alloc(%c32) : memref<?xf32>
    gpu.memcpy %d, %h : memref<?xf32>, memref<?xf32>
    gpu.launch_func @k::@rotate blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1) args(%d : memref<?xf32>, %c32 : index)
    gpu.memcpy %h, %d : memref<?xf32>, memref<?xf32>
    %u = memref.cast %h : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
