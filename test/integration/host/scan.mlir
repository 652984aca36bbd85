// An inclusive prefix sum over 64 values in workgroup memory (Hillis-
// Steele): each step reads a neighbour, waits at a barrier, then writes,
// so a value lives across a barrier inside a loop, and each thread also
// carries how many additions it made through the loop.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 2 offset = 0 sizes = [2, 64] strides = [64, 1] data =
// CHECK-NEXT: {{\[\[}}1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 66, 78, 91, 105, 120, 136, 153, 171, 190, 210, 231, 253, 276, 300, 325, 351, 378, 406, 435, 465, 496, 528, 561, 595, 630, 666, 703, 741, 780, 820, 861, 903, 946, 990, 1035, 1081, 1128, 1176, 1225, 1275, 1326, 1378, 1431, 1485, 1540, 1596, 1653, 1711, 1770, 1830, 1891, 1953, 2016, 2080],
// CHECK-NEXT: [0, 1, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6{{\]\]}}
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<2x64xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1)
        workgroup(%buf : memref<64xi32, #gpu.address_space<workgroup>>) {
      %t = arith.index_cast %tx : index to i32
      %one = arith.constant 1 : i32
      %zero = arith.constant 0 : i32
      %v0 = arith.addi %t, %one : i32
      memref.store %v0, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %count = scf.for %step = %c0 to %c6 step %c1 iter_args(%n = %zero) -> i32 {
        %offset = arith.shli %c1, %step : index
        %mine = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        %has = arith.cmpi uge, %tx, %offset : index
        %r:2 = scf.if %has -> (i32, i32) {
          %src = arith.subi %tx, %offset : index
          %other = memref.load %buf[%src] : memref<64xi32, #gpu.address_space<workgroup>>
          %sum = arith.addi %mine, %other : i32
          %n1 = arith.addi %n, %one : i32
          scf.yield %sum, %n1 : i32, i32
        } else {
          scf.yield %mine, %n : i32, i32
        }
        gpu.barrier
        memref.store %r#0, %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        scf.yield %r#1 : i32
      }
      %final = memref.load %buf[%tx] : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %final, %out[%c0, %tx] : memref<2x64xi32>
      memref.store %count, %out[%c1, %tx] : memref<2x64xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<2x64xi32>
    gpu.memcpy %h, %out : memref<2x64xi32>, memref<2x64xi32>
    %u = memref.cast %h : memref<2x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
