// A block of 35 threads, its size taken from a buffer's (memref.dim of a
// static shape, which the kernel knows as its block size): no subgroup size
// divides it, so the last subgroup is partial on every target. gpu.all_reduce
// with named operations and with a region of one arith op, and
// gpu.num_subgroups, which must count the partial subgroup (lavapipe's
// NumSubgroups does not). Thread t contributes t + 2.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 1 offset = 0 sizes = [7] strides = [1] data =
// CHECK-NEXT: [665, 2, 36, 0, 63, 37, 1]
// A block of 13x4x2 threads: rows no subgroup size divides (lavapipe gives
// two of its subgroups one id there). Thread t (linear id) contributes t.
// CHECK: [5356]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %shape = memref.alloc() : memref<35xi32>
  %flex = memref.cast %shape : memref<35xi32> to memref<?xi32>
  %threads = memref.dim %flex, %c0 : memref<?xi32>
  %out = gpu.alloc() : memref<7xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
    %t = arith.index_cast %tx : index to i32
    %one = arith.constant 2 : i32
    %v = arith.addi %t, %one : i32
    %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
    %min = gpu.all_reduce minsi %v uniform {} : (i32) -> (i32)
    %max = gpu.all_reduce %v uniform {
    ^bb(%a : i32, %b : i32):
      %m = arith.maxsi %a, %b : i32
      gpu.yield %m : i32
    } : (i32) -> (i32)
    %and = gpu.all_reduce and %v uniform {} : (i32) -> (i32)
    %or = gpu.all_reduce or %v uniform {} : (i32) -> (i32)
    %xor = gpu.all_reduce %v uniform {
    ^bb(%a : i32, %b : i32):
      %x = arith.xori %b, %a : i32
      gpu.yield %x : i32
    } : (i32) -> (i32)
    // The subgroups cover the block, and all but the last are full.
    %n = gpu.num_subgroups : index
    %size = gpu.subgroup_size : index
    %covered = arith.muli %n, %size : index
    %c35 = arith.constant 35 : index
    %enough = arith.cmpi uge, %covered, %c35 : index
    %fewer = arith.subi %n, %c1 : index
    %below = arith.muli %fewer, %size : index
    %tight = arith.cmpi ult, %below, %c35 : index
    %right = arith.andi %enough, %tight : i1
    %counted = arith.extui %right : i1 to i32
    %c0_0 = arith.constant 0 : index
    %is0 = arith.cmpi eq, %tx, %c0_0 : index
    scf.if %is0 {
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      memref.store %sum, %out[%c0_0] : memref<7xi32>
      memref.store %min, %out[%c1] : memref<7xi32>
      memref.store %max, %out[%c2] : memref<7xi32>
      memref.store %and, %out[%c3] : memref<7xi32>
      memref.store %or, %out[%c4] : memref<7xi32>
      memref.store %xor, %out[%c5] : memref<7xi32>
      memref.store %counted, %out[%c6] : memref<7xi32>
    }
    gpu.terminator
  }
  %host = memref.alloc() : memref<7xi32>
  gpu.memcpy %host, %out : memref<7xi32>, memref<7xi32>
  %u = memref.cast %host : memref<7xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()

  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c13 = arith.constant 13 : index
  %total = gpu.alloc() : memref<1xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c13, %sy = %c4, %sz = %c2) {
    %plane = arith.muli %tz, %sy : index
    %row = arith.addi %plane, %ty : index
    %rows = arith.muli %row, %sx : index
    %linear = arith.addi %rows, %tx : index
    %v = arith.index_cast %linear : index to i32
    %sum = gpu.all_reduce add %v uniform {} : (i32) -> (i32)
    %c0_1 = arith.constant 0 : index
    %first = arith.cmpi eq, %linear, %c0_1 : index
    scf.if %first {
      memref.store %sum, %total[%c0_1] : memref<1xi32>
    }
    gpu.terminator
  }
  %host_total = memref.alloc() : memref<1xi32>
  gpu.memcpy %host_total, %total : memref<1xi32>, memref<1xi32>
  %v = memref.cast %host_total : memref<1xi32> to memref<*xi32>
  call @printMemrefI32(%v) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
