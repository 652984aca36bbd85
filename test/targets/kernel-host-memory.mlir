// NVIDIA: a kernel may take memref.alloc memory, as on the host target and
// Vulkan (and in MLIR's runner programs), though a GPU without access to
// pageable memory faults on it (an illegal address on an H200). The host
// code hands each such argument to the runtime before the launch (its
// aligned start and the bytes its strides reach: 4 x 3 floats of a 4 x 8
// row-major buffer from column 2 is 4 * (2 + 3 * 8 + 2 + 1) bytes) and
// releases it once the kernel has ended; the CUDA backend registers its
// pages for the launch where the device needs that. gpu.alloc memory is
// the device's already.
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=llvm -o - | FileCheck %s
// CHECK-LABEL: define {{.*}} @main(
// CHECK: [[HELD:%[0-9]+]] = {{.*}}call ptr @mlircKernelHostMemoryBegin(ptr %{{[0-9]+}}, i64 116)
// CHECK-NOT: mlircKernelHostMemoryBegin
// CHECK: call void @mlircLaunchKernel(
// CHECK-NEXT: call void @mgpuStreamSynchronize(
// CHECK-NEXT: call void @mgpuStreamDestroy(
// CHECK-NEXT: call void @mlircKernelHostMemoryEnd(ptr [[HELD]])
// CHECK-NOT: mlircKernelHostMemory
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %host = memref.alloc() : memref<4x8xf32>
  %part = memref.subview %host[0, 2] [4, 3] [1, 1] : memref<4x8xf32> to memref<4x3xf32, strided<[8, 1], offset: 2>>
  %device = gpu.alloc () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %v = memref.load %part[%tx, %c0] : memref<4x3xf32, strided<[8, 1], offset: 2>>
    memref.store %v, %device[%tx] : memref<4xf32>
    gpu.terminator
  }
  return
}
