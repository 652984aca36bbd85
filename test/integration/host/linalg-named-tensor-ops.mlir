// linalg's named ops on tensors (reduce, transpose, map, broadcast, pack,
// unpack, conv, elementwise, matvec): packs lowered to pads, reshapes and
// transposes before bufferization, and tensors printed with printMemref*
// and read again afterwards (the runner utilities only read them).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [6,  15]
// CHECK: [1,   4],
// CHECK-NEXT: [2,   5],
// CHECK-NEXT: [3,   6]]
// CHECK: [1,   1.41421,   1.73205],
// CHECK: [3,    3]],
// CHECK: [4,    4],
// CHECK: {{\[\[\[\[}}1,     2],
// CHECK-NEXT: [4,     5]],
// CHECK-NEXT: {{\[\[}}3,     0],
// CHECK-NEXT: [6,     0]]]]
// CHECK: {{\[\[}}1,   2,   3],
// CHECK-NEXT: [4,   5,   6]]
// CHECK-COUNT-9: [8]
// CHECK: [2.71828,   7.38906,   20.0855],
// CHECK: [6,  15]
func.func private @printMemrefF32(tensor<*xf32>)
func.func private @printMemrefI32(tensor<*xi32>)
func.func @main() {
  %a = arith.constant dense<[[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]]> : tensor<2x3xf32>
  %e = tensor.empty() : tensor<2xf32>
  %z = arith.constant 0.0 : f32
  %init = linalg.fill ins(%z : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
  %r = linalg.reduce ins(%a : tensor<2x3xf32>) outs(%init : tensor<2xf32>) dimensions = [1]
    (%in: f32, %acc: f32) {
      %s = arith.addf %in, %acc : f32
      linalg.yield %s : f32
    }
  %ru = tensor.cast %r : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%ru) : (tensor<*xf32>) -> ()
  %et = tensor.empty() : tensor<3x2xf32>
  %t = linalg.transpose ins(%a : tensor<2x3xf32>) outs(%et : tensor<3x2xf32>) permutation = [1, 0]
  %tu = tensor.cast %t : tensor<3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%tu) : (tensor<*xf32>) -> ()
  %em = tensor.empty() : tensor<2x3xf32>
  %m = linalg.map { math.sqrt } ins(%a : tensor<2x3xf32>) outs(%em : tensor<2x3xf32>)
  %mu = tensor.cast %m : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%mu) : (tensor<*xf32>) -> ()
  %eb = tensor.empty() : tensor<2x3x2xf32>
  %b = linalg.broadcast ins(%a : tensor<2x3xf32>) outs(%eb : tensor<2x3x2xf32>) dimensions = [2]
  %bu = tensor.cast %b : tensor<2x3x2xf32> to tensor<*xf32>
  call @printMemrefF32(%bu) : (tensor<*xf32>) -> ()
  %ep = tensor.empty() : tensor<1x2x2x2xf32>
  %pad = arith.constant 0.0 : f32
  %p = linalg.pack %a padding_value(%pad : f32) inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %ep : tensor<2x3xf32> -> tensor<1x2x2x2xf32>
  %pu = tensor.cast %p : tensor<1x2x2x2xf32> to tensor<*xf32>
  call @printMemrefF32(%pu) : (tensor<*xf32>) -> ()
  %eu = tensor.empty() : tensor<2x3xf32>
  %u = linalg.unpack %p inner_dims_pos = [0, 1] inner_tiles = [2, 2] into %eu : tensor<1x2x2x2xf32> -> tensor<2x3xf32>
  %uu = tensor.cast %u : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%uu) : (tensor<*xf32>) -> ()
  %img = arith.constant dense<1.0> : tensor<1x4x4x1xf32>
  %flt = arith.constant dense<2.0> : tensor<2x2x1x1xf32>
  %co = tensor.empty() : tensor<1x3x3x1xf32>
  %ci = linalg.fill ins(%z : f32) outs(%co : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %c = linalg.conv_2d_nhwc_hwcf ins(%img, %flt : tensor<1x4x4x1xf32>, tensor<2x2x1x1xf32>) outs(%ci : tensor<1x3x3x1xf32>) -> tensor<1x3x3x1xf32>
  %cu = tensor.cast %c : tensor<1x3x3x1xf32> to tensor<*xf32>
  call @printMemrefF32(%cu) : (tensor<*xf32>) -> ()
  %x = tensor.empty() : tensor<2x3xf32>
  %el = linalg.elementwise kind=#linalg.elementwise_kind<exp> ins(%a : tensor<2x3xf32>) outs(%x : tensor<2x3xf32>) -> tensor<2x3xf32>
  %elu = tensor.cast %el : tensor<2x3xf32> to tensor<*xf32>
  call @printMemrefF32(%elu) : (tensor<*xf32>) -> ()
  %ev = tensor.empty() : tensor<2xf32>
  %vv = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf32>
  %mv0 = linalg.fill ins(%z : f32) outs(%ev : tensor<2xf32>) -> tensor<2xf32>
  %mv = linalg.matvec ins(%a, %vv : tensor<2x3xf32>, tensor<3xf32>) outs(%mv0 : tensor<2xf32>) -> tensor<2xf32>
  %mvu = tensor.cast %mv : tensor<2xf32> to tensor<*xf32>
  call @printMemrefF32(%mvu) : (tensor<*xf32>) -> ()
  return
}
