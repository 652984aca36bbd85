// gpu.all_reduce ops not marked 'uniform' that every thread of the block
// reaches alike: in a loop of block-uniform bounds (a kernel argument), in
// a branch on the block id, and after branches (cf) that join. MLIR lowers
// all_reduce for NVIDIA and AMD only when it is marked uniform; mlirc
// marked those in a kernel's entry block only, and the others were an
// error for those targets. (One under a branch on the thread id still is:
// test/targets/host-programs-on-nvidia.test.)
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// Thread t of block b holds t + b. The loop adds the block's sum twice
// (2 * (0 + ... + 63) + 64 b); block 1 then adds its maximum (64); after
// the branches, the minimum of t + 100 or t.
// CHECK: [4032,  4160]
// CHECK: [0,  64]
// CHECK: [0,  0]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%trips: index, %sums: memref<2xi32>, %maxes: memref<2xi32>, %mins: memref<2xi32>) kernel {
      %tid = gpu.thread_id x
      %bid = gpu.block_id x
      %t = arith.index_cast %tid : index to i32
      %b = arith.index_cast %bid : index to i32
      %v = arith.addi %t, %b : i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %z = arith.constant 0 : i32
      %sum = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %z) -> (i32) {
        %r = gpu.all_reduce add %v {} : (i32) -> i32
        %n = arith.addi %acc, %r : i32
        scf.yield %n : i32
      }
      %odd = arith.cmpi eq, %bid, %c1 : index
      %max = scf.if %odd -> (i32) {
        %m = gpu.all_reduce maxsi %v {} : (i32) -> i32
        scf.yield %m : i32
      } else {
        scf.yield %z : i32
      }
      %c32 = arith.constant 32 : i32
      %low = arith.cmpi ult, %t, %c32 : i32
      cf.cond_br %low, ^plain, ^shifted
    ^plain:
      cf.br ^join(%t : i32)
    ^shifted:
      %c100 = arith.constant 100 : i32
      %s = arith.addi %t, %c100 : i32
      cf.br ^join(%s : i32)
    ^join(%w: i32):
      %min = gpu.all_reduce minsi %w {} : (i32) -> i32
      %first = arith.cmpi eq, %tid, %c0 : index
      scf.if %first {
        memref.store %sum, %sums[%bid] : memref<2xi32>
        memref.store %max, %maxes[%bid] : memref<2xi32>
        memref.store %min, %mins[%bid] : memref<2xi32>
      }
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @show(%m: memref<2xi32>) {
    %u = memref.cast %m : memref<2xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c64 = arith.constant 64 : index
    %sums = gpu.alloc host_shared () : memref<2xi32>
    %maxes = gpu.alloc host_shared () : memref<2xi32>
    %mins = gpu.alloc host_shared () : memref<2xi32>
    gpu.launch_func @k::@kernel blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%c2 : index, %sums : memref<2xi32>, %maxes : memref<2xi32>, %mins : memref<2xi32>)
    call @show(%sums) : (memref<2xi32>) -> ()
    call @show(%maxes) : (memref<2xi32>) -> ()
    call @show(%mins) : (memref<2xi32>) -> ()
    return
  }
}
