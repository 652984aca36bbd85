// A function a gpu.module declares is called on the host target as the host
// function of that name; declared there with another type, that is an error
// at the gpu.module's declaration.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-extern-mismatch.mlir:[[@LINE+3]]:{{[0-9]+}}: error: the host target calls 'expf' as the host function of that name, which the program declares differently
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func private @expf(f32) -> f32
    gpu.func @kernel(%m: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      %e = func.call @expf(%f) : (f32) -> f32
      memref.store %e, %m[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func private @expf(f64) -> f64
  func.func @main(%m: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%m : memref<4xf32>)
    %one = arith.constant 1.0 : f64
    %e = call @expf(%one) : (f64) -> f64
    return
  }
}
