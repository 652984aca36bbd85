// Programs in the tosa dialect, as ML front ends emit them: MLIR's TOSA
// lowering (to linalg, tensor, arith and scf), then bufferized as any
// program on tensors.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{\[\[}}62],
// CHECK-NEXT: [63]]
// CHECK: {{\[\[}}1,   0,   3],
// CHECK-NEXT: [3.5,   3.5,   0]]
// CHECK: {{\[\[}}2.71828,   54.5981],
// CHECK-NEXT: [0.135335,   148.413],
// CHECK-NEXT: [20.0855,   0.00247875]]
func.func private @printMemrefF32(tensor<*xf32>)
func.func @main() {
  %a = "tosa.const"() {values = dense<[[1.0, -2.0, 3.0], [4.0, 5.0, -6.0]]> : tensor<2x3xf32>} : () -> tensor<2x3xf32>
  %b = "tosa.const"() {values = dense<[10.0, 20.0, 30.0]> : tensor<3xf32>} : () -> tensor<3xf32>
  %s = tosa.const_shape {values = dense<[1, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %b2 = tosa.reshape %b, %s : (tensor<3xf32>, !tosa.shape<2>) -> tensor<1x3xf32>
  %sum = tosa.add %a, %b2 : (tensor<2x3xf32>, tensor<1x3xf32>) -> tensor<2x3xf32>
  %r = tosa.reduce_sum %sum {axis = 1 : i32} : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %c = tosa.clamp %a {min_val = 0.0 : f32, max_val = 3.5 : f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %ru = tensor.cast %r : tensor<2x1xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %cu = tensor.cast %c : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  %e = tosa.exp %a : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %t = tosa.transpose %e {perms = array<i32: 1, 0>} : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %tu = tensor.cast %t : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  return
}
