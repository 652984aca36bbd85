// Programs in the tosa dialect, as ML front ends emit them: MLIR's TOSA
// lowering (to linalg, tensor, arith and scf), then bufferized as any
// program on tensors. Dynamic shapes too (a batch size a front end leaves
// open): TOSA's validation, which rejected them ("failed level check:
// operand shape dimension cannot be dynamic"), is not run.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{\[\[}}62],
// CHECK-NEXT: [63]]
// CHECK: {{\[\[}}1,   0,   3],
// CHECK-NEXT: [3.5,   3.5,   0]]
// CHECK: {{\[\[}}2.71828,   54.5981],
// CHECK-NEXT: [0.135335,   148.413],
// CHECK-NEXT: [20.0855,   0.00247875]]
// CHECK: {{\[\[}}5,   6,   6],
// CHECK-NEXT: [5,   6,   6]]
// CHECK: [1]
func.func private @printMemrefF32(tensor<*xf32>)
// A 3x1 max pool with padding 1, on a dynamic batch of rows.
func.func @pool(%x: tensor<?x1x3x1xf32>) -> tensor<?x1x3x1xf32> {
  %p = tosa.max_pool2d %x {pad = array<i64: 0, 0, 1, 1>, kernel = array<i64: 1, 3>,
                           stride = array<i64: 1, 1>}
      : (tensor<?x1x3x1xf32>) -> tensor<?x1x3x1xf32>
  return %p : tensor<?x1x3x1xf32>
}

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

  %rows = "tosa.const"() {values = dense<[[[[5.0], [-1.0], [6.0]]], [[[2.0], [5.0], [6.0]]]]> : tensor<2x1x3x1xf32>} : () -> tensor<2x1x3x1xf32>
  %dyn = tensor.cast %rows : tensor<2x1x3x1xf32> to tensor<?x1x3x1xf32>
  %pooled = call @pool(%dyn) : (tensor<?x1x3x1xf32>) -> tensor<?x1x3x1xf32>
  %ps = tosa.const_shape {values = dense<[2, 3]> : tensor<2xindex>} : () -> !tosa.shape<2>
  %flat = tosa.reshape %pooled, %ps : (tensor<?x1x3x1xf32>, !tosa.shape<2>) -> tensor<2x3xf32>
  %fu = tensor.cast %flat : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%fu) : (tensor<*xf32>) -> ()
  // Static and dynamic pools agree.
  %static = tosa.max_pool2d %rows {pad = array<i64: 0, 0, 1, 1>, kernel = array<i64: 1, 3>,
                                   stride = array<i64: 1, 1>}
      : (tensor<2x1x3x1xf32>) -> tensor<2x1x3x1xf32>
  %eq = tosa.equal %static, %pooled : (tensor<2x1x3x1xf32>, tensor<?x1x3x1xf32>) -> tensor<?x1x3x1xi1>
  %all0 = tosa.reduce_all %eq {axis = 0 : i32} : (tensor<?x1x3x1xi1>) -> tensor<1x1x3x1xi1>
  %all1 = tosa.reduce_all %all0 {axis = 2 : i32} : (tensor<1x1x3x1xi1>) -> tensor<1x1x1x1xi1>
  %c0 = arith.constant 0 : index
  %same = tensor.extract %all1[%c0, %c0, %c0, %c0] : tensor<1x1x1x1xi1>
  %same32 = arith.extui %same : i1 to i32
  %one = tensor.from_elements %same32 : tensor<1xi32>
  %onef = arith.sitofp %one : tensor<1xi32> to tensor<1xf32>
  %ou = tensor.cast %onef : tensor<1xf32> to tensor<*xf32>
  call @printMemrefF32(%ou) : (tensor<*xf32>) -> ()
  return
}
