// scf.parallel loops with reductions in host code run on every core: in
// chunks of their first dimension, each reducing its own iterations, then
// the chunks' results in order (the same result on any number of cores).
// Integer reductions, so that any order gives the same numbers: two at once
// (sum and max), a 2-D loop from a negative bound by 3, empty loops and an
// empty inner dimension (the initial value), a vector reduction over three
// iterations, a reduction whose region computes more than one op, and
// reductions nested in a parallel loop without any; affine.parallel loops
// (with their affine loads and stores) too.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host --compile-to=outlined -o - | FileCheck %s --check-prefix=ASYNC
// The sum and the max: 200 chunks as async work, each with its partial
// results, then the partials combined.
// ASYNC: func.call @async_dispatch_fn{{.*}}(!async.group, {{.*}}, memref<?xi64>, memref<?xi64>, memref<?xi1>) -> ()
// ASYNC-NEXT: async.await_all
// ASYNC-NEXT: }
// ASYNC-NEXT: scf.for {{.*}} to %c200 {{.*}} -> (i64, i64)
// ASYNC-NOT: affine.parallel
// CHECK: {{^}}2666646666700000{{$}}
// CHECK-NEXT: {{^}}39999600001{{$}}
// CHECK-NEXT: {{^}}13100724005{{$}}
// CHECK-NEXT: {{^}}5{{$}}
// CHECK-NEXT: {{^}}5{{$}}
// CHECK-NEXT: ( 3, 3, 3, 3 )
// CHECK-NEXT: {{^}}39999800000{{$}}
// CHECK-NEXT: ( 0, 4950, 9900, 14850 )
// CHECK-NEXT: {{^}}19999900000{{$}}
// CHECK-NEXT: {{^}}262143{{$}}
func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c100 = arith.constant 100 : index
  %n = arith.constant 200000 : index
  %zero = arith.constant 0 : i64
  %low = arith.constant -1 : i64
  %five = arith.constant 5 : i64
  // The sum of i * i and the largest i * i for i in [0, 200000).
  %sum, %max = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero, %low) -> (i64, i64) {
    %ii = arith.index_cast %i : index to i64
    %sq = arith.muli %ii, %ii : i64
    scf.reduce(%sq, %sq : i64, i64) {
    ^bb0(%a: i64, %b: i64):
      %r = arith.addi %a, %b : i64
      scf.reduce.return %r : i64
    }, {
    ^bb0(%a: i64, %b: i64):
      %r = arith.maxsi %a, %b : i64
      scf.reduce.return %r : i64
    }
  }
  vector.print %sum : i64
  vector.print %max : i64
  // 5 + the sum of i * j for i = -7, -4, ..., 98 and j in [0, 4000).
  %lb = arith.constant -7 : index
  %c4000 = arith.constant 4000 : index
  %grid = scf.parallel (%i, %j) = (%lb, %c0) to (%c100, %c4000) step (%c3, %c1) init (%five) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %jj = arith.index_cast %j : index to i64
    %v = arith.muli %ii, %jj : i64
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %r = arith.addi %a, %b : i64
      scf.reduce.return %r : i64
    }
  }
  vector.print %grid : i64
  %empty = scf.parallel (%i) = (%c3) to (%c0) step (%c1) init (%five) -> i64 {
    %ii = arith.index_cast %i : index to i64
    scf.reduce(%ii : i64) {
    ^bb0(%a: i64, %b: i64):
      %r = arith.addi %a, %b : i64
      scf.reduce.return %r : i64
    }
  }
  vector.print %empty : i64
  %emptyInner = scf.parallel (%i, %j) = (%c0, %c3) to (%n, %c3) step (%c1, %c1) init (%five) -> i64 {
    %ii = arith.index_cast %i : index to i64
    scf.reduce(%ii : i64) {
    ^bb0(%a: i64, %b: i64):
      %r = arith.addi %a, %b : i64
      scf.reduce.return %r : i64
    }
  }
  vector.print %emptyInner : i64
  %vzero = arith.constant dense<0> : vector<4xi32>
  %vsum = scf.parallel (%i) = (%c0) to (%c3) step (%c1) init (%vzero) -> vector<4xi32> {
    %ii = arith.index_cast %i : index to i32
    %v = vector.broadcast %ii : i32 to vector<4xi32>
    scf.reduce(%v : vector<4xi32>) {
    ^bb0(%a: vector<4xi32>, %b: vector<4xi32>):
      %r = arith.addi %a, %b : vector<4xi32>
      scf.reduce.return %r : vector<4xi32>
    }
  }
  vector.print %vsum : vector<4xi32>
  // The sum of 10 * i over [0, 200000), divided by 5, through a region of
  // three ops: (a + b) * 2 / 2.
  %scaled = scf.parallel (%i) = (%c0) to (%n) step (%c1) init (%zero) -> i64 {
    %ii = arith.index_cast %i : index to i64
    %ten = arith.constant 10 : i64
    %v = arith.muli %ii, %ten : i64
    scf.reduce(%v : i64) {
    ^bb0(%a: i64, %b: i64):
      %two = arith.constant 2 : i64
      %s = arith.addi %a, %b : i64
      %d = arith.muli %s, %two : i64
      %r = arith.divsi %d, %two : i64
      scf.reduce.return %r : i64
    }
  }
  %s5 = arith.constant 5 : i64
  %half = arith.divsi %scaled, %s5 : i64
  vector.print %half : i64
  // Row r: r times the sum of j over [0, 100), each row a reduction inside
  // a parallel loop without one.
  %rows = memref.alloc() : memref<4xi64>
  scf.parallel (%r) = (%c0) to (%c4) step (%c1) {
    %ri = arith.index_cast %r : index to i64
    %rowSum = scf.parallel (%j) = (%c0) to (%c100) step (%c1) init (%zero) -> i64 {
      %jj = arith.index_cast %j : index to i64
      scf.reduce(%jj : i64) {
      ^bb0(%a: i64, %b: i64):
        %s = arith.addi %a, %b : i64
        scf.reduce.return %s : i64
      }
    }
    %scaledRow = arith.muli %rowSum, %ri : i64
    memref.store %scaledRow, %rows[%r] : memref<4xi64>
    scf.reduce
  }
  %rv = vector.transfer_read %rows[%c0], %zero : memref<4xi64>, vector<4xi64>
  vector.print %rv : vector<4xi64>
  memref.dealloc %rows : memref<4xi64>
  // The sum and the bitwise or of 0, 1, ..., 199999, stored by one
  // affine.parallel loop and read back by another.
  %values = memref.alloc() : memref<200000xi64>
  affine.parallel (%i) = (0) to (200000) {
    %ii = arith.index_cast %i : index to i64
    affine.store %ii, %values[%i] : memref<200000xi64>
  }
  %asum, %aor = affine.parallel (%i) = (0) to (200000) reduce ("addi", "ori") -> (i64, i64) {
    %v = affine.load %values[%i] : memref<200000xi64>
    affine.yield %v, %v : i64, i64
  }
  vector.print %asum : i64
  vector.print %aor : i64
  memref.dealloc %values : memref<200000xi64>
  return
}
