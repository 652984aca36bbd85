// linalg.softmax on tensors (as torch-mlir emits it) is decomposed into
// the max, exp, sum and division it stands for before bufferizing; it
// reached the LLVM lowering as it was, which has no rule for it. Static
// and dynamic shapes, along either dimension. On memrefs (where MLIR's
// decomposition makes ops of mixed semantics) it is the same op on
// tensors of them, written back into the output: into another buffer,
// in place, and in a kernel. Under -ffast-math too: the flags that make
// infinities undefined go to the input's ops only, not to the maximum that
// the decomposition starts from -inf (which printed NaN).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=%offload_arch -ffast-math -o %t.fast && %t.fast | FileCheck %s
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.0900306, 0.244728, 0.665241],
// CHECK-NEXT: [0.333333, 0.333333, 0.333333]]
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.731059, 0.880797, 0.952574],
// CHECK-NEXT: [0.268941, 0.119203, 0.0474259]]
// CHECK: sizes = [1, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.0900306, 0.244728, 0.665241]]
// CHECK: sizes = [1, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}1, 1, 1]]
// CHECK: sizes = [1, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[\[}}0.0900306, 0.244728, 0.665241]]
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
  call @on_memrefs() : () -> ()
  return
}

func.func @softmax_rows(%in: memref<?x?xf32>, %out: memref<?x?xf32>) {
  linalg.softmax dimension(1) ins(%in : memref<?x?xf32>) outs(%out : memref<?x?xf32>)
  return
}

func.func @on_memrefs() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %three = arith.constant 3.0 : f32
  %a = gpu.alloc host_shared () : memref<1x3xf32>
  %b = gpu.alloc host_shared () : memref<1x3xf32>
  memref.store %one, %a[%c0, %c0] : memref<1x3xf32>
  memref.store %two, %a[%c0, %c1] : memref<1x3xf32>
  memref.store %three, %a[%c0, %c2] : memref<1x3xf32>
  %ad = memref.cast %a : memref<1x3xf32> to memref<?x?xf32>
  %bd = memref.cast %b : memref<1x3xf32> to memref<?x?xf32>
  call @softmax_rows(%ad, %bd) : (memref<?x?xf32>, memref<?x?xf32>) -> ()
  %ub = memref.cast %b : memref<1x3xf32> to memref<*xf32>
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  // In place, along the unit dimension: every element becomes 1.
  linalg.softmax dimension(0) ins(%b : memref<1x3xf32>) outs(%b : memref<1x3xf32>)
  call @printMemrefF32(%ub) : (memref<*xf32>) -> ()
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
    linalg.softmax dimension(1) ins(%a : memref<1x3xf32>) outs(%a : memref<1x3xf32>)
    gpu.terminator
  }
  %ua = memref.cast %a : memref<1x3xf32> to memref<*xf32>
  call @printMemrefF32(%ua) : (memref<*xf32>) -> ()
  gpu.dealloc %a : memref<1x3xf32>
  gpu.dealloc %b : memref<1x3xf32>
  return
}
