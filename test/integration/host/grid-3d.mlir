// A 3-D grid of 3-D blocks: every thread writes its global coordinates;
// the host checks all 4x6x8 elements (block 2x3x4, grid 2x2x2) and prints
// how many are wrong.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: errors: 0
// CHECK-NEXT: ( 4, 6, 8 )
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %c8 = arith.constant 8 : index
    %d = gpu.alloc() : memref<8x6x4xi32>
    %dims = gpu.alloc() : memref<3xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c2, %gy = %c2, %gz = %c2)
               threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c3, %sz = %c4) {
      %x = gpu.global_id x
      %y = gpu.global_id y
      %z = gpu.global_id z
      %xi = arith.index_cast %x : index to i32
      %yi = arith.index_cast %y : index to i32
      %zi = arith.index_cast %z : index to i32
      %c10 = arith.constant 10 : i32
      %c100 = arith.constant 100 : i32
      %y10 = arith.muli %yi, %c10 : i32
      %z100 = arith.muli %zi, %c100 : i32
      %s = arith.addi %xi, %y10 : i32
      %v = arith.addi %s, %z100 : i32
      memref.store %v, %d[%z, %y, %x] : memref<8x6x4xi32>
      %gdx = gpu.grid_dim x
      %bdx = gpu.block_dim x
      %nx = arith.muli %gdx, %bdx : index
      %gdy = gpu.grid_dim y
      %bdy = gpu.block_dim y
      %ny = arith.muli %gdy, %bdy : index
      %gdz = gpu.grid_dim z
      %bdz = gpu.block_dim z
      %nz = arith.muli %gdz, %bdz : index
      %nxi = arith.index_cast %nx : index to i32
      %nyi = arith.index_cast %ny : index to i32
      %nzi = arith.index_cast %nz : index to i32
      memref.store %nxi, %dims[%c0] : memref<3xi32>
      memref.store %nyi, %dims[%c1] : memref<3xi32>
      memref.store %nzi, %dims[%c2] : memref<3xi32>
      gpu.terminator
    }
    %h = memref.alloc() : memref<8x6x4xi32>
    gpu.memcpy %h, %d : memref<8x6x4xi32>, memref<8x6x4xi32>
    %hd = memref.alloc() : memref<3xi32>
    gpu.memcpy %hd, %dims : memref<3xi32>, memref<3xi32>
    %zero = arith.constant 0 : i64
    %errors = scf.for %z = %c0 to %c8 step %c1 iter_args(%e0 = %zero) -> i64 {
      %ez = scf.for %y = %c0 to %c6 step %c1 iter_args(%e1 = %e0) -> i64 {
        %ey = scf.for %x = %c0 to %c4 step %c1 iter_args(%e2 = %e1) -> i64 {
          %expect = affine.apply affine_map<(x, y, z) -> (x + y * 10 + z * 100)>(%x, %y, %z)
          %ei = arith.index_cast %expect : index to i32
          %got = memref.load %h[%z, %y, %x] : memref<8x6x4xi32>
          %bad = arith.cmpi ne, %got, %ei : i32
          %badi = arith.extui %bad : i1 to i64
          %e3 = arith.addi %e2, %badi : i64
          scf.yield %e3 : i64
        }
        scf.yield %ey : i64
      }
      scf.yield %ez : i64
    }
    vector.print str "errors: "
    vector.print %errors : i64
    %v0 = memref.load %hd[%c0] : memref<3xi32>
    %v1 = memref.load %hd[%c1] : memref<3xi32>
    %v2 = memref.load %hd[%c2] : memref<3xi32>
    %vec0 = vector.broadcast %v0 : i32 to vector<3xi32>
    %vec1 = vector.insert %v1, %vec0 [1] : i32 into vector<3xi32>
    %vec2 = vector.insert %v2, %vec1 [2] : i32 into vector<3xi32>
    vector.print %vec2 : vector<3xi32>
    return
  }
}
