// mlirc-expand-math-ops: math.clampf as the clamp to [min, max]
// (maximumf(minimumf(value, max), min); MLIR 22's own expansion takes the
// minimum with the lower bound), math.isinf, math.isfinite and
// math.isnormal as ordered comparisons of the absolute value, and, with
// split-sincos, math.sincos as math.sin and math.cos. With host-libm,
// math.expm1 and math.log1p call libm's on every float type (MLIR's LLVM
// lowering computes exp(x) - 1 and log(1 + x), 1.19e-7 for expm1(1e-7)).
// RUN: mlirc-opt --mlirc-expand-math-ops %s | FileCheck %s
// RUN: mlirc-opt --mlirc-expand-math-ops=split-sincos %s | FileCheck %s --check-prefix=SPLIT
// RUN: mlirc-opt --mlirc-expand-math-ops=host-libm %s | FileCheck %s --check-prefix=LIBM
// CHECK-LABEL: func.func @clamp
// CHECK: %[[UPPER:.*]] = arith.minimumf %arg0, %arg2 fastmath<nnan> : f32
// CHECK: %[[R:.*]] = arith.maximumf %[[UPPER]], %arg1 fastmath<nnan> : f32
// CHECK: return %[[R]]
func.func @clamp(%v: f32, %lo: f32, %hi: f32) -> f32 {
  %r = math.clampf %v to [%lo, %hi] fastmath<nnan> : f32
  return %r : f32
}
// CHECK-LABEL: func.func @classes
// CHECK: %[[INF:.*]] = arith.constant dense<0x7F800000> : vector<4xf32>
// CHECK: %[[A:.*]] = math.absf %arg0 : vector<4xf32>
// CHECK: arith.cmpf oeq, %[[A]], %[[INF]] : vector<4xf32>
// CHECK: %[[INF2:.*]] = arith.constant dense<0x7F800000> : vector<4xf32>
// CHECK: %[[B:.*]] = math.absf %arg0 : vector<4xf32>
// CHECK: %[[MIN:.*]] = arith.constant dense<1.17549435E-38> : vector<4xf32>
// CHECK: %[[GE:.*]] = arith.cmpf oge, %[[B]], %[[MIN]] : vector<4xf32>
// CHECK: %[[LT:.*]] = arith.cmpf olt, %[[B]], %[[INF2]] : vector<4xf32>
// CHECK: arith.andi %[[GE]], %[[LT]] : vector<4xi1>
// CHECK: %[[HINF:.*]] = arith.constant 0x7C00 : f16
// CHECK: %[[H:.*]] = math.absf %arg1 : f16
// CHECK: arith.cmpf olt, %[[H]], %[[HINF]] : f16
// CHECK-NOT: math.is
func.func @classes(%v: vector<4xf32>, %h: f16) -> (vector<4xi1>, vector<4xi1>, i1) {
  %a = math.isinf %v : vector<4xf32>
  %b = math.isnormal %v : vector<4xf32>
  %c = math.isfinite %h : f16
  return %a, %b, %c : vector<4xi1>, vector<4xi1>, i1
}
// Without split-sincos, sincos stays (the host has LLVM's sincos).
// CHECK-LABEL: func.func @sincos
// CHECK: math.sincos
// SPLIT-LABEL: func.func @sincos
// SPLIT: %[[S:.*]] = math.sin %arg0 fastmath<afn> : f64
// SPLIT: %[[C:.*]] = math.cos %arg0 fastmath<afn> : f64
// SPLIT: return %[[S]], %[[C]]
func.func @sincos(%x: f64) -> (f64, f64) {
  %s, %c = math.sincos %x fastmath<afn> : f64
  return %s, %c : f64, f64
}

// ctlz, cttz and absi of n-D vectors as those of the 1-D shape casts
// (their LLVM lowerings took none: "failed to legalize operation
// 'math.ctlz'"); 1-D ones and other ops stay.
// CHECK-LABEL: func.func @flat_counts
// CHECK: %[[F:.*]] = vector.shape_cast %arg0 : vector<2x3xi64> to vector<6xi64>
// CHECK: %[[Z:.*]] = math.ctlz %[[F]] : vector<6xi64>
// CHECK: vector.shape_cast %[[Z]] : vector<6xi64> to vector<2x3xi64>
// CHECK: math.cttz %{{.*}} : vector<6xi64>
// CHECK: math.absi %{{.*}} : vector<6xi64>
// CHECK: math.ctlz %arg1 : vector<4xi8>
// CHECK: math.ctpop %arg0 : vector<2x3xi64>
func.func @flat_counts(%v: vector<2x3xi64>, %w: vector<4xi8>)
    -> (vector<2x3xi64>, vector<2x3xi64>, vector<2x3xi64>, vector<4xi8>,
        vector<2x3xi64>) {
  %a = math.ctlz %v : vector<2x3xi64>
  %b = math.cttz %v : vector<2x3xi64>
  %c = math.absi %v : vector<2x3xi64>
  %d = math.ctlz %w : vector<4xi8>
  %e = math.ctpop %v : vector<2x3xi64>
  return %a, %b, %c, %d, %e
      : vector<2x3xi64>, vector<2x3xi64>, vector<2x3xi64>, vector<4xi8>,
        vector<2x3xi64>
}

// math.fpowi of vectors as that of each element (LLVM's powi takes one
// exponent for all lanes).
// CHECK-LABEL: func.func @vector_fpowi
// CHECK-COUNT-4: math.fpowi %{{.*}}, %{{.*}} : f32, i32
// CHECK: vector.from_elements {{.*}} : vector<4xf32>
// CHECK: vector.shape_cast %{{.*}} : vector<4xf32> to vector<2x2xf32>
func.func @vector_fpowi(%b: vector<2x2xf32>, %e: vector<2x2xi32>)
    -> vector<2x2xf32> {
  %r = math.fpowi %b, %e : vector<2x2xf32>, vector<2x2xi32>
  return %r : vector<2x2xf32>
}

// CHECK-LABEL: func.func @near_zero
// CHECK-NOT: call
// CHECK: return
// LIBM-LABEL: func.func @near_zero
// LIBM: call @expm1f(%arg0) : (f32) -> f32
// LIBM: call @log1p(%arg1) : (f64) -> f64
// LIBM: call @expm1f({{.*}}) : (f32) -> f32
// LIBM: call @expm1f({{.*}}) : (f32) -> f32
// LIBM: %[[WIDE:.*]] = arith.extf %arg3 : f16 to f32
// LIBM: %[[NARROW:.*]] = call @log1pf(%[[WIDE]]) : (f32) -> f32
// LIBM: arith.truncf %[[NARROW]] : f32 to f16
// LIBM: call @expm1l(%arg4) : (f80) -> f80
// LIBM: math.exp %arg0 : f32
// LIBM-NOT: math.expm1
func.func @near_zero(%a: f32, %b: f64, %c: vector<2xf32>, %d: f16, %e: f80) -> (f32, f64, vector<2xf32>, f16, f80, f32) {
  %0 = math.expm1 %a : f32
  %1 = math.log1p %b : f64
  %2 = math.expm1 %c : vector<2xf32>
  %3 = math.log1p %d : f16
  %4 = math.expm1 %e : f80
  %5 = math.exp %a : f32
  return %0, %1, %2, %3, %4, %5 : f32, f64, vector<2xf32>, f16, f80, f32
}
