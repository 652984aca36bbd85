// linalg.transpose's `permutation` and linalg.broadcast's and
// linalg.reduce's `dimensions` that are not a list of 64-bit integers
// crash MLIR 22's parser (a null attribute is stored). mlirc finds them in
// the text first and reports each at the value: exit code 1, no stack
// dump, no output and nothing left in TMPDIR. Valid lists, here in a
// comment or the generic form, and in test/integration/host/
// linalg-named-tensor-ops.mlir, are not reported.
// RUN: rm -rf %t && mkdir -p %t/tmp && cd %t
// RUN: env TMPDIR=%t/tmp not %mlirc -c %s --offload-arch=host -o k.o 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not ls k.o
// RUN: ls -A %t/tmp | count 0
// CHECK-NOT: Stack dump

func.func @f(%a: memref<3xf32>, %b: memref<2x3xf32>, %c: memref<3x2xf32>) {
  // linalg.transpose ins(%b : memref<2x3xf32>) outs(%c : memref<3x2xf32>) permutation = 5
// CHECK: linalg-i64-array-crash.mlir:[[@LINE+1]]:87: error: 'permutation' of linalg.transpose must be a list of integers, such as [1, 0] (MLIR's parser crashes on anything else)
  linalg.transpose ins(%b : memref<2x3xf32>) outs(%c : memref<3x2xf32>) permutation = 5
// CHECK: linalg-i64-array-crash.mlir:[[@LINE+1]]:84: error: 'dimensions' of linalg.broadcast must be a list
  linalg.broadcast ins(%a : memref<3xf32>) outs(%b : memref<2x3xf32>) dimensions = [0, x]
// CHECK: linalg-i64-array-crash.mlir:[[@LINE+1]]:81: error: 'dimensions' of linalg.reduce must be a list
  linalg.reduce ins(%b : memref<2x3xf32>) outs(%a : memref<3xf32>) dimensions = [1.0]
    (%in: f32, %out: f32) {
      linalg.yield %in : f32
    }
  linalg.transpose ins(%b : memref<2x3xf32>) outs(%c : memref<3x2xf32>) permutation = [ -0x1, 99999999999999999999]
  // CHECK: [[@LINE-1]]:87: error: 'permutation' of linalg.transpose
  linalg.transpose ins(%c : memref<3x2xf32>) outs(%b : memref<2x3xf32>) permutation = [1, 0
  // CHECK: [[@LINE-1]]:87: error: 'permutation' of linalg.transpose
  "linalg.transpose"(%b, %c) <{permutation = array<i64: 1, 0>}> ({
  ^bb0(%in: f32, %out: f32):
    linalg.yield %in : f32
  }) : (memref<2x3xf32>, memref<3x2xf32>) -> ()
  linalg.broadcast ins(%a : memref<3xf32>) outs(%b : memref<2x3xf32>) dimensions = [ 0 ]
  linalg.transpose ins(%b : memref<2x3xf32>) outs(%c : memref<3x2xf32>) permutation = [true, -1]
  return
}
