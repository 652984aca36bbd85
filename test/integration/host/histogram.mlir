// A histogram with atomics from many blocks: 4096 values i % 8 counted
// into 8 bins by 16 blocks of 256 threads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [512, 512, 512, 512, 512, 512, 512, 512]
module {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0 : i32
    %bins = gpu.alloc() : memref<8xi32>
    gpu.memset %bins, %zero : memref<8xi32>, i32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c16, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1) {
      %i = gpu.global_id x
      %c8 = arith.constant 8 : index
      %bin = arith.remui %i, %c8 : index
      %one = arith.constant 1 : i32
      %old = memref.atomic_rmw addi %one, %bins[%bin] : (i32, memref<8xi32>) -> i32
      gpu.terminator
    }
    %h = memref.alloc() : memref<8xi32>
    gpu.memcpy %h, %bins : memref<8xi32>, memref<8xi32>
    %u = memref.cast %h : memref<8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
