// A GPU token an async task receives from another is an event; a gpu op
// other than gpu.wait that depends on it gets a stream that waits for it.
// MLIR's gpu-to-llvm passed the event to cudaMallocAsync as the stream (on
// an H200: "context is destroyed", in MLIR's async-gpu test too).
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=host -o - | FileCheck %s
// CHECK-LABEL: llvm.func @async_execute_fn_0(
// CHECK: [[STREAM:%[0-9]+]] = llvm.call @mgpuStreamCreate()
// CHECK-NEXT: llvm.call @mgpuStreamWaitEvent([[STREAM]], [[EVENT:%[0-9]+]])
// CHECK-NEXT: llvm.call @mgpuEventDestroy([[EVENT]])
// CHECK: llvm.call @mgpuMemAlloc(%{{[0-9]+}}, [[STREAM]],
func.func @main() {
  %c2 = arith.constant 2 : index
  %t, %v = async.execute -> !async.value<memref<?xi32>> {
    %b = gpu.alloc(%c2) : memref<?xi32>
    async.yield %b : memref<?xi32>
  }
  %t2 = async.execute [%t] (%v as %b: !async.value<memref<?xi32>>) {
    %b1 = gpu.alloc(%c2) : memref<?xi32>
    gpu.memcpy %b1, %b : memref<?xi32>, memref<?xi32>
    async.yield
  }
  async.await %t2 : !async.token
  return
}
