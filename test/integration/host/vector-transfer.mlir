// vector.transfer_read/write (lowered through vector-to-scf) in a kernel
// and on the host, with a padded read past the end of the data.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 0, 2, 4, 6, 8, 10, -2, -2 )
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %pad = arith.constant -1.0 : f32
    %d = gpu.alloc() : memref<8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %i0 = arith.constant 0 : index
      %cst = arith.constant dense<[0.0, 1.0, 2.0, 3.0, 4.0, 5.0]> : vector<6xf32>
      %m6 = memref.subview %d[0] [6] [1] : memref<8xf32> to memref<6xf32, strided<[1]>>
      vector.transfer_write %cst, %m6[%i0] {in_bounds = [true]} : vector<6xf32>, memref<6xf32, strided<[1]>>
      %p = arith.constant -1.0 : f32
      %v = vector.transfer_read %m6[%i0], %p : memref<6xf32, strided<[1]>>, vector<8xf32>
      %two = arith.constant dense<2.0> : vector<8xf32>
      %r = arith.mulf %v, %two : vector<8xf32>
      vector.transfer_write %r, %d[%i0] : vector<8xf32>, memref<8xf32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<8xf32>
    gpu.memcpy %h, %d : memref<8xf32>, memref<8xf32>
    %all = vector.transfer_read %h[%c0], %pad : memref<8xf32>, vector<8xf32>
    vector.print %all : vector<8xf32>
    return
  }
}
