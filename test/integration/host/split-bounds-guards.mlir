// Branches on the thread's position that are not a whole segment's body:
// `v = i < n ? x[i] : 0` before a shuffle, a guard with lower and upper
// bounds and a per-thread test that yields a value, and a guarded store
// after a store of every thread. On the host target the x thread loop is
// split at the guard's range, each part running one branch untested; the
// results must be those of the branch each thread takes.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -O0 -o %t0 && %t0 | FileCheck %s
// RUN: %if offload-arch-host %{ %mlirc %s --offload-arch=host --compile-to=device -o - | FileCheck %s --check-prefix=IR %}

// Sums of 1..100 by 32 threads (two blocks of 64, 100 elements): 1..32,
// 33..64, 65..96, then 97..100 and zeros.
// CHECK: [528,  1552,  2576,  394]
// Threads 2..7 of blocks of 8, global id below 11, odd data: data * 10,
// others -data; then v * 100 + the neighbour's v (xor 1).
// CHECK: [-7,  -700,  992,  -790,  -110,  8998,  2990,  -970,  -411,  -1104,  4988,  -1150,  -600,  -6,  -701,  -107]
// Global ids below 5: 2, the rest 1.
// CHECK: [2,  2,  2,  2,  2,  1,  1,  1]

// The reduction's first thread loop, split in three at the guard's range
// [first, end): below it and above it the zero, in it the load, neither
// behind a branch.
// IR-LABEL: func.func private @__mlirc_host.k_warp_sums_
// IR: scf.for
// IR: scf.for
// IR: scf.for %{{.*}} = %{{.*}} to %[[FIRST:[^ ]*]] step
// IR-NOT: memref.load
// IR: scf.for %{{.*}} = %[[FIRST]] to %[[END:[^ ]*]] step
// IR-NOT: scf.if
// IR: memref.load %{{.*}} : memref<?xi32>
// IR: scf.for %{{.*}} = %[[END]] to
// IR-NOT: memref.load
// IR: memref.store
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)

  gpu.module @k {
    gpu.func @warp_sums(%n: index, %x: memref<?xi32>, %out: memref<?xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c32 = arith.constant 32 : index
      %w = arith.constant 32 : i32
      %zero = arith.constant 0 : i32
      %i = gpu.global_id x
      %in = arith.cmpi ult, %i, %n : index
      %v = scf.if %in -> i32 {
        %l = memref.load %x[%i] : memref<?xi32>
        scf.yield %l : i32
      } else {
        scf.yield %zero : i32
      }
      %o16 = arith.constant 16 : i32
      %o8 = arith.constant 8 : i32
      %o4 = arith.constant 4 : i32
      %o2 = arith.constant 2 : i32
      %o1 = arith.constant 1 : i32
      %s16, %v16 = gpu.shuffle xor %v, %o16, %w : i32
      %a16 = arith.addi %v, %s16 : i32
      %s8, %v8 = gpu.shuffle xor %a16, %o8, %w : i32
      %a8 = arith.addi %a16, %s8 : i32
      %s4, %v4 = gpu.shuffle xor %a8, %o4, %w : i32
      %a4 = arith.addi %a8, %s4 : i32
      %s2, %v2 = gpu.shuffle xor %a4, %o2, %w : i32
      %a2 = arith.addi %a4, %s2 : i32
      %s1, %v1 = gpu.shuffle xor %a2, %o1, %w : i32
      %a1 = arith.addi %a2, %s1 : i32
      %lane = arith.remui %i, %c32 : index
      %first = arith.cmpi eq, %lane, %c0 : index
      scf.if %first {
        %warp = arith.divui %i, %c32 : index
        memref.store %a1, %out[%warp] : memref<?xi32>
      }
      gpu.return
    }

    gpu.func @window(%data: memref<16xi32>, %out: memref<16xi32>) kernel {
      %c2 = arith.constant 2 : index
      %c11 = arith.constant 11 : index
      %one = arith.constant 1 : i32
      %ten = arith.constant 10 : i32
      %hundred = arith.constant 100 : i32
      %zero = arith.constant 0 : i32
      %w = arith.constant 32 : i32
      %t = gpu.thread_id x
      %g = gpu.global_id x
      %d = memref.load %data[%g] : memref<16xi32>
      %lo = arith.cmpi uge, %t, %c2 : index
      %hi = arith.cmpi slt, %g, %c11 : index
      %bit = arith.andi %d, %one : i32
      %odd = arith.cmpi ne, %bit, %zero : i32
      %both = arith.andi %lo, %hi : i1
      %all = arith.andi %both, %odd : i1
      %v = scf.if %all -> i32 {
        %m = arith.muli %d, %ten : i32
        scf.yield %m : i32
      } else {
        %neg = arith.subi %zero, %d : i32
        scf.yield %neg : i32
      }
      %s, %valid = gpu.shuffle xor %v, %one, %w : i32
      %p = arith.muli %v, %hundred : i32
      %r = arith.addi %p, %s : i32
      memref.store %r, %out[%g] : memref<16xi32>
      gpu.return
    }

    gpu.func @marks(%n: index, %out: memref<8xi32>) kernel {
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %g = gpu.global_id x
      memref.store %one, %out[%g] : memref<8xi32>
      %in = arith.cmpi ult, %g, %n : index
      scf.if %in {
        memref.store %two, %out[%g] : memref<8xi32>
      }
      gpu.barrier
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %c13 = arith.constant 13 : index
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c100 = arith.constant 100 : index
    %c128 = arith.constant 128 : index
    %x = memref.alloc(%c128) : memref<?xi32>
    scf.for %i = %c0 to %c128 step %c1 {
      %i1 = arith.addi %i, %c1 : index
      %v = arith.index_cast %i1 : index to i32
      memref.store %v, %x[%i] : memref<?xi32>
    }
    %sums = memref.alloc(%c4) : memref<?xi32>
    gpu.launch_func @k::@warp_sums blocks in (%c2, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%c100 : index, %x : memref<?xi32>, %sums : memref<?xi32>)
    %us = memref.cast %sums : memref<?xi32> to memref<*xi32>
    call @printMemrefI32(%us) : (memref<*xi32>) -> ()

    %data = memref.alloc() : memref<16xi32>
    scf.for %i = %c0 to %c16 step %c1 {
      %m = arith.muli %i, %c8 : index
      %m7 = arith.subi %m, %i : index
      %r = arith.remui %m7, %c13 : index
      %v = arith.index_cast %r : index to i32
      memref.store %v, %data[%i] : memref<16xi32>
    }
    %out = memref.alloc() : memref<16xi32>
    gpu.launch_func @k::@window blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%data : memref<16xi32>, %out : memref<16xi32>)
    %uo = memref.cast %out : memref<16xi32> to memref<*xi32>
    call @printMemrefI32(%uo) : (memref<*xi32>) -> ()

    %marks = memref.alloc() : memref<8xi32>
    gpu.launch_func @k::@marks blocks in (%c2, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%c5 : index, %marks : memref<8xi32>)
    %um = memref.cast %marks : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%um) : (memref<*xi32>) -> ()
    memref.dealloc %x : memref<?xi32>
    memref.dealloc %sums : memref<?xi32>
    memref.dealloc %data : memref<16xi32>
    memref.dealloc %out : memref<16xi32>
    memref.dealloc %marks : memref<8xi32>
    return
  }
}
