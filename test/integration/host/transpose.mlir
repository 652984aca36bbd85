// A 2-D transpose through a 4x4 workgroup tile: 2-D grid of 2-D blocks, a
// barrier between the tile's writes and its transposed reads.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: rank = 2 offset = 0 sizes = [8, 8] strides = [8, 1] data =
// CHECK-NEXT: {{\[\[}}0, 8, 16, 24, 32, 40, 48, 56],
// CHECK-NEXT: [1, 9, 17, 25, 33, 41, 49, 57],
// CHECK: [7, 15, 23, 31, 39, 47, 55, 63{{\]\]}}
module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %h = memref.alloc() : memref<8x8xf32>
    scf.for %i = %c0 to %c8 step %c1 {
      scf.for %j = %c0 to %c8 step %c1 {
        %v = affine.apply affine_map<(i, j) -> (i * 8 + j)>(%i, %j)
        %vi = arith.index_cast %v : index to i32
        %vf = arith.sitofp %vi : i32 to f32
        memref.store %vf, %h[%i, %j] : memref<8x8xf32>
      }
    }
    %in = gpu.alloc() : memref<8x8xf32>
    %out = gpu.alloc() : memref<8x8xf32>
    gpu.memcpy %in, %h : memref<8x8xf32>, memref<8x8xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c4, %sz = %c1)
        workgroup(%tile : memref<4x4xf32, #gpu.address_space<workgroup>>) {
      %row = gpu.global_id y
      %col = gpu.global_id x
      %v = memref.load %in[%row, %col] : memref<8x8xf32>
      memref.store %v, %tile[%ty, %tx] : memref<4x4xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %outRowBase = arith.muli %bx, %c4 : index
      %outColBase = arith.muli %by, %c4 : index
      %outRow = arith.addi %outRowBase, %ty : index
      %outCol = arith.addi %outColBase, %tx : index
      %t = memref.load %tile[%tx, %ty] : memref<4x4xf32, #gpu.address_space<workgroup>>
      memref.store %t, %out[%outRow, %outCol] : memref<8x8xf32>
      gpu.terminator
    }
    gpu.memcpy %h, %out : memref<8x8xf32>, memref<8x8xf32>
    %u = memref.cast %h : memref<8x8xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
