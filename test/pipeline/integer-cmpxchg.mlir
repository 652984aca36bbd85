// MLIR 22 lowers memref.generic_atomic_rmw on floats to a compare-and-swap
// loop on the float, which neither its own verifier nor LLVM takes
// (mlirc's pipeline verifies once at the end); mlirc-integer-cmpxchg makes
// it one of the integer of the float's width: operands bitcast to it, the
// loaded value back to the float the loop carries.
// RUN: mlirc-opt --verify-each=false --convert-func-to-llvm --convert-arith-to-llvm --finalize-memref-to-llvm --convert-cf-to-llvm --reconcile-unrealized-casts --mlirc-integer-cmpxchg %s | FileCheck %s
// CHECK-LABEL: llvm.func @scale
// CHECK: ^bb1(%[[CUR:.*]]: f64):
// CHECK: %[[NEW:.*]] = llvm.fmul %[[CUR]]
// CHECK: %[[C:.*]] = llvm.bitcast %[[CUR]] : f64 to i64
// CHECK: %[[N:.*]] = llvm.bitcast %[[NEW]] : f64 to i64
// CHECK: %[[P:.*]] = llvm.cmpxchg %{{.*}}, %[[C]], %[[N]] acq_rel monotonic : !llvm.ptr, i64
// CHECK: %[[L:.*]] = llvm.extractvalue %[[P]][0] : !llvm.struct<(i64, i1)>
// CHECK: %[[F:.*]] = llvm.bitcast %[[L]] : i64 to f64
// CHECK: %[[OK:.*]] = llvm.extractvalue %[[P]][1] : !llvm.struct<(i64, i1)>
// CHECK: llvm.cond_br %[[OK]], ^bb2, ^bb1(%[[F]] : f64)
// CHECK: llvm.return %[[F]] : f64
// An integer swap stays as it is.
// CHECK-LABEL: llvm.func @count
// CHECK: llvm.cmpxchg %{{.*}}, %{{.*}}, %{{.*}} acq_rel monotonic : !llvm.ptr, i32
// CHECK-NOT: llvm.bitcast
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
