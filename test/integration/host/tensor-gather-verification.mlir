// With -fsanitize=runtime-verification, a tensor.gather index past the
// source is reported at the gather, as for any tensor.extract: the gather
// is written as extracts before MLIR's runtime op verification runs (it
// read out of bounds silently).
// RUN: %mlirc %s --offload-arch=%offload_arch -fsanitize=runtime-verification -o %t
// RUN: %t 2>&1 | FileCheck %s
// CHECK: ERROR: Runtime op verification failed
// CHECK-NEXT: tensor.extract
// CHECK-NEXT: ^ out-of-bounds access
// CHECK-NEXT: Location: loc("{{.*}}tensor-gather-verification.mlir":[[@LINE+5]]:8)
func.func @main() {
  %t = arith.constant dense<1.0> : tensor<4x4xf32>
  // Row 7 of a 4x4 tensor.
  %i = arith.constant dense<7> : tensor<2x1xindex>
  %g = tensor.gather %t[%i] gather_dims([0]) : (tensor<4x4xf32>, tensor<2x1xindex>) -> tensor<2x4xf32>
  %c0 = arith.constant 0 : index
  %v = tensor.extract %g[%c0, %c0] : tensor<2x4xf32>
  vector.print %v : f32
  return
}
