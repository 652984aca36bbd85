// A transform schedule tiles a matmul on tensors (loops carrying tensors,
// extract_slice and insert_slice); bufferization then runs on what it
// leaves. The entry function is @entry, as in mlir-runner programs.
// RUN: %mlirc %s --entry-point=entry --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [2, 4]
// CHECK-NEXT: [104,   105,   103,   112],
// CHECK-NEXT: [110,   111,   109,   130]]
module attributes {transform.with_named_sequence} {
  func.func private @printMemrefF32(tensor<*xf32>)
  func.func @entry() {
    %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
    %b = arith.constant dense<[[1.0, 0.0, 1.0, 2.0], [0.0, 1.0, 1.0, 2.0], [1.0, 1.0, 0.0, 2.0]]> : tensor<3x4xf32>
    %c = arith.constant dense<100.0> : tensor<2x4xf32>
    %d = linalg.matmul ins(%a, %b : tensor<2x3xf32>, tensor<3x4xf32>) outs(%c : tensor<2x4xf32>) -> tensor<2x4xf32>
    %u = tensor.cast %d : tensor<2x4xf32> to tensor<*xf32>
    call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["linalg.matmul"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l:3 = transform.structured.tile_using_for %m tile_sizes [1, 2, 3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op, !transform.any_op, !transform.any_op)
    transform.yield
  }
}
