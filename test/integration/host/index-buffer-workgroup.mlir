// A kernel that takes a buffer of indices and has workgroup memory. On
// Vulkan, retyping the buffer's indices as 64-bit integers also counted
// the workgroup attribution among the kernel's arguments, and the
// compile failed: "its SPIR-V shader lost arguments (mlirc bug)".
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Thread t reads what thread 3 - t stored, times the index it was given.
// CHECK: [6,  4,  2,  0]
module attributes {gpu.container_module} {
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %out = gpu.alloc host_shared () : memref<4xi32>
  %scale = gpu.alloc host_shared () : memref<1xindex>
  memref.store %c2, %scale[%c0] : memref<1xindex>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %shared = memref.alloca() : memref<4xi32, #gpu.address_space<workgroup>>
    %t = arith.index_cast %tx : index to i32
    memref.store %t, %shared[%tx] : memref<4xi32, #gpu.address_space<workgroup>>
    gpu.barrier
    %c3 = arith.constant 3 : index
    %other = arith.subi %c3, %tx : index
    %v = memref.load %shared[%other] : memref<4xi32, #gpu.address_space<workgroup>>
    %z = arith.constant 0 : index
    %s = memref.load %scale[%z] : memref<1xindex>
    %s32 = arith.index_cast %s : index to i32
    %r = arith.muli %v, %s32 : i32
    memref.store %r, %out[%tx] : memref<4xi32>
    gpu.terminator
  }
  %u = memref.cast %out : memref<4xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
}
