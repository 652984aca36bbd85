// A kernel calling a function its gpu.module only declares (here libm's
// expf, which the host code declares and calls too): on the host target the
// call goes to the function of that name. (On a GPU the device code would
// need its own expf.)
// REQUIRES: offload-arch-host
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [1,  2.71828,  7.38906,  20.0855]
// CHECK-NEXT: 2.71828
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
  func.func private @expf(f32) -> f32
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc() : memref<4xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%out : memref<4xf32>)
    %h = memref.alloc() : memref<4xf32>
    gpu.memcpy %h, %out : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %one = arith.constant 1.0 : f32
    %e = call @expf(%one) : (f32) -> f32
    vector.print %e : f32
    return
  }
}
