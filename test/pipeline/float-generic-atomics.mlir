// memref.generic_atomic_rmw on floats: MLIR 22 lowers it to a
// compare-and-swap of the float, which neither its verifier nor LLVM takes.
// mlirc-float-generic-atomics makes it one on the integer of the float's
// width, through a cast of the memref (the same descriptor, gone once the
// memref is lowered) and bitcasts in the body.
// RUN: mlirc-opt --mlirc-float-generic-atomics %s | FileCheck %s
// RUN: mlirc-opt --mlirc-float-generic-atomics --convert-func-to-llvm --convert-arith-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts %s | FileCheck %s --check-prefix=LLVM
// CHECK-LABEL: func.func @scale
// CHECK: %[[INT:.*]] = builtin.unrealized_conversion_cast %arg0 : memref<4xf64> to memref<4xi64>
// CHECK: %[[OLD:.*]] = memref.generic_atomic_rmw %[[INT]][%arg1] : memref<4xi64> {
// CHECK: ^bb0(%[[CUR:.*]]: i64):
// CHECK:   %[[F:.*]] = arith.bitcast %[[CUR]] : i64 to f64
// CHECK:   %[[N:.*]] = arith.mulf %[[F]]
// CHECK:   %[[B:.*]] = arith.bitcast %[[N]] : f64 to i64
// CHECK:   memref.atomic_yield %[[B]] : i64
// CHECK: %[[R:.*]] = arith.bitcast %[[OLD]] : i64 to f64
// CHECK: return %[[R]] : f64
// Integer elements stay as they are.
// CHECK-LABEL: func.func @count
// CHECK-NOT: unrealized_conversion_cast
// CHECK: memref.generic_atomic_rmw %arg0[%arg1] : memref<4xi32>
// LLVM-LABEL: llvm.func @scale
// LLVM-NOT: unrealized_conversion_cast
// LLVM: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel monotonic : !llvm.ptr, i64
// LLVM: llvm.bitcast %{{.*}} : i64 to f64
func.func @scale(%m: memref<4xf64>, %i: index) -> f64 {
  %old = memref.generic_atomic_rmw %m[%i] : memref<4xf64> {
  ^bb0(%cur: f64):
    %k = arith.constant 1.5 : f64
    %n = arith.mulf %cur, %k : f64
    memref.atomic_yield %n : f64
  }
  return %old : f64
}
func.func @count(%m: memref<4xi32>, %i: index) -> i32 {
  %old = memref.generic_atomic_rmw %m[%i] : memref<4xi32> {
  ^bb0(%cur: i32):
    %k = arith.constant 3 : i32
    %n = arith.muli %cur, %k : i32
    memref.atomic_yield %n : i32
  }
  return %old : i32
}
