// RUN: %mlirc --compile-to=outlined %s --offload-arch=host -o - | FileCheck %s
// RUN: %mlirc -O3 --compile-to=binary %s --offload-arch=sm_90 --cuda-path=%fake_cuda -o - | FileCheck %s --check-prefix=PTX
// Constants (and memref.dim of them) that a gpu.launch body uses from its
// function go into the kernel, not into its arguments: the kernel then
// folds them, and its loops have constant bounds (the loop below runs four
// times in every thread and is unrolled: 0 + x * x is a multiplication,
// then three FMAs; no branch, no division).

// CHECK-LABEL: gpu.launch_func
// CHECK-SAME: args(%{{[^ ]*}} : memref<64xf32>, %{{[^ ]*}} : memref<64xf32>)
// CHECK: gpu.func @{{.*}}(%{{[^ ]*}}: memref<64xf32>, %{{[^ ]*}}: memref<64xf32>) kernel
// CHECK: arith.constant 16 : index
// CHECK: scf.for %{{.*}} = %thread_id_x to %c64 step %c16

// PTX: mul.f32
// PTX-COUNT-3: fma.rn.f32
// PTX-NOT: div.u
// PTX-NOT: bra
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %zero = arith.constant 0.0 : f32
  %x = memref.alloc() : memref<64xf32>
  %out = memref.alloc() : memref<64xf32>
  %n = memref.dim %x, %c0 : memref<64xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c16, %sy = %c1, %sz = %c1) {
    %sum = scf.for %k = %tx to %n step %c16 iter_args(%acc = %zero) -> f32 {
      %v = memref.load %x[%k] : memref<64xf32>
      %s = arith.mulf %v, %v : f32
      %a = arith.addf %acc, %s : f32
      scf.yield %a : f32
    }
    memref.store %sum, %out[%tx] : memref<64xf32>
    gpu.terminator
  }
  return
}
