// linalg.softmax on tensors (as torch-mlir emits it) is decomposed into
// the max, exp, sum and division it stands for before bufferizing; it
// reached the LLVM lowering as it was, which has no rule for it. Static
// and dynamic shapes, along either dimension.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.0900306, 0.244728, 0.665241],
// CHECK-NEXT: [0.333333, 0.333333, 0.333333]]
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.731059, 0.880797, 0.952574],
// CHECK-NEXT: [0.268941, 0.119203, 0.0474259]]
func.func private @printMemrefF32(memref<*xf32>)

func.func @softmax_columns(%t: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %m = tensor.dim %t, %c0 : tensor<?x?xf32>
  %n = tensor.dim %t, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %s = linalg.softmax dimension(0) ins(%t : tensor<?x?xf32>) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}

func.func @main() {
  %t = arith.constant dense<[[1.0, 2.0, 3.0], [0.0, 0.0, 0.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2x3xf32>
  %rows = linalg.softmax dimension(1) ins(%t : tensor<2x3xf32>) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %b = bufferization.to_buffer %rows : tensor<2x3xf32> to memref<2x3xf32>
  %u = memref.cast %b : memref<2x3xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  %d = tensor.cast %t : tensor<2x3xf32> to tensor<?x?xf32>
  %cols = call @softmax_columns(%d) : (tensor<?x?xf32>) -> tensor<?x?xf32>
  %cb = bufferization.to_buffer %cols : tensor<?x?xf32> to memref<?x?xf32>
  %cu = memref.cast %cb : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%cu) : (memref<*xf32>) -> ()
  return
}
