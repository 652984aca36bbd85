// gpu.warp_execute_on_lane_0 passes its values through the kernel's
// workgroup memory: in a device function it is an error at the op.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: warp-execute-helper.mlir:[[@LINE+4]]:{{[0-9]+}}: error: gpu.warp_execute_on_lane_0 can be compiled only in a kernel (its values pass through the kernel's workgroup memory)
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @helper(%lane: index, %v: vector<1xf32>) -> vector<1xf32> {
      %r = gpu.warp_execute_on_lane_0(%lane)[32] args(%v : vector<1xf32>) -> (vector<1xf32>) {
      ^bb0(%all: vector<32xf32>):
        gpu.yield %all : vector<32xf32>
      }
      return %r : vector<1xf32>
    }
    gpu.func @kernel(%m: memref<32xf32>) kernel attributes {known_block_size = array<i32: 32, 1, 1>} {
      %t = gpu.thread_id x
      %z = arith.constant dense<1.0> : vector<1xf32>
      %r = func.call @helper(%t, %z) : (index, vector<1xf32>) -> vector<1xf32>
      %e = vector.extract %r[0] : f32 from vector<1xf32>
      memref.store %e, %m[%t] : memref<32xf32>
      gpu.return
    }
  }
}
