// omp.parallel if(%c) becomes a branch between the region as it was and
// the region with a team of one, so that it calls __kmpc_fork_call, which
// every libomp has, and not __kmpc_fork_call_if (libomp 17 and later).
// Nested regions are split first; a num_threads clause stays on the
// parallel branch and has the same type on the serial one.
// RUN: mlirc-opt --mlirc-openmp-if-as-branches %s | FileCheck %s

// CHECK-LABEL: func.func @plain(
// CHECK-SAME: %[[C:.*]]: i1
// CHECK: scf.if %[[C]] {
// CHECK-NEXT: omp.parallel {
// CHECK-NEXT: func.call @work() : () -> ()
// CHECK: } else {
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: omp.parallel num_threads(%[[ONE]] : i32) {
// CHECK-NEXT: func.call @work() : () -> ()
// CHECK-NOT: if(
func.func @plain(%c: i1) {
  omp.parallel if(%c) {
    func.call @work() : () -> ()
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @nested(
// CHECK-SAME: %[[OUTER:[^:]*]]: i1, %[[INNER:[^:]*]]: i1, %[[N:.*]]: i64
// CHECK: scf.if %[[OUTER]] {
// CHECK-NEXT: omp.parallel num_threads(%[[N]] : i64) {
// CHECK-NEXT: scf.if %[[INNER]] {
// CHECK-NEXT: omp.parallel {
// CHECK: } else {
// CHECK-NEXT: arith.constant 1 : i32
// CHECK-NEXT: omp.parallel num_threads
// CHECK-NEXT: func.call @work()
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: }
// CHECK-NEXT: omp.terminator
// CHECK-NEXT: }
// CHECK-NEXT: } else {
// CHECK-NEXT: %[[ONE64:.*]] = arith.constant 1 : i64
// CHECK-NEXT: omp.parallel num_threads(%[[ONE64]] : i64) {
// CHECK-NEXT: scf.if %[[INNER]] {
// CHECK-NOT: if(
func.func @nested(%outer: i1, %inner: i1, %n: i64) {
  omp.parallel if(%outer) num_threads(%n : i64) {
    omp.parallel if(%inner) {
      func.call @work() : () -> ()
      omp.terminator
    }
    omp.terminator
  }
  return
}

// CHECK-LABEL: func.func @without(
// CHECK-NEXT: omp.parallel {
func.func @without() {
  omp.parallel {
    func.call @work() : () -> ()
    omp.terminator
  }
  return
}

func.func private @work()
