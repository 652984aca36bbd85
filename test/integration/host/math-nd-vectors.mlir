// Math functions LLVM has no intrinsic for (erf, cbrt, acosh, ...) on n-D
// vectors in host code: MLIR's math-to-libm calls libm on each element
// and puts the results together with a vector.from_elements, which ran
// after the LLVM lowering of vector ops, so an n-D one was left ("MLIR's
// lowering to the LLVM dialect has no rule for it").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// erf(x), cbrt(2x) and acosh((x + 1)^2) at x = 0, 0.5, 1, 1.5, 2, 2.5:
// CHECK:      ( ( 0, 0.5205, 0.842701 ), ( 0.966105, 0.995322, 0.999593 ) )
// CHECK-NEXT: ( ( 0, 1, 1.25992 ), ( 1.44225, 1.5874, 1.70998 ) )
// CHECK-NEXT: ( ( 0, 1.45057 ), ( 2.51927, 2.88727 ) )
// ctlz and absi of (2x - 3) in i32:
// CHECK-NEXT: ( ( 0, 0, 0 ), ( 32, 31, 30 ) )
// CHECK-NEXT: ( ( 3, 2, 1 ), ( 0, 1, 2 ) )
func.func @main() {
  %x = call @halves() : () -> vector<2x3xf64>
  %e = math.erf %x : vector<2x3xf64>
  vector.print %e : vector<2x3xf64>
  %two = arith.constant dense<2.0> : vector<2x3xf64>
  %y = arith.mulf %x, %two : vector<2x3xf64>
  %c = math.cbrt %y : vector<2x3xf64>
  vector.print %c : vector<2x3xf64>
  %z = vector.extract_strided_slice %x
      {offsets = [0, 0], sizes = [2, 2], strides = [1, 1]}
      : vector<2x3xf64> to vector<2x2xf64>
  %z32 = arith.truncf %z : vector<2x2xf64> to vector<2x2xf32>
  %one = arith.constant dense<1.0> : vector<2x2xf32>
  %w = arith.addf %z32, %one : vector<2x2xf32>
  %w2 = arith.mulf %w, %w : vector<2x2xf32>
  %a = math.acosh %w2 : vector<2x2xf32>
  vector.print %a : vector<2x2xf32>
  %three = arith.constant dense<3.0> : vector<2x3xf64>
  %shifted = arith.subf %y, %three : vector<2x3xf64>
  %ints = arith.fptosi %shifted : vector<2x3xf64> to vector<2x3xi32>
  %zeros = math.ctlz %ints : vector<2x3xi32>
  vector.print %zeros : vector<2x3xi32>
  %abs = math.absi %ints : vector<2x3xi32>
  vector.print %abs : vector<2x3xi32>
  return
}

// 0, 0.5, 1, 1.5, 2, 2.5, where nothing folds.
func.func private @halves() -> vector<2x3xf64> {
  %c = arith.constant dense<[[0.0, 0.5, 1.0], [1.5, 2.0, 2.5]]>
      : vector<2x3xf64>
  return %c : vector<2x3xf64>
}
