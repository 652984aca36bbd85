// f16 accumulators round as tensor cores round them: each pair of k's
// products summed exactly, then added to the accumulator and rounded to
// f16. A[r][c] = B[r][c] = 2r + c and C = 0.5: the sums pass 2048, where
// f16 steps by 2 and then 4 and 8, so a plain dot product or a sum one
// product at a time prints other last digits (rows 9 and 15 differ in
// most columns). The program also builds for gfx1100 and gfx1200 (WMMA),
// and runs on Vulkan, emulated as on the host target.
// RUN: %mlirc %s --offload-arch=host -o %t && %t | FileCheck %s
// RUN: %if vulkan-device %{ %mlirc %s --offload-arch=vulkan -o %t.vk %}
// RUN: %if vulkan-device %{ %t.vk | FileCheck %s %}
// RUN: %mlirc %s --offload-arch=gfx1100,gfx1200 --rocm-path=%fake_rocm -c -o %t.o
// CHECK:      [2480,   2600,   2720,   2840,   2960,   3080,   3200,   3320,   3440,   3560,   3680,   3800,   3920,   4040,   4160,   4280],
// CHECK:      [6800,   7212,   7616,   8020,   8432,   8840,   9248,   9656,   10064,   10472,   10880,   11288,   11688,   12104,   12512,   12920],
// CHECK:      [9680,   10280,   10880,   11480,   12072,   12680,   13280,   13880,   14488,   15080,   15680,   16280,   16880,   17488,   18080,   18688]]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %half = arith.constant 0.5 : f16
  %m = gpu.alloc host_shared () : memref<16x16xf16>
  %acc = gpu.alloc host_shared () : memref<16x16xf16>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %twice = arith.muli %r, %c2 : index
      %sum = arith.addi %twice, %c : index
      %i = arith.index_cast %sum : index to i32
      %f = arith.sitofp %i : i32 to f16
      memref.store %f, %m[%r, %c] : memref<16x16xf16>
      memref.store %half, %acc[%r, %c] : memref<16x16xf16>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %m[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %acc[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
    gpu.subgroup_mma_store_matrix %D, %acc[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf16, "COp">, memref<16x16xf16>
    gpu.terminator
  }
  %wide = memref.alloc() : memref<16x16xf32>
  scf.for %r = %c0 to %c16 step %c1 {
    scf.for %c = %c0 to %c16 step %c1 {
      %v = memref.load %acc[%r, %c] : memref<16x16xf16>
      %w = arith.extf %v : f16 to f32
      memref.store %w, %wide[%r, %c] : memref<16x16xf32>
    }
  }
  %cast = memref.cast %wide : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%cast) : (memref<*xf32>) -> ()
  return
}
func.func private @printMemrefF32(memref<*xf32>)
