// erf, cbrt, acosh, asinh, atanh and erfc of x87's f80 and of f128 in host
// code: glibc's long double and _Float128 functions (MLIR's math-to-libm
// has f32 and f64 only, LLVM no intrinsic: "failed to legalize operation
// 'math.erf' that was explicitly marked illegal"); and vector.print of
// f80 and f128 (MLIR's lowering made an invalid llvm.zext of them), as the
// nearest f64 with the runner's %g.
// RUN: %mlirc %s -o %t && %t | FileCheck %s
// CHECK: 0.5205
// CHECK-NEXT: ( 0.793701, 0.793701 )
// CHECK: [0.5205,  0.793701,  0.962424,  0.481212,  0.549306,  0.4795,  0.5205,  0.793701,  0.962424,  0.481212,  0.549306,  0.4795]
func.func private @printMemrefF64(memref<*xf64>)
func.func @compute(%x: f64, %y: f64, %out: memref<12xf64>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c5 = arith.constant 5 : index
  %c6 = arith.constant 6 : index
  %a = arith.extf %x : f64 to f80
  %ay = arith.extf %y : f64 to f80
  %r0 = math.erf %a : f80
  %r1 = math.cbrt %a : f80
  %r2 = math.acosh %ay : f80
  %r3 = math.asinh %a : f80
  %r4 = math.atanh %a : f80
  %r5 = math.erfc %a : f80
  %values = vector.from_elements %r0, %r1, %r2, %r3, %r4, %r5 : vector<6xf80>
  %narrow = arith.truncf %values : vector<6xf80> to vector<6xf64>
  vector.store %narrow, %out[%c0] : memref<12xf64>, vector<6xf64>
  %q = arith.extf %x : f64 to f128
  %qy = arith.extf %y : f64 to f128
  %q0 = math.erf %q : f128
  %q1 = math.cbrt %q : f128
  %q2 = math.acosh %qy : f128
  %q3 = math.asinh %q : f128
  %q4 = math.atanh %q : f128
  %q5 = math.erfc %q : f128
  %qv = vector.from_elements %q0, %q1, %q2, %q3, %q4, %q5 : vector<6xf128>
  %qn = arith.truncf %qv : vector<6xf128> to vector<6xf64>
  vector.print %q0 : f128
  %r1v = vector.broadcast %r1 : f80 to vector<2xf80>
  vector.print %r1v : vector<2xf80>
  vector.store %qn, %out[%c6] : memref<12xf64>, vector<6xf64>
  return
}
func.func @main() {
  %out = memref.alloc() : memref<12xf64>
  %x = arith.constant 0.5 : f64
  %y = arith.constant 1.5 : f64
  call @compute(%x, %y, %out) : (f64, f64, memref<12xf64>) -> ()
  %u = memref.cast %out : memref<12xf64> to memref<*xf64>
  call @printMemrefF64(%u) : (memref<*xf64>) -> ()
  return
}
