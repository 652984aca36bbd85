// Programs written for MLIR's CUDA runtime set up cuSPARSE (and
// cuSPARSELt) around their sparse code. mlirc's sparsifier computes on the
// CPU and needs no set-up: the calls link and do nothing, on every target.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( 7, 6, 43 )

#CSR = #sparse_tensor.encoding<{ map = (d0, d1) -> (d0 : dense, d1 : compressed), posWidth = 32, crdWidth = 32 }>

module {
  llvm.func @mgpuCreateSparseEnv()
  llvm.func @mgpuDestroySparseEnv()
  llvm.func @mgpuCreateSparseLtEnv()
  llvm.func @mgpuDestroySparseLtEnv()

  func.func @matvec(%a: tensor<3x4xf64, #CSR>, %x: tensor<4xf64>, %y: tensor<3xf64>) -> tensor<3xf64> {
    %r = linalg.matvec ins(%a, %x : tensor<3x4xf64, #CSR>, tensor<4xf64>) outs(%y : tensor<3xf64>) -> tensor<3xf64>
    return %r : tensor<3xf64>
  }

  func.func @main() {
    llvm.call @mgpuCreateSparseEnv() : () -> ()
    llvm.call @mgpuCreateSparseLtEnv() : () -> ()
    %dense = arith.constant dense<[[1.0, 0.0, 2.0, 0.0], [0.0, 3.0, 0.0, 0.0], [4.0, 0.0, 5.0, 6.0]]> : tensor<3x4xf64>
    %a = sparse_tensor.convert %dense : tensor<3x4xf64> to tensor<3x4xf64, #CSR>
    %x = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf64>
    %y = arith.constant dense<0.0> : tensor<3xf64>
    %r = call @matvec(%a, %x, %y) : (tensor<3x4xf64, #CSR>, tensor<4xf64>, tensor<3xf64>) -> tensor<3xf64>
    %c0 = arith.constant 0 : index
    %f0 = arith.constant 0.0 : f64
    %v = vector.transfer_read %r[%c0], %f0 : tensor<3xf64>, vector<3xf64>
    vector.print %v : vector<3xf64>
    bufferization.dealloc_tensor %a : tensor<3x4xf64, #CSR>
    llvm.call @mgpuDestroySparseLtEnv() : () -> ()
    llvm.call @mgpuDestroySparseEnv() : () -> ()
    return
  }
}
