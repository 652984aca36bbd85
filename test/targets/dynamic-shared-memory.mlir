// On NVIDIA, gpu.dynamic_shared_memory, and the zero-sized memref.globals
// in workgroup memory that MLIR's programs use as dynamic shared memory
// (which become views of it), are CUDA's `extern __shared__` array, where
// the launch's dynamic shared memory starts. MLIR lowers it to an internal
// global, which NVPTX made a static shared variable of one byte: the
// buffer behind it overlapped the kernel's other shared variables.
// test/integration/host/dynamic-shared-globals.mlir runs such a program.
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=binary -o - | FileCheck %s
// CHECK-NOT: scratch
// CHECK-DAG: .extern .shared .align 16 .b8 __dynamic_shmem__0[];
// CHECK-DAG: .shared .align 4 .b8 counts[64];
// CHECK-NOT: scratch

memref.global "private" @scratch : memref<0xf32, #gpu.address_space<workgroup>> {alignment = 16 : i64}
memref.global "private" @counts : memref<16xi32, #gpu.address_space<workgroup>>
func.func @main() {
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %bytes = arith.constant 64 : i32
  %out = gpu.alloc () : memref<16xf32>
  gpu.launch blocks(%b0, %b1, %b2) in (%g0 = %c1, %g1 = %c1, %g2 = %c1)
             threads(%t0, %t1, %t2) in (%s0 = %c16, %s1 = %c1, %s2 = %c1)
             dynamic_shared_memory_size %bytes {
    %c0 = arith.constant 0 : index
    %raw = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
    %view = memref.view %raw[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %zero = memref.get_global @scratch : memref<0xf32, #gpu.address_space<workgroup>>
    %same = memref.reinterpret_cast %zero to offset: [0], sizes: [16], strides: [1] : memref<0xf32, #gpu.address_space<workgroup>> to memref<16xf32, #gpu.address_space<workgroup>>
    %counts = memref.get_global @counts : memref<16xi32, #gpu.address_space<workgroup>>
    %i = arith.index_cast %t0 : index to i32
    memref.store %i, %counts[%t0] : memref<16xi32, #gpu.address_space<workgroup>>
    %f = arith.sitofp %i : i32 to f32
    memref.store %f, %view[%t0] : memref<16xf32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c15 = arith.constant 15 : index
    %other = arith.subi %c15, %t0 : index
    %v = memref.load %same[%other] : memref<16xf32, #gpu.address_space<workgroup>>
    %n = memref.load %counts[%other] : memref<16xi32, #gpu.address_space<workgroup>>
    %nf = arith.sitofp %n : i32 to f32
    %sum = arith.addf %v, %nf : f32
    memref.store %sum, %out[%t0] : memref<16xf32>
    gpu.terminator
  }
  return
}
