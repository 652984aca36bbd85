// A kernel that views a dynamic 2-D buffer through its strided metadata, as
// lowered code does: memref.extract_strided_metadata, then a 1-D
// memref.reinterpret_cast of the base buffer at the offset, read backwards,
// plus the row stride. On Vulkan a buffer has no metadata to extract: the
// sizes and strides are the dims of a memref of identity layout, and the
// cast of its base buffer is a cast of the buffer itself.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [29,  28,  27,  26,  25,  24,  23,  22,  21,  20,  19,  18,  17,  16,  15,  14,  13,  12,  11,  10,  9,  8,  7,  6]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c6 = arith.constant 6 : index
  %c24 = arith.constant 24 : index
  %m = gpu.alloc host_shared (%c4, %c6) : memref<?x?xf32>
  %o = gpu.alloc host_shared () : memref<24xf32>
  scf.for %i = %c0 to %c4 step %c1 {
    scf.for %j = %c0 to %c6 step %c1 {
      %s = arith.muli %i, %c6 : index
      %t = arith.addi %s, %j : index
      %ti = arith.index_cast %t : index to i32
      %f = arith.sitofp %ti : i32 to f32
      memref.store %f, %m[%i, %j] : memref<?x?xf32>
    }
  }
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c24, %sy = %c1, %sz = %c1) {
    %base, %off, %sizes:2, %st:2 = memref.extract_strided_metadata %m : memref<?x?xf32> -> memref<f32>, index, index, index, index, index
    %n = arith.muli %sizes#0, %sizes#1 : index
    %flat = memref.reinterpret_cast %base to offset: [%off], sizes: [%n], strides: [1] : memref<f32> to memref<?xf32, strided<[1], offset: ?>>
    %rev = arith.subi %n, %tx : index
    %r1 = arith.subi %rev, %c1 : index
    %v = memref.load %flat[%r1] : memref<?xf32, strided<[1], offset: ?>>
    %w = arith.index_cast %st#0 : index to i32
    %wf = arith.sitofp %w : i32 to f32
    %x = arith.addf %v, %wf : f32
    memref.store %x, %o[%tx] : memref<24xf32>
    gpu.terminator
  }
  %u = memref.cast %o : memref<24xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
