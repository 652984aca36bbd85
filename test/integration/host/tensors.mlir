// A program written on tensors: linalg on tensors across a function call,
// elementwise arith and math on tensors, tensor.insert on a tensor that is
// still read afterwards (so bufferization copies it), loops carrying
// tensors, tensor.generate, pad, collapse/expand_shape, from_elements,
// extract_slice/insert_slice, and tensors inside a kernel. mlirc
// bufferizes it (one-shot, across function boundaries) and deallocates
// what bufferization allocated: LeakSanitizer finds nothing.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host -fsanitize=address -o %t.asan && %t.asan | FileCheck %s

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?x?xf32>) {
  %u = tensor.cast %t : tensor<?x?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

// C = A * B + 1, on tensors of any size.
func.func @matmul_plus_one(%a: tensor<?x?xf32>, %b: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %zero = arith.constant 0.0 : f32
  %one = arith.constant 1.0 : f32
  %m = tensor.dim %a, %c0 : tensor<?x?xf32>
  %n = tensor.dim %b, %c1 : tensor<?x?xf32>
  %e = tensor.empty(%m, %n) : tensor<?x?xf32>
  %z = linalg.fill ins(%zero : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %p = linalg.matmul ins(%a, %b : tensor<?x?xf32>, tensor<?x?xf32>) outs(%z : tensor<?x?xf32>) -> tensor<?x?xf32>
  %ones = linalg.fill ins(%one : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  %r = arith.addf %p, %ones : tensor<?x?xf32>
  return %r : tensor<?x?xf32>
}

func.func @main() {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %half = arith.constant 0.5 : f32
  %seven = arith.constant 7.0 : f32

  // A[i][j] = i + j (2x3), B = 2 (3x2).
  %a0 = tensor.generate %c2, %c3 {
  ^bb0(%i: index, %j: index):
    %s = arith.addi %i, %j : index
    %si = arith.index_cast %s : index to i32
    %f = arith.sitofp %si : i32 to f32
    tensor.yield %f : f32
  } : tensor<?x?xf32>
  %b0 = arith.constant dense<2.0> : tensor<3x2xf32>
  %b = tensor.cast %b0 : tensor<3x2xf32> to tensor<?x?xf32>
  %c = call @matmul_plus_one(%a0, %b) : (tensor<?x?xf32>, tensor<?x?xf32>) -> tensor<?x?xf32>
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: [7,   7],
  // CHECK-NEXT: [13,   13]]
  call @print(%c) : (tensor<?x?xf32>) -> ()

  // %d is %c with one element changed; %c is printed again after, so the
  // insert goes to a copy.
  %d = tensor.insert %seven into %c[%c1, %c0] : tensor<?x?xf32>
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: [7,   7],
  // CHECK-NEXT: [7,   13]]
  call @print(%d) : (tensor<?x?xf32>) -> ()
  // CHECK: sizes = [2, 2]
  // CHECK-NEXT: [7,   7],
  // CHECK-NEXT: [13,   13]]
  call @print(%c) : (tensor<?x?xf32>) -> ()

  // sqrt(x * 0.5 + 0.5) on each element, a loop scaling row 0 by 2 three
  // times, then the slice written back into a bigger padded tensor.
  %halves = tensor.splat %half : tensor<2x2xf32>
  %cs = tensor.cast %c : tensor<?x?xf32> to tensor<2x2xf32>
  %x = arith.mulf %cs, %halves : tensor<2x2xf32>
  %y = arith.addf %x, %halves : tensor<2x2xf32>
  %s = math.sqrt %y : tensor<2x2xf32>
  %looped = scf.for %i = %c0 to %c3 step %c1 iter_args(%t = %s) -> tensor<2x2xf32> {
    %row = tensor.extract_slice %t[0, 0] [1, 2] [1, 1] : tensor<2x2xf32> to tensor<1x2xf32>
    %twice = arith.addf %row, %row : tensor<1x2xf32>
    %next = tensor.insert_slice %twice into %t[0, 0] [1, 2] [1, 1] : tensor<1x2xf32> into tensor<2x2xf32>
    scf.yield %next : tensor<2x2xf32>
  }
  %padded = tensor.pad %looped low[1, 0] high[0, 1] {
  ^bb0(%i: index, %j: index):
    tensor.yield %half : f32
  } : tensor<2x2xf32> to tensor<3x3xf32>
  %pd = tensor.cast %padded : tensor<3x3xf32> to tensor<?x?xf32>
  // CHECK: sizes = [3, 3]
  // CHECK-NEXT: [0.5,   0.5,   0.5],
  // CHECK-NEXT: [16,   16,   0.5],
  // CHECK-NEXT: [2.64575,   2.64575,   0.5]]
  call @print(%pd) : (tensor<?x?xf32>) -> ()

  // Reshapes and elements.
  %flat = tensor.collapse_shape %padded [[0, 1]] : tensor<3x3xf32> into tensor<9xf32>
  %pair = tensor.from_elements %seven, %half : tensor<2xf32>
  %grid = tensor.expand_shape %pair [[0, 1]] output_shape [1, 2] : tensor<2xf32> into tensor<1x2xf32>
  %v = tensor.extract %flat[%c3] : tensor<9xf32>
  %fixed = tensor.insert %v into %grid[%c0, %c1] : tensor<1x2xf32>
  %fd = tensor.cast %fixed : tensor<1x2xf32> to tensor<?x?xf32>
  // CHECK: sizes = [1, 2]
  // CHECK-NEXT: [7,   16]]
  call @print(%fd) : (tensor<?x?xf32>) -> ()

  // Tensors inside a kernel: each thread squares a row of its own (on the
  // stack) and writes it to the output.
  %out = gpu.alloc host_shared () : memref<2x3xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c2, %sy = %c1, %sz = %c1) {
    %ti = arith.index_cast %tx : index to i32
    %tf = arith.sitofp %ti : i32 to f32
    %e = tensor.empty() : tensor<3xf32>
    %filled = linalg.fill ins(%tf : f32) outs(%e : tensor<3xf32>) -> tensor<3xf32>
    %bumped = tensor.insert %seven into %filled[%c2] : tensor<3xf32>
    %sq = arith.mulf %bumped, %bumped : tensor<3xf32>
    %dest = memref.subview %out[%tx, 0] [1, 3] [1, 1] : memref<2x3xf32> to memref<3xf32, strided<[1], offset: ?>>
    bufferization.materialize_in_destination %sq in writable %dest : (tensor<3xf32>, memref<3xf32, strided<[1], offset: ?>>) -> ()
    gpu.terminator
  }
  %ot = bufferization.to_tensor %out restrict : memref<2x3xf32> to tensor<2x3xf32>
  %od = tensor.cast %ot : tensor<2x3xf32> to tensor<?x?xf32>
  // CHECK: sizes = [2, 3]
  // CHECK-NEXT: [0,   0,   49],
  // CHECK-NEXT: [1,   1,   49]]
  call @print(%od) : (tensor<?x?xf32>) -> ()
  gpu.dealloc %out : memref<2x3xf32>
  return
}
