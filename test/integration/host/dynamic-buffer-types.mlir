// Buffers passed to a kernel as dynamic memrefs cast from static ones, with
// the block size taken from their dims (the form of MLIR's runner
// programs): the kernel takes the static types, so it knows its strides
// and block size, which the Vulkan target needs.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 3 offset = 0 sizes = [2, 3, 5] strides = [15, 5, 1] data =
// CHECK-NEXT: [0,   1,   2,   3,   4],
// CHECK-NEXT: [5,   6,   7,   8,   9],
// CHECK-NEXT: [10,   11,   12,   13,   14]],
// CHECK-NEXT: [15,   16,   17,   18,   19],
// CHECK-NEXT: [20,   21,   22,   23,   24],
// CHECK-NEXT: [25,   26,   27,   28,   29]]]
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %host = memref.alloc() : memref<2x3x5xi32>
  %device = gpu.alloc() : memref<2x3x5xi32>
  %any = memref.cast %device : memref<2x3x5xi32> to memref<?x?x?xi32>
  %sx = memref.dim %any, %c2 : memref<?x?x?xi32>
  %sy = memref.dim %any, %c1 : memref<?x?x?xi32>
  %sz = memref.dim %any, %c0 : memref<?x?x?xi32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%bsx = %sx, %bsy = %sy, %bsz = %sz) {
    %plane = arith.muli %tz, %bsy : index
    %row = arith.addi %plane, %ty : index
    %rows = arith.muli %row, %bsx : index
    %flat = arith.addi %rows, %tx : index
    %v = arith.index_cast %flat : index to i32
    memref.store %v, %any[%tz, %ty, %tx] : memref<?x?x?xi32>
    gpu.terminator
  }
  gpu.memcpy %host, %device : memref<2x3x5xi32>, memref<2x3x5xi32>
  %u = memref.cast %host : memref<2x3x5xi32> to memref<*xi32>
  call @printMemrefI32(%u) : (memref<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(memref<*xi32>)
