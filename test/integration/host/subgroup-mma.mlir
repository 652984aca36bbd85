// Tensor-core ops (gpu.subgroup_mma_*) on the host target, emulated: the
// first lane of each subgroup holds the whole matrix and runs every op on
// it, loads before stores as on a GPU. Three kernels: one subgroup
// computing A * I + C + C with f16 inputs and f32 accumulators; two
// subgroups, each one 16x16 tile of relu(A * B - 4) with A loaded
// transposed and the K loop carrying the accumulator; an f64 8x8x4
// multiply. The same program builds for NVIDIA (MLIR's WMMA lowering), and
// runs on Vulkan, emulated as on the host target: the matrices belong to
// 32 threads, as do gpu.subgroup_id and gpu.lane_id in kernels that use
// them, also where the device's subgroups have 8 lanes (lavapipe's).
// RUN: %mlirc %s --offload-arch=host -o %t && %t | FileCheck %s
// RUN: %if vulkan-device %{ %mlirc %s --offload-arch=vulkan -o %t.vk %}
// RUN: %if vulkan-device %{ %t.vk | FileCheck %s %}
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda -c -o %t.o
// CHECK:      sizes = [16, 16]
// CHECK-NEXT: [1,   2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16],
// CHECK-NEXT: [2,   3,   4,   5,   6,   7,   8,   9,   10,   11,   12,   13,   14,   15,   16,   17],
// CHECK:      [16,   17,   18,   19,   20,   21,   22,   23,   24,   25,   26,   27,   28,   29,   30,   31]]
// CHECK:      sizes = [16, 32]
// CHECK-NEXT: [12,   12,   11,   11,   10,   10,   9,   9,   8,   8,   7,   7,   6,   6,   5,   5,   4,   4,   3,   3,   2,   2,   1,   1,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK-NEXT: [12,   11,   11,   10,   10,   9,   9,   8,   8,   7,   7,   6,   6,   5,   5,   4,   4,   3,   3,   2,   2,   1,   1,   0,   0,   0,   0,   0,   0,   0,   0,   0],
// CHECK:      sizes = [8, 8]
// CHECK-NEXT: [0.5,   4,   7.5,   11,   14.5,   18,   21.5,   25],
// CHECK-NEXT: [0.5,   5.5,   10.5,   15.5,   20.5,   25.5,   30.5,   35.5],
// CHECK-NEXT: [0.5,   7,   13.5,   20,   26.5,   33,   39.5,   46],
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefF64(memref<*xf64>)
func.func @identity() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<16x16xf16>
  %b = gpu.alloc host_shared () : memref<16x16xf16>
  %c = gpu.alloc host_shared () : memref<16x16xf32>
  scf.for %i = %c0 to %c16 step %c1 {
    scf.for %j = %c0 to %c16 step %c1 {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i32
      %sf = arith.sitofp %si : i32 to f16
      memref.store %sf, %a[%i, %j] : memref<16x16xf16>
      %eq = arith.cmpi eq, %i, %j : index
      %one = arith.constant 1.0 : f16
      %zero = arith.constant 0.0 : f16
      %v = arith.select %eq, %one, %zero : f16
      memref.store %v, %b[%i, %j] : memref<16x16xf16>
      %z32 = arith.constant 0.5 : f32
      memref.store %z32, %c[%i, %j] : memref<16x16xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
    %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 16 : index} : memref<16x16xf32> -> !gpu.mma_matrix<16x16xf32, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
    %E = gpu.subgroup_mma_elementwise addf %D, %C : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %E, %c[%c0, %c0] {leadDimension = 16 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x16xf32>
    gpu.terminator
  }
  %u = memref.cast %c : memref<16x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @tiles() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c16 = arith.constant 16 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  // A is 16x32, kept transposed (AT is 32x16); B is 32x32; C = relu(A*B - 4)
  // is 16x32, one 16x16 tile per subgroup.
  %at = gpu.alloc host_shared () : memref<32x16xf16>
  %b = gpu.alloc host_shared () : memref<32x32xf16>
  %c = gpu.alloc host_shared () : memref<16x32xf32>
  scf.for %k = %c0 to %c32 step %c1 {
    scf.for %i = %c0 to %c16 step %c1 {
      %s = arith.addi %i, %k : index
      %r = arith.remui %s, %c2 : index
      %ri = arith.index_cast %r : index to i32
      %f = arith.sitofp %ri : i32 to f16
      memref.store %f, %at[%k, %i] : memref<32x16xf16>
    }
    scf.for %j = %c0 to %c32 step %c1 {
      %p = arith.cmpi ule, %j, %k : index
      %one = arith.constant 1.0 : f16
      %zero = arith.constant 0.0 : f16
      %v = arith.select %p, %one, %zero : f16
      memref.store %v, %b[%k, %j] : memref<32x32xf16>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c64, %sy = %c1, %sz = %c1) {
    %sg = gpu.subgroup_id : index
    %col = arith.muli %sg, %c16 : index
    %zero = arith.constant 0.0 : f32
    %init = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
    %acc = scf.for %k = %c0 to %c32 step %c16 iter_args(%sum = %init) -> (!gpu.mma_matrix<16x16xf32, "COp">) {
      %A = gpu.subgroup_mma_load_matrix %at[%k, %c0] {leadDimension = 16 : index, transpose} : memref<32x16xf16> -> !gpu.mma_matrix<16x16xf16, "AOp">
      %B = gpu.subgroup_mma_load_matrix %b[%k, %col] {leadDimension = 32 : index} : memref<32x32xf16> -> !gpu.mma_matrix<16x16xf16, "BOp">
      %D = gpu.subgroup_mma_compute %A, %B, %sum {a_transpose} : !gpu.mma_matrix<16x16xf16, "AOp">, !gpu.mma_matrix<16x16xf16, "BOp"> -> !gpu.mma_matrix<16x16xf32, "COp">
      scf.yield %D : !gpu.mma_matrix<16x16xf32, "COp">
    }
    %four = arith.constant -4.0 : f32
    %F = gpu.subgroup_mma_constant_matrix %four : !gpu.mma_matrix<16x16xf32, "COp">
    %shifted = gpu.subgroup_mma_elementwise addf %acc, %F : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    %Z = gpu.subgroup_mma_constant_matrix %zero : !gpu.mma_matrix<16x16xf32, "COp">
    %relu = gpu.subgroup_mma_elementwise maxf %shifted, %Z : (!gpu.mma_matrix<16x16xf32, "COp">, !gpu.mma_matrix<16x16xf32, "COp">) -> !gpu.mma_matrix<16x16xf32, "COp">
    gpu.subgroup_mma_store_matrix %relu, %c[%c0, %col] {leadDimension = 32 : index} : !gpu.mma_matrix<16x16xf32, "COp">, memref<16x32xf32>
    gpu.terminator
  }
  %u = memref.cast %c : memref<16x32xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
func.func @double() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c4 = arith.constant 4 : index
  %c32 = arith.constant 32 : index
  %a = gpu.alloc host_shared () : memref<8x4xf64>
  %b = gpu.alloc host_shared () : memref<4x8xf64>
  %c = gpu.alloc host_shared () : memref<8x8xf64>
  scf.for %i = %c0 to %c8 step %c1 {
    scf.for %j = %c0 to %c4 step %c1 {
      %s = arith.addi %i, %j : index
      %si = arith.index_cast %s : index to i32
      %sf = arith.sitofp %si : i32 to f64
      memref.store %sf, %a[%i, %j] : memref<8x4xf64>
      %p = arith.muli %i, %j : index
      %pi = arith.index_cast %p : index to i32
      %pf = arith.sitofp %pi : i32 to f64
      %q = arith.constant 0.25 : f64
      %v = arith.mulf %pf, %q : f64
      memref.store %v, %b[%j, %i] : memref<4x8xf64>
    }
    scf.for %j = %c0 to %c8 step %c1 {
      %half = arith.constant 0.5 : f64
      memref.store %half, %c[%i, %j] : memref<8x8xf64>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c32, %sy = %c1, %sz = %c1) {
    %A = gpu.subgroup_mma_load_matrix %a[%c0, %c0] {leadDimension = 4 : index} : memref<8x4xf64> -> !gpu.mma_matrix<8x4xf64, "AOp">
    %B = gpu.subgroup_mma_load_matrix %b[%c0, %c0] {leadDimension = 8 : index} : memref<4x8xf64> -> !gpu.mma_matrix<4x8xf64, "BOp">
    %C = gpu.subgroup_mma_load_matrix %c[%c0, %c0] {leadDimension = 8 : index} : memref<8x8xf64> -> !gpu.mma_matrix<8x8xf64, "COp">
    %D = gpu.subgroup_mma_compute %A, %B, %C : !gpu.mma_matrix<8x4xf64, "AOp">, !gpu.mma_matrix<4x8xf64, "BOp"> -> !gpu.mma_matrix<8x8xf64, "COp">
    gpu.subgroup_mma_store_matrix %D, %c[%c0, %c0] {leadDimension = 8 : index} : !gpu.mma_matrix<8x8xf64, "COp">, memref<8x8xf64>
    gpu.terminator
  }
  %u = memref.cast %c : memref<8x8xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
func.func @main() {
  call @identity() : () -> ()
  call @tiles() : () -> ()
  call @double() : () -> ()
  return
}
