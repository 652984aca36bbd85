// A loop that allocates on the stack and awaits in each trip, in an
// async.func (a coroutine after MLIR's async lowering, which may resume
// on another thread's stack). Trips that do not await free their stack
// memory at their end (see alloca-scopes.mlir); restoring the stack
// pointer after the await crashed the program. Such a trip's memory is on
// the heap, freed at its end (no leak under LeakSanitizer): on the stack,
// the loop lowered to branches also left the allocation without a scope
// in the async.func, which MLIR's verifier rejects (the sanitized suite
// verifies after every pass).
// RUN: %mlirc %s -o %t && %t | FileCheck %s
// RUN: %mlirc -O0 %s -fsanitize=address -o %t.O0 && %t.O0 | FileCheck %s
// CHECK: 499500
async.func @value(%i: index) -> !async.value<i64> {
  %v = arith.index_cast %i : index to i64
  return %v : i64
}

async.func @sum(%n: index) -> !async.value<i64> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0 : i64
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> i64 {
    %buf = memref.alloca() : memref<16xi64>
    %t = async.call @value(%i) : (index) -> !async.value<i64>
    %x = async.await %t : !async.value<i64>
    memref.store %x, %buf[%c0] : memref<16xi64>
    %y = memref.load %buf[%c0] : memref<16xi64>
    %s = arith.addi %acc, %y : i64
    scf.yield %s : i64
  }
  return %r : i64
}

func.func @main() {
  %n = arith.constant 1000 : index
  %t = async.call @sum(%n) : (index) -> !async.value<i64>
  %v = async.await %t : !async.value<i64>
  vector.print %v : i64
  return
}
