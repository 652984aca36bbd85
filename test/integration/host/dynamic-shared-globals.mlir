// Zero-sized memref.globals in workgroup memory, which MLIR's programs
// (its sm_90 GEMMs) use as the launch's dynamic shared memory, viewed with
// reinterpret_cast: both, and gpu.dynamic_shared_memory, are the same
// memory, apart from the kernel's static workgroup arrays. Thread t writes
// t through one view and a static array, and reads thread 15 - t's values
// through the other: 2 * (15 - t). The host target read past a buffer of
// zero elements (NaNs); NVIDIA put the memory behind them over the static
// array.
// Vulkan: a reinterpret_cast of the dynamic shared memory is an error.
// UNSUPPORTED: offload-arch-vulkan
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
// CHECK: [30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0]
memref.global "private" @scratch : memref<0xf32, #gpu.address_space<workgroup>>
memref.global "private" @numbered : memref<0xf32, 3>
memref.global "private" @counts : memref<16xi32, #gpu.address_space<workgroup>>
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %bytes = arith.constant 64 : i32
  %out = gpu.alloc () : memref<2x16xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c16, %s1 = %c1, %s2 = %c1)
             dynamic_shared_memory_size %bytes {
    %c0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %c15 = arith.constant 15 : index
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %view = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %zero = memref.get_global @scratch : memref<0xf32, #gpu.address_space<workgroup>>
    %same = memref.reinterpret_cast %zero to offset: [0], sizes: [16], strides: [1] : memref<0xf32, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %zero3 = memref.get_global @numbered : memref<0xf32, 3>
    %same3 = memref.reinterpret_cast %zero3 to offset: [0], sizes: [16], strides: [1] : memref<0xf32, 3> to memref<16xf32, 3>
    %counts = memref.get_global @counts : memref<16xi32, #gpu.address_space<workgroup>>
    %i = arith.index_cast %t0 : index to i32
    memref.store %i, %counts[%t0] : memref<16xi32, #gpu.address_space<workgroup>>
    %f = arith.sitofp %i : i32 to f32
    memref.store %f, %view[%t0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %other = arith.subi %c15, %t0 : index
    %n = memref.load %counts[%other] : memref<16xi32, #gpu.address_space<workgroup>>
    %nf = arith.sitofp %n : i32 to f32
    %v = memref.load %same[%other] : memref<16xf32, #gpu.address_space<workgroup>>
    %sum = arith.addf %v, %nf : f32
    memref.store %sum, %out[%c0, %t0] : memref<2x16xf32>
    %v3 = memref.load %same3[%other] : memref<16xf32, 3>
    %sum3 = arith.addf %v3, %nf : f32
    memref.store %sum3, %out[%k1, %t0] : memref<2x16xf32>
    gpu.terminator
  }
  %h = memref.alloc() : memref<2x16xf32>
  gpu.memcpy %h, %out : memref<2x16xf32>, memref<2x16xf32>
  %u = memref.cast %h : memref<2x16xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
