// REQUIRES: cuda-toolkit
// libdevice from the toolkit is linked: erf, exp and tanh leave no extern
// __nv_* function in the PTX.
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%cuda_root --compile-to=binary -o %t.mlir
// RUN: FileCheck %s < %t.mlir
// CHECK: gpu.binary
// CHECK-NOT: .extern .func {{.*}}__nv_
// CHECK-NOT: __nv_erff
// CHECK: ex2.approx
module {
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %d = gpu.alloc() : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = memref.load %d[%tx] : memref<4xf32>
      %e = math.erf %v : f32
      %x = math.exp %e : f32
      %t = math.tanh %x : f32
      memref.store %t, %d[%tx] : memref<4xf32>
      gpu.terminator
    }
    return
  }
}
