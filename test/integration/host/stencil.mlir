// A 1-D three-point stencil with a halo in workgroup memory: blocks of 8
// threads load 8 values plus one neighbour on each side, synchronize, then
// sum three neighbours. The input is i * i.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1, 5, 14, 29, 50, 77, 110, 149, 194, 245, 302, 365, 434, 509, 590, 421]
module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %h = memref.alloc() : memref<16xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %sq = arith.muli %ii, %ii : i32
      %f = arith.sitofp %sq : i32 to f32
      memref.store %f, %h[%i] : memref<16xf32>
    }
    %in = gpu.alloc() : memref<16xf32>
    %out = gpu.alloc() : memref<16xf32>
    gpu.memcpy %in, %h : memref<16xf32>, memref<16xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1)
        workgroup(%tile : memref<10xf32, #gpu.address_space<workgroup>>) {
      %zero = arith.constant 0.0 : f32
      %g = gpu.global_id x
      %slot = arith.addi %tx, %c1 : index
      %v = memref.load %in[%g] : memref<16xf32>
      memref.store %v, %tile[%slot] : memref<10xf32, #gpu.address_space<workgroup>>
      %first = arith.cmpi eq, %tx, %c0 : index
      scf.if %first {
        %atStart = arith.cmpi eq, %g, %c0 : index
        %left = scf.if %atStart -> f32 {
          scf.yield %zero : f32
        } else {
          %lg = arith.subi %g, %c1 : index
          %lv = memref.load %in[%lg] : memref<16xf32>
          scf.yield %lv : f32
        }
        memref.store %left, %tile[%c0] : memref<10xf32, #gpu.address_space<workgroup>>
      }
      %c7 = arith.constant 7 : index
      %last = arith.cmpi eq, %tx, %c7 : index
      scf.if %last {
        %c15 = arith.constant 15 : index
        %atEnd = arith.cmpi eq, %g, %c15 : index
        %right = scf.if %atEnd -> f32 {
          scf.yield %zero : f32
        } else {
          %rg = arith.addi %g, %c1 : index
          %rv = memref.load %in[%rg] : memref<16xf32>
          scf.yield %rv : f32
        }
        %c9 = arith.constant 9 : index
        memref.store %right, %tile[%c9] : memref<10xf32, #gpu.address_space<workgroup>>
      }
      gpu.barrier
      %prev = memref.load %tile[%tx] : memref<10xf32, #gpu.address_space<workgroup>>
      %mid = memref.load %tile[%slot] : memref<10xf32, #gpu.address_space<workgroup>>
      %nextSlot = arith.addi %slot, %c1 : index
      %next = memref.load %tile[%nextSlot] : memref<10xf32, #gpu.address_space<workgroup>>
      %s1 = arith.addf %prev, %mid : f32
      %s2 = arith.addf %s1, %next : f32
      memref.store %s2, %out[%g] : memref<16xf32>
      gpu.terminator
    }
    gpu.memcpy %h, %out : memref<16xf32>, memref<16xf32>
    %u = memref.cast %h : memref<16xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
