// Vectors of elements narrower than a byte, read from and written to
// memrefs of them, which hold a byte per element: LLVM packs such a
// vector in memory bit by bit, so MLIR's lowering of these accesses read
// i1 lanes 1, 0, 1, 0, ... back as 1, 0, 0, 0, ... (mlir-opt's pipeline
// too). Host code and a kernel each, on i1: a vector.load, a
// transfer_read that runs past the end (padded with true), a 2-D
// transfer_read, a masked load, and a vector.store, transfer_write and
// masked store, read back element by element. Then host code loads i4
// (lanes 0 to 7 were 0, 0, 1, 0, 2, ...) and f4E2M1FN vectors.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 1, 0, 1, 0, 1, 0, 1, 0 )
// CHECK-NEXT: ( 0, 1, 0, 1, 0, 1, 1, 1 )
// CHECK-NEXT: ( ( 1, 0, 1, 0 ), ( 1, 0, 1, 0 ) )
// CHECK-NEXT: ( 1, 1, 1, 1, 1, 0, 1, 0 )
// CHECK-NEXT: ( 0, 1, 1, 0, 0, 1, 0, 0 )
// CHECK-NEXT: ( 1, 0, 1, 0, 1, 0, 1, 0 )
// CHECK-NEXT: ( 0, 1, 0, 1, 0, 1, 1, 1 )
// CHECK-NEXT: ( ( 1, 0, 1, 0 ), ( 1, 0, 1, 0 ) )
// CHECK-NEXT: ( 1, 1, 1, 1, 1, 0, 1, 0 )
// CHECK-NEXT: ( 0, 1, 1, 0, 0, 1, 0, 0 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7 )
// CHECK-NEXT: ( 1.5, 3 )
module attributes {gpu.container_module} {
  // Lanes 1, 0, 1, 0, ... as they are in memory, those from 3 on (5 read,
  // 3 padding), the memory as 2x4, lanes 4 on under a mask (the rest
  // true), and after storing 0 1 1 0 to lanes 0-3 (whole), 0 1 to lanes
  // 4-5 (transfer) and clearing lanes 6-7 under a mask.
  func.func @check(%bits: memref<8xi1>, %grid: memref<2x4xi1>,
                   %out: memref<5x8xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c6 = arith.constant 6 : index
    %true = arith.constant true
    %v = vector.load %bits[%c0] : memref<8xi1>, vector<8xi1>
    vector.store %v, %out[%c0, %c0] : memref<5x8xi1>, vector<8xi1>
    %t = vector.transfer_read %bits[%c3], %true : memref<8xi1>, vector<8xi1>
    vector.store %t, %out[%c1, %c0] : memref<5x8xi1>, vector<8xi1>
    %g = vector.transfer_read %grid[%c0, %c0], %true
        : memref<2x4xi1>, vector<2x4xi1>
    %g0 = vector.extract %g[0] : vector<4xi1> from vector<2x4xi1>
    %g1 = vector.extract %g[1] : vector<4xi1> from vector<2x4xi1>
    vector.store %g0, %out[%c2, %c0] : memref<5x8xi1>, vector<4xi1>
    vector.store %g1, %out[%c2, %c4] : memref<5x8xi1>, vector<4xi1>
    %m = vector.constant_mask [4] : vector<8xi1>
    %all = arith.constant dense<true> : vector<8xi1>
    %nm = arith.xori %m, %all : vector<8xi1>
    %ml = vector.maskedload %bits[%c0], %nm, %all
        : memref<8xi1>, vector<8xi1>, vector<8xi1> into vector<8xi1>
    vector.store %ml, %out[%c3, %c0] : memref<5x8xi1>, vector<8xi1>
    %w = arith.constant dense<[false, true, true, false]> : vector<4xi1>
    vector.store %w, %bits[%c0] : memref<8xi1>, vector<4xi1>
    %w2 = arith.constant dense<[false, true]> : vector<2xi1>
    vector.transfer_write %w2, %bits[%c4] : vector<2xi1>, memref<8xi1>
    %zeros = arith.constant dense<false> : vector<8xi1>
    %high = vector.constant_mask [6] : vector<8xi1>
    %lanes67 = arith.xori %high, %all : vector<8xi1>
    vector.maskedstore %bits[%c0], %lanes67, %zeros
        : memref<8xi1>, vector<8xi1>, vector<8xi1>
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %b = memref.load %bits[%i] : memref<8xi1>
      memref.store %b, %out[%c4, %i] : memref<5x8xi1>
    }
    return
  }

  gpu.module @k {
    gpu.func @check(%bits: memref<8xi1>, %grid: memref<2x4xi1>,
                    %out: memref<5x8xi1>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %true = arith.constant true
      %v = vector.load %bits[%c0] : memref<8xi1>, vector<8xi1>
      vector.store %v, %out[%c0, %c0] : memref<5x8xi1>, vector<8xi1>
      %t = vector.transfer_read %bits[%c3], %true : memref<8xi1>, vector<8xi1>
      vector.store %t, %out[%c1, %c0] : memref<5x8xi1>, vector<8xi1>
      %g = vector.transfer_read %grid[%c0, %c0], %true
          : memref<2x4xi1>, vector<2x4xi1>
      %g0 = vector.extract %g[0] : vector<4xi1> from vector<2x4xi1>
      %g1 = vector.extract %g[1] : vector<4xi1> from vector<2x4xi1>
      vector.store %g0, %out[%c2, %c0] : memref<5x8xi1>, vector<4xi1>
      vector.store %g1, %out[%c2, %c4] : memref<5x8xi1>, vector<4xi1>
      %m = vector.constant_mask [4] : vector<8xi1>
      %all = arith.constant dense<true> : vector<8xi1>
      %nm = arith.xori %m, %all : vector<8xi1>
      %ml = vector.maskedload %bits[%c0], %nm, %all
          : memref<8xi1>, vector<8xi1>, vector<8xi1> into vector<8xi1>
      vector.store %ml, %out[%c3, %c0] : memref<5x8xi1>, vector<8xi1>
      %w = arith.constant dense<[false, true, true, false]> : vector<4xi1>
      vector.store %w, %bits[%c0] : memref<8xi1>, vector<4xi1>
      %w2 = arith.constant dense<[false, true]> : vector<2xi1>
      vector.transfer_write %w2, %bits[%c4] : vector<2xi1>, memref<8xi1>
      %zeros = arith.constant dense<false> : vector<8xi1>
      %high = vector.constant_mask [6] : vector<8xi1>
      %lanes67 = arith.xori %high, %all : vector<8xi1>
      vector.maskedstore %bits[%c0], %lanes67, %zeros
          : memref<8xi1>, vector<8xi1>, vector<8xi1>
      %c8 = arith.constant 8 : index
      scf.for %i = %c0 to %c8 step %c1 {
        %b = memref.load %bits[%i] : memref<8xi1>
        memref.store %b, %out[%c4, %i] : memref<5x8xi1>
      }
      gpu.return
    }
  }

  func.func @fill(%bits: memref<8xi1>, %grid: memref<2x4xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    scf.for %i = %c0 to %c8 step %c1 {
      %r = arith.remui %i, %c2 : index
      %b = arith.cmpi eq, %r, %c0 : index
      memref.store %b, %bits[%i] : memref<8xi1>
      %row = arith.divui %i, %c4 : index
      %col = arith.remui %i, %c4 : index
      memref.store %b, %grid[%row, %col] : memref<2x4xi1>
    }
    return
  }

  func.func @print(%out: memref<5x8xi1>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c5 = arith.constant 5 : index
    %false = arith.constant false
    scf.for %r = %c0 to %c5 step %c1 {
      %row = memref.subview %out[%r, 0] [1, 8] [1, 1]
          : memref<5x8xi1> to memref<8xi1, strided<[1], offset: ?>>
      %c2 = arith.constant 2 : index
      %is2 = arith.cmpi eq, %r, %c2 : index
      scf.if %is2 {
        %g = vector.transfer_read %out[%r, %c0], %false
            : memref<5x8xi1>, vector<8xi1>
        %g2 = vector.shape_cast %g : vector<8xi1> to vector<2x4xi1>
        vector.print %g2 : vector<2x4xi1>
      } else {
        %v = vector.transfer_read %row[%c0], %false
            : memref<8xi1, strided<[1], offset: ?>>, vector<8xi1>
        vector.print %v : vector<8xi1>
      }
    }
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %bits = memref.alloc() : memref<8xi1>
    %grid = memref.alloc() : memref<2x4xi1>
    %out = memref.alloc() : memref<5x8xi1>
    call @fill(%bits, %grid) : (memref<8xi1>, memref<2x4xi1>) -> ()
    call @check(%bits, %grid, %out) : (memref<8xi1>, memref<2x4xi1>, memref<5x8xi1>) -> ()
    call @print(%out) : (memref<5x8xi1>) -> ()
    call @fill(%bits, %grid) : (memref<8xi1>, memref<2x4xi1>) -> ()
    gpu.launch_func @k::@check blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%bits : memref<8xi1>, %grid : memref<2x4xi1>, %out : memref<5x8xi1>)
    call @print(%out) : (memref<5x8xi1>) -> ()

    %c0 = arith.constant 0 : index
    %c8 = arith.constant 8 : index
    %nibbles = memref.alloc() : memref<8xi4>
    scf.for %i = %c0 to %c8 step %c1 {
      %v = arith.index_cast %i : index to i4
      memref.store %v, %nibbles[%i] : memref<8xi4>
    }
    %n = vector.load %nibbles[%c0] : memref<8xi4>, vector<8xi4>
    %ne = arith.extui %n : vector<8xi4> to vector<8xi32>
    vector.print %ne : vector<8xi32>
    %fp4 = memref.alloc() : memref<2xf4E2M1FN>
    %x = arith.constant 1.5 : f4E2M1FN
    %y = arith.constant 3.0 : f4E2M1FN
    memref.store %x, %fp4[%c0] : memref<2xf4E2M1FN>
    memref.store %y, %fp4[%c1] : memref<2xf4E2M1FN>
    %f = vector.load %fp4[%c0] : memref<2xf4E2M1FN>, vector<2xf4E2M1FN>
    %fe = arith.extf %f : vector<2xf4E2M1FN> to vector<2xf32>
    vector.print %fe : vector<2xf32>
    return
  }
}
