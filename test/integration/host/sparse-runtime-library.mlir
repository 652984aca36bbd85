// Programs MLIR's sparsifier lowered elsewhere: with its runtime library
// (mlir-opt --sparsifier, enable-runtime-library=true by default) they call
// newSparseTensor, sparseValues*, lexInsert*, expInsert*, ... (runtime/
// SparseTensorRuntimeAPI.cpp); with enable-gpu-libgen, cuSPARSE's SpMV and
// the SpGEMM steps through MLIR's CUDA runtime API, which the host target
// computes (runtime/HostSparseLibrary.cpp). Each prints what mlirc's own
// sparsification of the same program prints.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t > %t.own
// RUN: FileCheck %s < %t.own
// RUN: mlir-opt %s --sparsifier | %mlirc -x mlir - --offload-arch=%offload_arch -o %t.lib
// RUN: %t.lib > %t.lib.out && diff %t.own %t.lib.out
// RUN: mlir-opt %s --sparsifier="enable-gpu-libgen gpu-triple=nvptx64-nvidia-cuda gpu-chip=sm_80" | %mlirc -x mlir - --offload-arch=host -o %t.gpulib
// RUN: %t.gpulib > %t.gpulib.out && diff %t.own %t.gpulib.out

#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 32, crdWidth = 32 }>
#DCSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed, d1 : compressed) }>
#COO = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : compressed(nonunique), d1 : singleton) }>
#trait_scale = {
  indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
  iterator_types = ["parallel", "parallel"]
}
module {
  func.func @matvec(%A: tensor<3x4xf64, #CSR>, %x: tensor<4xf64>, %y: tensor<3xf64>) -> tensor<3xf64> {
    %r = linalg.matvec ins(%A, %x: tensor<3x4xf64, #CSR>, tensor<4xf64>) outs(%y: tensor<3xf64>) -> tensor<3xf64>
    return %r : tensor<3xf64>
  }
  // Sparse output, inserted in order.
  func.func @scale(%A: tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #DCSR> {
    %e = tensor.empty() : tensor<3x4xf64, #DCSR>
    %r = linalg.generic #trait_scale ins(%A : tensor<3x4xf64, #CSR>) outs(%e : tensor<3x4xf64, #DCSR>) {
    ^bb0(%a: f64, %o: f64):
      %two = arith.constant 2.0 : f64
      %m = arith.mulf %a, %two : f64
      linalg.yield %m : f64
    } -> tensor<3x4xf64, #DCSR>
    return %r : tensor<3x4xf64, #DCSR>
  }
  // Sparse times sparse into sparse: an expanded row per insertion.
  func.func @spgemm(%A: tensor<3x4xf64, #CSR>, %B: tensor<4x3xf64, #CSR>) -> tensor<3x3xf64, #CSR> {
    %e = tensor.empty() : tensor<3x3xf64, #CSR>
    %r = linalg.matmul ins(%A, %B : tensor<3x4xf64, #CSR>, tensor<4x3xf64, #CSR>) outs(%e : tensor<3x3xf64, #CSR>) -> tensor<3x3xf64, #CSR>
    return %r : tensor<3x3xf64, #CSR>
  }
  func.func @main() {
    %f0 = arith.constant 0.0 : f64
    %c0 = arith.constant 0 : index
    %DA = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 0.0, 0.0], [4.0, 0.0, 5.0, 6.0]]> : tensor<3x4xf64>
    %A = sparse_tensor.convert %DA : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %DB = arith.constant dense<[[1.0, 0.0, 4.0], [0.0, 3.0, 0.0], [2.0, 0.0, 5.0], [0.0, 0.0, 6.0]]> : tensor<4x3xf64>
    %B = sparse_tensor.convert %DB : tensor<4x3xf64> to tensor<4x3xf64, #CSR>
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %y = arith.constant dense<[1.0, 1.0, 1.0]> : tensor<3xf64>
    // CHECK: ( 8, 7, 44 )
    %r = call @matvec(%A, %x, %y) : (tensor<3x4xf64, #CSR>, tensor<4xf64>, tensor<3xf64>) -> tensor<3xf64>
    %v = vector.transfer_read %r[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %v : vector<3xf64>
    // CHECK: nse = 6
    // CHECK: values : ( 2, 4, 6, 8, 10, 12 )
    %s = call @scale(%A) : (tensor<3x4xf64, #CSR>) -> tensor<3x4xf64, #DCSR>
    sparse_tensor.print %s : tensor<3x4xf64, #DCSR>
    // CHECK: nse = 5
    // CHECK: pos[1] : ( 0, 2, 3, 5 )
    // CHECK: crd[1] : ( 0, 2, 1, 0, 2 )
    // CHECK: values : ( 5, 14, 9, 14, 77 )
    %p = call @spgemm(%A, %B) : (tensor<3x4xf64, #CSR>, tensor<4x3xf64, #CSR>) -> tensor<3x3xf64, #CSR>
    sparse_tensor.print %p : tensor<3x3xf64, #CSR>
    // From coordinates out of order, sorted.
    // CHECK: nse = 3
    // CHECK: crd[0] : ( 0, 3, 1, 0, 2, 1 )
    // CHECK: values : ( 7, 8, 9 )
    %coo = arith.constant sparse<[[2, 1], [0, 3], [1, 0]], [9.0, 7.0, 8.0]> : tensor<3x4xf64>
    %c = sparse_tensor.convert %coo : tensor<3x4xf64> to tensor<3x4xf64, #COO>
    sparse_tensor.print %c : tensor<3x4xf64, #COO>
    bufferization.dealloc_tensor %A : tensor<3x4xf64, #CSR>
    bufferization.dealloc_tensor %B : tensor<4x3xf64, #CSR>
    bufferization.dealloc_tensor %s : tensor<3x4xf64, #DCSR>
    bufferization.dealloc_tensor %p : tensor<3x3xf64, #CSR>
    bufferization.dealloc_tensor %c : tensor<3x4xf64, #COO>
    return
  }
}
