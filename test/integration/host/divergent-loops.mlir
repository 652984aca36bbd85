// Threads that loop a different number of times (scf.while): the Collatz
// step counts of 1..8, one per thread.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0, 1, 7, 2, 5, 8, 16, 3]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %steps = gpu.alloc() : memref<8xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c8, %sy = %c1, %sz = %c1) {
      %t = arith.index_cast %tx : index to i32
      %one = arith.constant 1 : i32
      %start = arith.addi %t, %one : i32
      %zero = arith.constant 0 : i32
      %r:2 = scf.while (%n = %start, %count = %zero) : (i32, i32) -> (i32, i32) {
        %more = arith.cmpi ne, %n, %one : i32
        scf.condition(%more) %n, %count : i32, i32
      } do {
      ^bb0(%n: i32, %count: i32):
        %two = arith.constant 2 : i32
        %three = arith.constant 3 : i32
        %rem = arith.remui %n, %two : i32
        %even = arith.cmpi eq, %rem, %zero : i32
        %half = arith.divui %n, %two : i32
        %triple = arith.muli %n, %three : i32
        %odd = arith.addi %triple, %one : i32
        %next = arith.select %even, %half, %odd : i32
        %c = arith.addi %count, %one : i32
        scf.yield %next, %c : i32, i32
      }
      memref.store %r#1, %steps[%tx] : memref<8xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<8xi32>
    gpu.memcpy %h, %steps : memref<8xi32>, memref<8xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
