// Vector accesses of a memref whose last dimension is not contiguous
// (every other column of a 4x16 matrix, strides [16, 2], as a fully
// dynamic strided memref): MLIR's LLVM lowering reads and writes such
// vectors as if the elements were next to each other. A gather and a
// scatter had no lowering at all ("cannot be compiled here"); a masked
// load, an expanding load, a masked store and a compressing store read
// and wrote the neighbouring columns (19 20 21 for 19 21 23). Host code,
// then a kernel: a gather, masked load, expanding load and a transfer that
// runs past the row's end (padded with 0), then a scatter, masked store,
// compressing store and a transfer write past the end, and the whole
// matrix printed.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 31, -1, 21, 27 )
// CHECK-NEXT: ( 19, -1, 23, 25 )
// CHECK-NEXT: ( 19, -1, 21, 23 )
// CHECK-NEXT: ( 59, 61, 63, 0 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 1000, 10, 11, 12, 3000, 14, 4000 )
// CHECK-NEXT: ( 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, -1.5, 30, -2.5 )
// CHECK-NEXT: ( 32, 33, 34, 35, 36, 300, 38, 39, 40, 41, 42, 400, 44, 45, 46, 100 )
// CHECK-NEXT: ( 48, -5, 50, -7, 52, -8, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 )
// CHECK-NEXT: ( 31, -1, 21, 27 )
// CHECK-NEXT: ( 19, -1, 23, 25 )
// CHECK-NEXT: ( 19, -1, 21, 23 )
// CHECK-NEXT: ( 59, 61, 63, 0 )
// CHECK-NEXT: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 1000, 10, 11, 12, 3000, 14, 4000 )
// CHECK-NEXT: ( 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, -1.5, 30, -2.5 )
// CHECK-NEXT: ( 32, 33, 34, 35, 36, 300, 38, 39, 40, 41, 42, 400, 44, 45, 46, 100 )
// CHECK-NEXT: ( 48, -5, 50, -7, 52, -8, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63 )
!strided = memref<?x?xf32, strided<[?, ?], offset: ?>>
module attributes {gpu.container_module} {
  func.func @check(%d: !strided, %out: memref<4x4xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c5 = arith.constant 5 : index
    %c6 = arith.constant 6 : index
    %zero = arith.constant 0.0 : f32
    %idx = arith.constant dense<[7, 0, 2, 5]> : vector<4xi32>
    %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
    %pass = arith.constant dense<-1.0> : vector<4xf32>
    %g = vector.gather %d[%c1, %c0] [%idx], %mask, %pass
        : !strided, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
    vector.store %g, %out[%c0, %c0] : memref<4x4xf32>, vector<4xf32>
    %ml = vector.maskedload %d[%c1, %c1], %mask, %pass
        : !strided, vector<4xi1>, vector<4xf32> into vector<4xf32>
    vector.store %ml, %out[%c1, %c0] : memref<4x4xf32>, vector<4xf32>
    %e = vector.expandload %d[%c1, %c1], %mask, %pass
        : !strided, vector<4xi1>, vector<4xf32> into vector<4xf32>
    vector.store %e, %out[%c2, %c0] : memref<4x4xf32>, vector<4xf32>
    %t = vector.transfer_read %d[%c3, %c5], %zero : !strided, vector<4xf32>
    vector.store %t, %out[%c3, %c0] : memref<4x4xf32>, vector<4xf32>
    %s = arith.constant dense<[100.0, 200.0, 300.0, 400.0]> : vector<4xf32>
    vector.scatter %d[%c2, %c0] [%idx], %mask, %s
        : !strided, vector<4xi32>, vector<4xi1>, vector<4xf32>
    %ms = arith.constant dense<[1000.0, 2000.0, 3000.0, 4000.0]> : vector<4xf32>
    vector.maskedstore %d[%c0, %c4], %mask, %ms
        : !strided, vector<4xi1>, vector<4xf32>
    %cs = arith.constant dense<[-5.0, -6.0, -7.0, -8.0]> : vector<4xf32>
    vector.compressstore %d[%c3, %c0], %mask, %cs
        : !strided, vector<4xi1>, vector<4xf32>
    %w = arith.constant dense<[-1.5, -2.5, -3.5, -4.5]> : vector<4xf32>
    vector.transfer_write %w, %d[%c1, %c6] : vector<4xf32>, !strided
    return
  }

