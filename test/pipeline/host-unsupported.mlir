// What the host target cannot compile yet is reported at the op, and
// nothing is written.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-unsupported.mlir:[[@LINE+12]]:{{[0-9]+}}: error: 'gpu.warp_execute_on_lane_0' is not supported by mlirc's host target yet
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<4xi32>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %m[%t] : memref<4xi32>
      gpu.barrier
      %v = memref.load %m[%c0] : memref<4xi32>
      memref.store %v, %m[%t] : memref<4xi32>
      %lane = gpu.lane_id
      %r = gpu.warp_execute_on_lane_0(%lane)[32] -> (i32) {
        %c7 = arith.constant 7 : i32
        gpu.yield %c7 : i32
      }
      memref.store %r, %m[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %d = gpu.alloc() : memref<4xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%d : memref<4xi32>)
    return
  }
}
