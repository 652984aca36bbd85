// The random numbers, shuffles and sorts of MLIR's runner utilities, which
// MLIR's sparse tests call to make inputs (rtsrand, rtrand, rtdrand,
// shuffle, stdSort*), and its allocation functions: they were undefined
// symbols at the link. A shuffle is a permutation (sorted, it is 0..n-1),
// random numbers stay in their range, and the same seed gives the same
// numbers.
// RUN: %mlirc %s -o %t && %t | FileCheck %s
// CHECK: shuffled, sorted: ( 0, 1, 2, 3, 4, 5, 6, 7, 8, 9 )
// CHECK-NEXT: in range: 1
// CHECK-NEXT: same seed, same numbers: 1
// CHECK: [-2.5,  1.5,  7,  0,  3]
// CHECK: [-4,  -1,  9]
// CHECK: [0.25,  0.5]
// CHECK-NEXT: allocated: 42
// CHECK-NEXT: allocated: 42
!Generator = !llvm.ptr
func.func private @rtsrand(index) -> !Generator
func.func private @rtrand(!Generator, index) -> index
func.func private @rtdrand(!Generator)
func.func private @shuffle(memref<?xi64>, !Generator) attributes {llvm.emit_c_interface}
func.func private @stdSortI64(i64, memref<?xi64>) attributes {llvm.emit_c_interface}
func.func private @stdSortF32(i64, memref<?xf32>) attributes {llvm.emit_c_interface}
func.func private @stdSortF64(i64, memref<?xf64>) attributes {llvm.emit_c_interface}
func.func private @mlirAlignedAlloc(i64, i64) -> !llvm.ptr
func.func private @mlirAlignedFree(!llvm.ptr)
func.func private @printMemrefF32(memref<*xf32>)
func.func private @printMemrefI64(memref<*xi64>)
func.func private @printMemrefF64(memref<*xf64>)

// The sum of `count` numbers in [0, 99] from the generator of `seed`, and
// whether all were in range.
func.func @draw(%seed: index, %count: index) -> (index, i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c99 = arith.constant 99 : index
  %true = arith.constant true
  %g = call @rtsrand(%seed) : (index) -> !Generator
  %r:2 = scf.for %i = %c0 to %count step %c1 iter_args(%sum = %c0, %ok = %true) -> (index, i1) {
    %n = func.call @rtrand(%g, %c99) : (!Generator, index) -> index
    %le = arith.cmpi ule, %n, %c99 : index
    %ok2 = arith.andi %ok, %le : i1
    %sum2 = arith.addi %sum, %n : index
    scf.yield %sum2, %ok2 : index, i1
  }
  call @rtdrand(%g) : (!Generator) -> ()
  return %r#0, %r#1 : index, i1
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c10 = arith.constant 10 : index
  %c7 = arith.constant 7 : index
  %c100 = arith.constant 100 : index
  %n10 = arith.constant 10 : i64

  %perm = memref.alloc(%c10) : memref<?xi64>
  %g = call @rtsrand(%c7) : (index) -> !Generator
  call @shuffle(%perm, %g) : (memref<?xi64>, !Generator) -> ()
  call @rtdrand(%g) : (!Generator) -> ()
  call @stdSortI64(%n10, %perm) : (i64, memref<?xi64>) -> ()
  %pv = vector.transfer_read %perm[%c0], %n10 : memref<?xi64>, vector<10xi64>
  vector.print str "shuffled, sorted: "
  vector.print %pv : vector<10xi64>

  %s1, %ok = call @draw(%c7, %c100) : (index, index) -> (index, i1)
  %s2, %ok2 = call @draw(%c7, %c100) : (index, index) -> (index, i1)
  vector.print str "in range: "
  vector.print %ok : i1
  %same = arith.cmpi eq, %s1, %s2 : index
  vector.print str "same seed, same numbers: "
  vector.print %same : i1

  // Only the first three of five are sorted.
  %f = memref.alloc(%c7) : memref<?xf32>
  %fv = arith.constant dense<[7.0, -2.5, 1.5, 0.0, 3.0]> : vector<5xf32>
  vector.transfer_write %fv, %f[%c0] : vector<5xf32>, memref<?xf32>
  %n3 = arith.constant 3 : i64
  call @stdSortF32(%n3, %f) : (i64, memref<?xf32>) -> ()
  %f5 = memref.subview %f[0] [5] [1] : memref<?xf32> to memref<5xf32, strided<[1]>>
  %fu = memref.cast %f5 : memref<5xf32, strided<[1]>> to memref<*xf32>
  call @printMemrefF32(%fu) : (memref<*xf32>) -> ()

  %i = memref.alloc(%c10) : memref<?xi64>
  %iv = arith.constant dense<[9, -1, -4]> : vector<3xi64>
  vector.transfer_write %iv, %i[%c0] : vector<3xi64>, memref<?xi64>
  call @stdSortI64(%n3, %i) : (i64, memref<?xi64>) -> ()
  %i3 = memref.subview %i[0] [3] [1] : memref<?xi64> to memref<3xi64, strided<[1]>>
  %iu = memref.cast %i3 : memref<3xi64, strided<[1]>> to memref<*xi64>
  call @printMemrefI64(%iu) : (memref<*xi64>) -> ()

  %d = memref.alloc(%c10) : memref<?xf64>
  %dv = arith.constant dense<[0.5, 0.25]> : vector<2xf64>
  vector.transfer_write %dv, %d[%c0] : vector<2xf64>, memref<?xf64>
  %n2 = arith.constant 2 : i64
  call @stdSortF64(%n2, %d) : (i64, memref<?xf64>) -> ()
  %d2 = memref.subview %d[0] [2] [1] : memref<?xf64> to memref<2xf64, strided<[1]>>
  %du = memref.cast %d2 : memref<2xf64, strided<[1]>> to memref<*xf64>
  call @printMemrefF64(%du) : (memref<*xf64>) -> ()

  %align = arith.constant 64 : i64
  %bytes = arith.constant 24 : i64
  %p = call @mlirAlignedAlloc(%align, %bytes) : (i64, i64) -> !llvm.ptr
  %v42 = arith.constant 42 : i64
  llvm.store %v42, %p : i64, !llvm.ptr
  %back = llvm.load %p : !llvm.ptr -> i64
  vector.print str "allocated: "
  vector.print %back : i64
  call @mlirAlignedFree(%p) : (!llvm.ptr) -> ()
  // No alignment asked (0): malloc's (it divided by zero).
  %none = arith.constant 0 : i64
  %q = call @mlirAlignedAlloc(%none, %bytes) : (i64, i64) -> !llvm.ptr
  llvm.store %v42, %q : i64, !llvm.ptr
  %back2 = llvm.load %q : !llvm.ptr -> i64
  vector.print str "allocated: "
  vector.print %back2 : i64
  call @mlirAlignedFree(%q) : (!llvm.ptr) -> ()

  memref.dealloc %perm : memref<?xi64>
  memref.dealloc %f : memref<?xf32>
  memref.dealloc %i : memref<?xi64>
  memref.dealloc %d : memref<?xf64>
  return
}
