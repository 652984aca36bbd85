// Loops with the same bounds in every thread that carry values: on the host
// target they run around the thread loops, several iterations per thread
// loop. Trip counts that are run-time values, not multiples of that number,
// zero, or over negative bounds; carried values that swap.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [55,   143,   231,   319,   407,   495,   583,   671]
// CHECK: [49,   98,   147,   196,   245,   294,   343,   392]
// CHECK: [100,   101,   102,   103,   104,   105,   106,   107]
// CHECK: [-42,   -11,   20,   51,   82,   113,   144,   175]
// CHECK: [285,   295,   305,   315,   325,   335,   345,   355]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c10 = arith.constant 10 : index
    // The trip count 10 is a run-time value of the kernel.
    %config = memref.alloc() : memref<1xindex>
    memref.store %c10, %config[%c0] : memref<1xindex>
    %n = memref.load %config[%c0] : memref<1xindex>
    %out = gpu.alloc() : memref<5x8xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %i0 = arith.constant 0 : i32
      %i1 = arith.constant 1 : i32
      %i2 = arith.constant 2 : i32
      %k0 = arith.constant 0 : index
      %k1 = arith.constant 1 : index
      %k2 = arith.constant 2 : index
      %k3 = arith.constant 3 : index
      %k4 = arith.constant 4 : index
      %k6 = arith.constant 6 : index
      %k14 = arith.constant 14 : index
      %kminus5 = arith.constant -5 : index
      // (a, b) -> (b, a + b + t), n times.
      %fib:2 = scf.for %k = %k0 to %n step %k1
          iter_args(%a = %i0, %b = %i1) -> (i32, i32) {
        %s = arith.addi %a, %b : i32
        %st = arith.addi %s, %t : i32
        scf.yield %b, %st : i32, i32
      }
      memref.store %fib#0, %out[%k0, %tx] : memref<5x8xi32>
      // 7 iterations: k = 1, 3, ..., 13.
      %t1 = arith.addi %t, %i1 : i32
      %odd = scf.for %k = %k1 to %k14 step %k2 iter_args(%acc = %i0) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %m = arith.muli %ki, %t1 : i32
        %s = arith.addi %acc, %m : i32
        scf.yield %s : i32
      }
      memref.store %odd, %out[%k1, %tx] : memref<5x8xi32>
      // No iteration: from n down to 3.
      %hundred = arith.constant 100 : i32
      %init = arith.addi %hundred, %t : i32
      %none = scf.for %k = %n to %k3 step %k1 iter_args(%acc = %init) -> i32 {
        %s = arith.addi %acc, %i1 : i32
        scf.yield %s : i32
      }
      memref.store %none, %out[%k2, %tx] : memref<5x8xi32>
      // k = -5, -2, 1, 4, in order: acc = 2 acc + k + t.
      %signed = scf.for %k = %kminus5 to %k6 step %k3 iter_args(%acc = %t) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %d = arith.muli %acc, %i2 : i32
        %s = arith.addi %d, %ki : i32
        %st = arith.addi %s, %t : i32
        scf.yield %st : i32
      }
      memref.store %signed, %out[%k3, %tx] : memref<5x8xi32>
      // Sum of k * k + t for k < n.
      %squares = scf.for %k = %k0 to %n step %k1 iter_args(%acc = %i0) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %sq = arith.muli %ki, %ki : i32
        %s = arith.addi %acc, %sq : i32
        %st = arith.addi %s, %t : i32
        scf.yield %st : i32
      }
      memref.store %squares, %out[%k4, %tx] : memref<5x8xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<5x8xi32>
    gpu.memcpy %h, %out : memref<5x8xi32>, memref<5x8xi32>
    %u = memref.cast %h : memref<5x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
