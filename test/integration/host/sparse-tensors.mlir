// Sparse tensors (the sparse_tensor dialect, as MLIR's sparsifier takes
// it): kernels on sparse operands as loops over their storage, sparse
// outputs, conversions between formats, iteration and printing; MLIR's
// sparsification and bufferization, code generated in the program.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 9, 0, 34, 40 )
// CHECK-NEXT: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 5
// CHECK-NEXT: dim = ( 4, 8 )
// CHECK-NEXT: lvl = ( 4, 8 )
// CHECK-NEXT: pos[1] : ( 0, 2, 2, 4, 5 )
// CHECK-NEXT: crd[1] : ( 0, 3, 1, 6, 7 )
// CHECK-NEXT: values : ( 1, 2, 3, 4, 5 )
// CHECK-NEXT: ----
// CHECK-NEXT: 5
// CHECK-NEXT: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 5
// CHECK-NEXT: dim = ( 8 )
// CHECK-NEXT: lvl = ( 8 )
// CHECK-NEXT: pos[0] : ( 0, 5 )
// CHECK-NEXT: crd[0] : ( 0, 1, 2, 5, 7 )
// CHECK-NEXT: values : ( 1, -5, 3, 3, -7 )
// CHECK: ( 0, 1, 1 )
// CHECK-NEXT: ( 2, 0, 2 )
// CHECK-NEXT: ( 2, 3, 3 )
// CHECK-NEXT: ---- Sparse Tensor ----
// CHECK-NEXT: nse = 3
// CHECK-NEXT: dim = ( 3, 4 )
// CHECK-NEXT: lvl = ( 3, 4 )
// CHECK-NEXT: pos[0] : ( 0, 3 )
// CHECK-NEXT: crd[0] : ( 0, 1, 2, 0, 2, 3 )
// CHECK-NEXT: values : ( 1, 2, 3 )
// CHECK: ( ( 0, 1, 0, 0 ), ( 0, 0, 0, 0 ), ( 2, 0, 0, 3 ) )
#CSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : dense, j : compressed) }>
#SV = #sparse_tensor.encoding<{ map = (i) -> (i : compressed) }>
#DCSR = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed, j : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (i, j) -> (i : compressed(nonunique), j : singleton) }>
#matvec = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                   affine_map<(i, j) -> (i)>],
  iterator_types = ["parallel", "reduction"]
}
#elementwise = {
  indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                   affine_map<(i) -> (i)>],
  iterator_types = ["parallel"]
}

func.func @matvec(%a: tensor<4x8xf64, #CSR>, %b: tensor<8xf64>,
                  %x: tensor<4xf64>) -> tensor<4xf64> {
  %0 = linalg.generic #matvec
      ins(%a, %b : tensor<4x8xf64, #CSR>, tensor<8xf64>) outs(%x : tensor<4xf64>) {
  ^bb0(%av: f64, %bv: f64, %xv: f64):
    %m = arith.mulf %av, %bv : f64
    %s = arith.addf %xv, %m : f64
    linalg.yield %s : f64
  } -> tensor<4xf64>
  return %0 : tensor<4xf64>
}

