// A schedule that vectorizes rank-reducing tensor.insert_slice ops (the
// source has fewer dimensions than the slice): MLIR 22's vectorizer writes
// such a source along the wrong dimensions, so mlirc hands the schedule
// each of them as an expand_shape of the source and a rank-preserving
// insert_slice, which it vectorizes right. The program prints the same with
// the schedule and without it.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: sed '/^module @transforms/,/^}/d' %s > %t.plain.mlir
// RUN: %mlirc %t.plain.mlir --offload-arch=%offload_arch -o %t.plain && %t.plain | FileCheck %s
// RUN: %mlirc --compile-to=input %s -o - | FileCheck %s --check-prefix=INPUT
// The input phase shows the program as written.
// INPUT: tensor.insert_slice %{{.*}} into %{{.*}}[1, 0, 2] [1, 3, 1] [1, 1, 1] : tensor<3xi32> into tensor<2x3x4xi32>
// CHECK:      [0,    0,    0,    0],
// CHECK-NEXT:  [0,    4,    5,    0],
// CHECK-NEXT:  [0,    0,    0,    0]],
// CHECK-NEXT: [0,    0,    1,    0],
// CHECK-NEXT:  [0,    6,    7,    0],
// CHECK-NEXT:  [0,    0,    3,    0]]]
// CHECK:      [9,   0,   0]
// CHECK-NEXT: [9,   0,   0]
func.func @main() {
  %pad = arith.constant 0 : i32
  %src = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %m = arith.constant dense<[[4, 5], [6, 7]]> : tensor<2x2xi32>
  %empty = tensor.empty() : tensor<2x3x4xi32>
  %init = linalg.fill ins(%pad : i32) outs(%empty : tensor<2x3x4xi32>) -> tensor<2x3x4xi32>
  // Dims 0 and 2 dropped, then dim 1.
  %a = tensor.insert_slice %src into %init[1, 0, 2] [1, 3, 1] [1, 1, 1] : tensor<3xi32> into tensor<2x3x4xi32>
  %b = tensor.insert_slice %m into %a[0, 1, 1] [2, 1, 2] [1, 1, 1] : tensor<2x2xi32> into tensor<2x3x4xi32>
  %cast = tensor.cast %b : tensor<2x3x4xi32> to tensor<*xi32>
  call @printMemrefI32(%cast) : (tensor<*xi32>) -> ()
  // A 0-d source: every dimension dropped.
  %nine = arith.constant dense<9> : tensor<i32>
  %e2 = tensor.empty() : tensor<2x3xi32>
  %i2 = linalg.fill ins(%pad : i32) outs(%e2 : tensor<2x3xi32>) -> tensor<2x3xi32>
  %c = tensor.insert_slice %nine into %i2[0, 0] [1, 1] [1, 1] : tensor<i32> into tensor<2x3xi32>
  %d = tensor.insert_slice %nine into %c[1, 0] [1, 1] [1, 1] : tensor<i32> into tensor<2x3xi32>
  %cast2 = tensor.cast %d : tensor<2x3xi32> to tensor<*xi32>
  call @printMemrefI32(%cast2) : (tensor<*xi32>) -> ()
  return
}
func.func private @printMemrefI32(%ptr : tensor<*xi32>)
module @transforms attributes { transform.with_named_sequence } {
  transform.named_sequence @__transform_main(%module: !transform.any_op {transform.readonly}) {
    %slice = transform.structured.match ops{["tensor.insert_slice"]} in %module
      : (!transform.any_op) -> !transform.any_op
    transform.structured.vectorize %slice : !transform.any_op
    transform.yield
  }
}
