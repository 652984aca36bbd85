// f16 WMMA accumulators through a loop: a constant, transposed B loads,
// maxf, extf to f32 and a transposed store (amdgpu-wmma.test).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @acc(%a: memref<16x64xf16>, %b: memref<64x16xf16>, %out: memref<16x16xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %c64 = arith.constant 64 : index
      %zero = arith.constant 0.0 : f16
      %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf16, "COp">
      %sum = scf.for %k = %c0 to %c64 step %c16 iter_args(%acc = %init) -> (!gpu.mma_matrix<16x16xf16, "COp">) {
        %A = gpu.subgroup_mma_load_matrix %a[%c0, %k] {leadDimension = 64 : index} : memref<16x64xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
        %B = gpu.subgroup_mma_load_matrix %b[%k, %c0] {leadDimension = 16 : index, transpose} : memref<64x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
        %D = gpu.subgroup_mma_compute %A, %B, %acc : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf16, "COp">
        %E = gpu.subgroup_mma_elementwise maxf %D, %acc : (!gpu.mma_matrix<16x16xf16, "COp">, !gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf16, "COp">
        scf.yield %E : !gpu.mma_matrix<16x16xf16, "COp">
      }
      %wide = gpu.subgroup_mma_elementwise extf %sum : (!gpu.mma_matrix<16x16xf16, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
      gpu.subgroup_mma_store_matrix %wide, %out[%c0, %c0] {leadDimension = 16 : index, transpose} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
      gpu.return
    }
  }
}
