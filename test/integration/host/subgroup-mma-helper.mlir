// Tensor-core ops in a device function that a kernel of two subgroups
// calls with the tile it picks by gpu.subgroup_id: on Vulkan the kernel's
// subgroup ids count 32 threads as the helper's matrices do, also on
// lavapipe's subgroups of 8 (each tile is doubled once, none is missed).
// RUN: %mlirc %s --offload-arch=host -o %t && %t | FileCheck %s
// RUN: %if vulkan-device %{ %mlirc %s --offload-arch=vulkan -o %t.vk %}
// RUN: %if vulkan-device %{ %t.vk | FileCheck %s %}
// CHECK-COUNT-16: [0,   2,   4,   6,   8,   10,   12,   14,   16,   18,   20,   22,   24,   26,   28,   30,   32,   34,   36,   38,   40,   42,   44,   46,   48,   50,   52,   54,   56,   58,   60,   62]
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @tile(%a: memref<16x32xf32>, %out: memref<16x32xf32>, %col: index) {
      %c0 = arith.constant 0 : index
      %two = arith.constant 2.0 : f32
      %A = gpu.subgroup_mma_load_matrix %a[%c0, %col] {leadDimension = 32 : index} : memref<16x32xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
      %T = gpu.subgroup_mma_constant_matrix %two : !gpu.mma_matrix<16x16xf32, "COp">
      %P = gpu.subgroup_mma_elementwise mulf %A, %T : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %P, %out[%c0, %col] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
      return
    }
    gpu.func @twice(%a: memref<16x32xf32>, %out: memref<16x32xf32>) kernel {
      %sg = gpu.subgroup_id : index
      %c16 = arith.constant 16 : index
      %col = arith.muli %sg, %c16 : index
      func.call @tile(%a, %out, %col) : (memref<16x32xf32>, memref<16x32xf32>, index) -> ()
      gpu.return
    }
  }
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %a = gpu.alloc host_shared () : memref<16x32xf32>
    %o = gpu.alloc host_shared () : memref<16x32xf32>
    scf.for %i = %c0 to %c16 step %c1 {
      scf.for %j = %c0 to %c32 step %c1 {
        %jj = arith.index_cast %j : index to i32
        %f = arith.sitofp %jj : i32 to f32
        memref.store %f, %a[%i, %j] : memref<16x32xf32>
      }
    }
    gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%a : memref<16x32xf32>, %o : memref<16x32xf32>)
    %u = memref.cast %o : memref<16x32xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
