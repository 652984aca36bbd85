// ub.poison in a kernel and in host code (vector-to-gpu lowerings emit it):
// selected away, it leaves the stored values alone.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  1,  2,  3]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c2 = arith.constant 2 : index
  %m = gpu.alloc host_shared () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %i = arith.index_cast %tx : index to i32
    %f = arith.sitofp %i : i32 to f32
    %p = ub.poison : f32
    %low = arith.cmpi ult, %tx, %c2 : index
    %v = arith.select %low, %f, %p : f32
    %w = arith.select %low, %v, %f : f32
    memref.store %w, %m[%tx] : memref<4xf32>
    gpu.terminator
  }
  %h = ub.poison : index
  %u = memref.cast %m : memref<4xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
