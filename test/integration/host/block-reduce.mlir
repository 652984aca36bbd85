// A reduction across several blocks: each block sums 256 values as a tree
// in workgroup memory (gpu.barrier inside a loop and under a condition all
// threads take), and thread 0 adds the block's sum to the result with an
// atomic. 4 blocks x 256 threads sum 0..1023.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 523776 )
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c256 = arith.constant 256 : index
    %zero = arith.constant 0.0 : f32
    %sum = gpu.alloc() : memref<1xf32>
    gpu.memset %sum, %zero : memref<1xf32>, f32
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c4, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c256, %sy = %c1, %sz = %c1)
        workgroup(%partial : memref<256xf32, #gpu.address_space<workgroup>>) {
      %g = gpu.global_id x
      %gi = arith.index_cast %g : index to i32
      %v = arith.sitofp %gi : i32 to f32
      memref.store %v, %partial[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      scf.for %step = %c0 to %c8 step %c1 {
        %half = arith.constant 128 : index
        %s = arith.shrui %half, %step : index
        %active = arith.cmpi ult, %tx, %s : index
        scf.if %active {
          %other = arith.addi %tx, %s : index
          %a = memref.load %partial[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
          %b = memref.load %partial[%other] : memref<256xf32, #gpu.address_space<workgroup>>
          %r = arith.addf %a, %b : f32
          memref.store %r, %partial[%tx] : memref<256xf32, #gpu.address_space<workgroup>>
        }
        gpu.barrier
      }
      %first = arith.cmpi eq, %tx, %c0 : index
      %always = arith.constant true
      scf.if %always {
        gpu.barrier
        scf.if %first {
          %blockSum = memref.load %partial[%c0] : memref<256xf32, #gpu.address_space<workgroup>>
          %old = memref.atomic_rmw addf %blockSum, %sum[%c0] : (f32, memref<1xf32>) -> f32
        }
      }
      gpu.terminator
    }
    %h = memref.alloc() : memref<1xf32>
    gpu.memcpy %h, %sum : memref<1xf32>, memref<1xf32>
    %r = memref.load %h[%c0] : memref<1xf32>
    %ri = arith.fptosi %r : f32 to i64
    %vec = vector.broadcast %ri : i64 to vector<1xi64>
    vector.print %vec : vector<1xi64>
    return
  }
}
