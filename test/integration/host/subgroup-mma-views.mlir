// Tensor-core loads from a dynamic 2-D buffer and from a strided subview of
// it (a kernel argument with a dynamic offset and row stride), on the host
// target and on Vulkan, where the loads become accesses of the storage
// buffers at the linear index of each row. Element (i, j) of the 48x48
// buffer is 48i + j; the view starts at (8, 8), so view[1 + r][1 + c] minus
// buffer[8 + r][c] is 57 everywhere.
// RUN: %mlirc %s --offload-arch=host -o %t && %t | FileCheck %s
// RUN: %if vulkan-device %{ %mlirc %s --offload-arch=vulkan -o %t.vk %}
// RUN: %if vulkan-device %{ %t.vk | FileCheck %s %}
// CHECK-COUNT-16: [57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57,   57]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c48 = arith.constant 48 : index
  %a0 = gpu.alloc host_shared (%c48, %c48) : memref<?x?xf32>
  %o = gpu.alloc host_shared () : memref<16x16xf32>
  scf.for %i = %c0 to %c48 step %c1 {
    scf.for %j = %c0 to %c48 step %c1 {
      %s = arith.muli %i, %c48 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      memref.store %f, %a0[%i, %j] : memref<?x?xf32>
    }
  }
  // The 32x32 view from (8, 8).
  %view = memref.subview %a0[8, 8] [32, 32] [1, 1] : memref<?x?xf32> to memref<32x32xf32, strided<[?, 1], offset: ?>>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %a0[%c8, %c0] {leadDimension = 48 : index} : memref<?x?xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %B = gpu.subgroup_mma_load_matrix %view[%c1, %c1] {leadDimension = 48 : index} : memref<32x32xf32, strided<[?, 1], offset: ?>> -> !gpu.mma_matrix<16x16xf32, "COp">
    %C = gpu.subgroup_mma_elementwise subf %B, %A : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %C, %o[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  %u = memref.cast %o : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