// a + b where both are stored, a where only a is, -b where only b is.
func.func @merge(%a: tensor<8xf32, #SV>, %b: tensor<8xf32, #SV>) -> tensor<8xf32, #SV> {
  %e = tensor.empty() : tensor<8xf32, #SV>
  %0 = linalg.generic #elementwise
      ins(%a, %b : tensor<8xf32, #SV>, tensor<8xf32, #SV>) outs(%e : tensor<8xf32, #SV>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %r = sparse_tensor.binary %x, %y : f32, f32 to f32
      overlap = {
        ^bb0(%p: f32, %q: f32):
          %s = arith.addf %p, %q : f32
          sparse_tensor.yield %s : f32
      }
      left = identity
      right = {
        ^bb0(%q: f32):
          %n = arith.negf %q : f32
          sparse_tensor.yield %n : f32
      }
    linalg.yield %r : f32
  } -> tensor<8xf32, #SV>
  return %0 : tensor<8xf32, #SV>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %f0 = arith.constant 0.0 : f64
  %dense = arith.constant dense<[[1.0, 0.0, 0.0, 2.0, 0.0, 0.0, 0.0, 0.0],
                                 [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0],
                                 [0.0, 3.0, 0.0, 0.0, 0.0, 0.0, 4.0, 0.0],
                                 [0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 5.0]]> : tensor<4x8xf64>
  %a = sparse_tensor.convert %dense : tensor<4x8xf64> to tensor<4x8xf64, #CSR>
  %b = arith.constant dense<[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0]> : tensor<8xf64>
  %x = arith.constant dense<0.0> : tensor<4xf64>
  %r = call @matvec(%a, %b, %x)
      : (tensor<4x8xf64, #CSR>, tensor<8xf64>, tensor<4xf64>) -> tensor<4xf64>
  %v = vector.transfer_read %r[%c0], %f0 : tensor<4xf64>, vector<4xf64>
  vector.print %v : vector<4xf64>
  sparse_tensor.print %a : tensor<4x8xf64, #CSR>
  %n = sparse_tensor.number_of_entries %a : tensor<4x8xf64, #CSR>
  vector.print %n : index

  %da = arith.constant dense<[1.0, 0.0, 2.0, 0.0, 0.0, 3.0, 0.0, 0.0]> : tensor<8xf32>
  %db = arith.constant dense<[0.0, 5.0, 1.0, 0.0, 0.0, 0.0, 0.0, 7.0]> : tensor<8xf32>
  %sa = sparse_tensor.convert %da : tensor<8xf32> to tensor<8xf32, #SV>
  %sb = sparse_tensor.convert %db : tensor<8xf32> to tensor<8xf32, #SV>
  %m = call @merge(%sa, %sb)
      : (tensor<8xf32, #SV>, tensor<8xf32, #SV>) -> tensor<8xf32, #SV>
  sparse_tensor.print %m : tensor<8xf32, #SV>

  %md = arith.constant dense<[[0.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0],
                              [2.0, 0.0, 0.0, 3.0]]> : tensor<3x4xf32>
  %s = sparse_tensor.convert %md : tensor<3x4xf32> to tensor<3x4xf32, #DCSR>
  sparse_tensor.foreach in %s : tensor<3x4xf32, #DCSR> do {
  ^bb0(%i: index, %j: index, %val: f32):
    %ii = arith.index_cast %i : index to i32
    %ji = arith.index_cast %j : index to i32
    %vi = arith.fptosi %val : f32 to i32
    %t = vector.from_elements %ii, %ji, %vi : vector<3xi32>
    vector.print %t : vector<3xi32>
  }
  %coo = sparse_tensor.convert %s : tensor<3x4xf32, #DCSR> to tensor<3x4xf32, #COO>
  sparse_tensor.print %coo : tensor<3x4xf32, #COO>
  %back = sparse_tensor.convert %coo : tensor<3x4xf32, #COO> to tensor<3x4xf32>
  %g0 = arith.constant 0.0 : f32
  %w = vector.transfer_read %back[%c0, %c0], %g0 : tensor<3x4xf32>, vector<3x4xf32>
  vector.print %w : vector<3x4xf32>

  bufferization.dealloc_tensor %a : tensor<4x8xf64, #CSR>
  bufferization.dealloc_tensor %sa : tensor<8xf32, #SV>
  bufferization.dealloc_tensor %sb : tensor<8xf32, #SV>
  bufferization.dealloc_tensor %m : tensor<8xf32, #SV>
  bufferization.dealloc_tensor %s : tensor<3x4xf32, #DCSR>
  bufferization.dealloc_tensor %coo : tensor<3x4xf32, #COO>
  return
}
