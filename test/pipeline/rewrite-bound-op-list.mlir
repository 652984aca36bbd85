// mlirc's rewrites of a list of ops (here expm1 and log1p as libm calls)
// have the bound too, counting every rewrite and fold: a test-only option
// lowers it to one rewrite, which the second op's reaches (an error that
// names the pass, at the op); by default both become calls.
// RUN: not mlirc-opt --mlirc-max-rewrites=1 --mlirc-expand-math-ops=host-libm %s 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: mlirc-opt --mlirc-expand-math-ops=host-libm %s | FileCheck %s
// BOUND: rewrite-bound-op-list.mlir:[[# @LINE + 6]]:8: error: internal compiler error in pass mlirc-expand-math-ops: 1 rewrites without reaching a fixed point
// CHECK: call @expm1f(%arg0) : (f32) -> f32
// CHECK: call @log1p(%arg1) : (f64) -> f64

func.func @f(%x: f32, %y: f64) -> (f32, f64) {
  %a = math.expm1 %x : f32
  %b = math.log1p %y : f64
  return %a, %b : f32, f64
}