  gpu.module @k {
    gpu.func @check(%d: !strided, %out: memref<4x4xf32>) kernel {
      func.call @accesses(%d, %out) : (!strided, memref<4x4xf32>) -> ()
      gpu.return
    }
    func.func @accesses(%d: !strided, %out: memref<4x4xf32>) {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %c5 = arith.constant 5 : index
      %c6 = arith.constant 6 : index
      %zero = arith.constant 0.0 : f32
      %idx = arith.constant dense<[7, 0, 2, 5]> : vector<4xi32>
      %mask = arith.constant dense<[true, false, true, true]> : vector<4xi1>
      %pass = arith.constant dense<-1.0> : vector<4xf32>
      %g = vector.gather %d[%c1, %c0] [%idx], %mask, %pass
          : !strided, vector<4xi32>, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %g, %out[%c0, %c0] : memref<4x4xf32>, vector<4xf32>
      %ml = vector.maskedload %d[%c1, %c1], %mask, %pass
          : !strided, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %ml, %out[%c1, %c0] : memref<4x4xf32>, vector<4xf32>
      %e = vector.expandload %d[%c1, %c1], %mask, %pass
          : !strided, vector<4xi1>, vector<4xf32> into vector<4xf32>
      vector.store %e, %out[%c2, %c0] : memref<4x4xf32>, vector<4xf32>
      %t = vector.transfer_read %d[%c3, %c5], %zero : !strided, vector<4xf32>
      vector.store %t, %out[%c3, %c0] : memref<4x4xf32>, vector<4xf32>
      %s = arith.constant dense<[100.0, 200.0, 300.0, 400.0]> : vector<4xf32>
      vector.scatter %d[%c2, %c0] [%idx], %mask, %s
          : !strided, vector<4xi32>, vector<4xi1>, vector<4xf32>
      %ms = arith.constant dense<[1000.0, 2000.0, 3000.0, 4000.0]> : vector<4xf32>
      vector.maskedstore %d[%c0, %c4], %mask, %ms
          : !strided, vector<4xi1>, vector<4xf32>
      %cs = arith.constant dense<[-5.0, -6.0, -7.0, -8.0]> : vector<4xf32>
      vector.compressstore %d[%c3, %c0], %mask, %cs
          : !strided, vector<4xi1>, vector<4xf32>
      %w = arith.constant dense<[-1.5, -2.5, -3.5, -4.5]> : vector<4xf32>
      vector.transfer_write %w, %d[%c1, %c6] : vector<4xf32>, !strided
      return
    }
  }

  func.func @fill(%m: memref<4x16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c16 step %c1 {
        %p = arith.muli %i, %c16 : index
        %q = arith.addi %p, %j : index
        %qi = arith.index_cast %q : index to i32
        %f = arith.sitofp %qi : i32 to f32
        memref.store %f, %m[%i, %j] : memref<4x16xf32>
      }
    }
    return
  }

  func.func @print(%out: memref<4x4xf32>, %m: memref<4x16xf32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %out[%i, %c0] : memref<4x4xf32>, vector<4xf32>
      vector.print %v : vector<4xf32>
    }
    scf.for %i = %c0 to %c4 step %c1 {
      %v = vector.load %m[%i, %c0] : memref<4x16xf32>, vector<16xf32>
      vector.print %v : vector<16xf32>
    }
    return
  }

  func.func @main() {
    %c1 = arith.constant 1 : index
    %m = memref.alloc() : memref<4x16xf32>
    %out = memref.alloc() : memref<4x4xf32>
    %s = memref.subview %m[0, 1] [4, 8] [1, 2]
        : memref<4x16xf32> to memref<4x8xf32, strided<[16, 2], offset: 1>>
    %d = memref.cast %s
        : memref<4x8xf32, strided<[16, 2], offset: 1>> to !strided
    call @fill(%m) : (memref<4x16xf32>) -> ()
    call @check(%d, %out) : (!strided, memref<4x4xf32>) -> ()
    call @print(%out, %m) : (memref<4x4xf32>, memref<4x16xf32>) -> ()
    call @fill(%m) : (memref<4x16xf32>) -> ()
    gpu.launch_func @k::@check blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%d : !strided, %out : memref<4x4xf32>)
    call @print(%out, %m) : (memref<4x4xf32>, memref<4x16xf32>) -> ()
    return
  }
}
