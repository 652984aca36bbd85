// tensor.gather and tensor.scatter, which MLIR 22's bufferization has no
// rule for ("cannot be compiled"), written as a tensor.generate of
// extracts and a loop nest of inserts before bufferizing: gathers of
// whole rows (i32 indices, rank-reduced) and of single elements (index
// indices, the full form with unit dimensions), a scatter of rows into a
// tensor that is still read afterwards (so into a copy), and dynamic
// shapes across function boundaries. tensor.bitcast, which has no rule
// either, is an elementwise arith.bitcast.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [3, 5] strides = [5, 1] data =
// CHECK-NEXT: {{\[\[}}210, 211, 212, 213, 214],
// CHECK-NEXT: [30, 31, 32, 33, 34],
// CHECK-NEXT: [100, 101, 102, 103, 104]]
// CHECK: sizes = [2, 1, 3, 4, 1] strides = [12, 12, 4, 1, 1] data =
// CHECK-NEXT: [4],
// CHECK-NEXT: [14],
// CHECK-NEXT: [24],
// CHECK-NEXT: [34]],
// CHECK: sizes = [3, 4, 5] strides = [20, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}-1, -2, -3, -4, -5],
// CHECK-NEXT: [10, 11, 12, 13, 14],
// CHECK: [220, 221, 222, 223, 224],
// CHECK-NEXT: [-6, -7, -8, -9, -10]]]
// CHECK: sizes = [3, 4, 5] strides = [20, 5, 1] data =
// CHECK-NEXT: {{\[\[\[}}0, 1, 2, 3, 4],
// CHECK: [230, 231, 232, 233, 234]]]
// CHECK: sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}5, 6],
// CHECK-NEXT: [5, 6],
// CHECK-NEXT: [1, 2]]
// CHECK: sizes = [3, 2] strides = [2, 1] data =
// CHECK-NEXT: {{\[\[}}7, 6],
// CHECK-NEXT: [9, 8],
// CHECK-NEXT: [5, 6]]
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %src = tensor.generate {
  ^bb0(%i: index, %j: index, %k: index):
    %c100 = arith.constant 100 : index
    %c10 = arith.constant 10 : index
    %a = arith.muli %i, %c100 : index
    %b = arith.muli %j, %c10 : index
    %s = arith.addi %a, %b : index
    %t = arith.addi %s, %k : index
    %x = arith.index_cast %t : index to i32
    %f = arith.sitofp %x : i32 to f32
    tensor.yield %f : f32
  } : tensor<3x4x5xf32>
  %idx = arith.constant dense<[[2, 1], [0, 3], [1, 0]]> : tensor<3x2xi32>
  // rows (i, j) -> source[i, j, :]
  %g = tensor.gather %src[%idx] gather_dims([0, 1]) : (tensor<3x4x5xf32>, tensor<3x2xi32>) -> tensor<3x5xf32>
  %gb = bufferization.to_buffer %g : tensor<3x5xf32> to memref<3x5xf32>
  %u = memref.cast %gb : memref<3x5xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  // Full form, one dim gathered.
  %idx2 = arith.constant dense<[[[4]], [[0]]]> : tensor<2x1x1xindex>
  %g2 = tensor.gather %src[%idx2] gather_dims([2]) : (tensor<3x4x5xf32>, tensor<2x1x1xindex>) -> tensor<2x1x3x4x1xf32>
  %g2b = bufferization.to_buffer %g2 : tensor<2x1x3x4x1xf32> to memref<2x1x3x4x1xf32>
  %u2 = memref.cast %g2b : memref<2x1x3x4x1xf32> to memref<*xf32>
  call @printMemrefF32(%u2) : (memref<*xf32>) -> ()
  // Scatter two rows of zeros-plus into a copy.
  %upd = arith.constant dense<[[-1.0, -2.0, -3.0, -4.0, -5.0], [-6.0, -7.0, -8.0, -9.0, -10.0]]> : tensor<2x5xf32>
  %sidx = arith.constant dense<[[0, 0], [2, 3]]> : tensor<2x2xindex>
  %sc = tensor.scatter %upd into %src[%sidx] scatter_dims([0, 1]) unique : (tensor<2x5xf32>, tensor<3x4x5xf32>, tensor<2x2xindex>) -> tensor<3x4x5xf32>
  %scb = bufferization.to_buffer %sc : tensor<3x4x5xf32> to memref<3x4x5xf32>
  %u3 = memref.cast %scb : memref<3x4x5xf32> to memref<*xf32>
  call @printMemrefF32(%u3) : (memref<*xf32>) -> ()
  // The source is unchanged.
  %srcb = bufferization.to_buffer %src : tensor<3x4x5xf32> to memref<3x4x5xf32>
  %u4 = memref.cast %srcb : memref<3x4x5xf32> to memref<*xf32>
  call @printMemrefF32(%u4) : (memref<*xf32>) -> ()
  %c0 = arith.constant 0 : index
  %zero_i32 = arith.constant 0 : i32
  %a = arith.constant dense<[[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]]> : tensor<3x2xf32>
  %r = arith.constant dense<[[2], [2], [0]]> : tensor<3x1xindex>
  %ad = tensor.cast %a : tensor<3x2xf32> to tensor<?x?xf32>
  %rd = tensor.cast %r : tensor<3x1xindex> to tensor<?x1xindex>
  %pg = call @pick(%ad, %rd) : (tensor<?x?xf32>, tensor<?x1xindex>) -> tensor<?x?xf32>
  %pgb = bufferization.to_buffer %pg : tensor<?x?xf32> to memref<?x?xf32>
  %u5 = memref.cast %pgb : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u5) : (memref<*xf32>) -> ()
  %floats = arith.constant dense<[1.0, -2.0]> : tensor<2xf32>
  %bits = tensor.bitcast %floats : tensor<2xf32> to tensor<2xi32>
  %bv = vector.transfer_read %bits[%c0], %zero_i32 : tensor<2xi32>, vector<2xi32>
  vector.print %bv : vector<2xi32>
  %r2 = arith.constant dense<[[1], [0]]> : tensor<2x1xindex>
  %r2d = tensor.cast %r2 : tensor<2x1xindex> to tensor<?x1xindex>
  %new = arith.constant dense<[[9.0, 8.0], [7.0, 6.0]]> : tensor<2x2xf32>
  %newd = tensor.cast %new : tensor<2x2xf32> to tensor<?x?xf32>
  %ps = call @put(%newd, %ad, %r2d) : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x1xindex>) -> tensor<?x?xf32>
  %psb = bufferization.to_buffer %ps : tensor<?x?xf32> to memref<?x?xf32>
  %u6 = memref.cast %psb : memref<?x?xf32> to memref<*xf32>
  call @printMemrefF32(%u6) : (memref<*xf32>) -> ()
  return
}

func.func @pick(%src: tensor<?x?xf32>, %rows: tensor<?x1xindex>) -> tensor<?x?xf32> {
  %g = tensor.gather %src[%rows] gather_dims([0]) : (tensor<?x?xf32>, tensor<?x1xindex>) -> tensor<?x?xf32>
  return %g : tensor<?x?xf32>
}

func.func @put(%new: tensor<?x?xf32>, %dst: tensor<?x?xf32>, %rows: tensor<?x1xindex>) -> tensor<?x?xf32> {
  %s = tensor.scatter %new into %dst[%rows] scatter_dims([0]) unique : (tensor<?x?xf32>, tensor<?x?xf32>, tensor<?x1xindex>) -> tensor<?x?xf32>
  return %s : tensor<?x?xf32>
}
