// A buffer that only launches inside a loop take is freed after the wait
// for the loop's token, not between the loop and the wait.
// RUN: %mlirc %s --offload-arch=host --compile-to=bufferized -o - | FileCheck %s
// CHECK: %[[R:.*]] = scf.for
// CHECK: gpu.launch_func async
// CHECK: gpu.wait [%[[R]]]
// CHECK-NOT: gpu.wait
// CHECK: memref.dealloc %alloc :
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @inc(%m: memref<4xf32>, %o: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %v = memref.load %m[%t] : memref<4xf32>
      %w = memref.load %o[%t] : memref<4xf32>
      %s = arith.addf %v, %w : f32
      memref.store %s, %o[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %x = arith.constant 2.0 : f32
    %e = tensor.empty() : tensor<4xf32>
    %f = linalg.fill ins(%x : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %m = bufferization.to_buffer %f : tensor<4xf32> to memref<4xf32>
    %o = memref.alloc() : memref<4xf32>
    %t0 = gpu.wait async
    %r = scf.for %i = %c0 to %c4 step %c1 iter_args(%t = %t0) -> !gpu.async.token {
      %a = gpu.launch_func async [%t] @k::@inc blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%m : memref<4xf32>, %o : memref<4xf32>)
      scf.yield %a : !gpu.async.token
    }
    gpu.wait [%r]
    memref.dealloc %o : memref<4xf32>
    return
  }
}
