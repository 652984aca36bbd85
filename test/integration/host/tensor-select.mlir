// arith.select of whole tensors by one i1 picks one of them, whatever
// their sizes: it was made a select per element, shaped as the first
// tensor, and printed [10, 20] for the second tensor [10, 20, 30] (and
// failed to compile where constants showed the sizes differ). A select
// by a tensor of i1 still picks element by element.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// RUN: %mlirc %s --offload-arch=host -fsanitize=address -o %t.asan && %t.asan | FileCheck %s
// CHECK: sizes = [2]
// CHECK-NEXT: [1,  2]
// CHECK: sizes = [3]
// CHECK-NEXT: [10,  20,  30]
// CHECK: sizes = [3]
// CHECK-NEXT: [10,  2,  30]
// CHECK: sizes = [2]
// CHECK-NEXT: [1,  2]

func.func private @printMemrefF32(tensor<*xf32>)

func.func @print(%t: tensor<?xf32>) {
  %u = tensor.cast %t : tensor<?xf32> to tensor<*xf32>
  call @printMemrefF32(%u) : (tensor<*xf32>) -> ()
  return
}

func.func @pick(%c: i1, %a: tensor<?xf32>, %b: tensor<?xf32>) -> tensor<?xf32> {
  %r = arith.select %c, %a, %b : tensor<?xf32>
  return %r : tensor<?xf32>
}

func.func @main() {
  %a = arith.constant dense<[1.0, 2.0]> : tensor<2xf32>
  %b = arith.constant dense<[10.0, 20.0, 30.0]> : tensor<3xf32>
  %ad = tensor.cast %a : tensor<2xf32> to tensor<?xf32>
  %bd = tensor.cast %b : tensor<3xf32> to tensor<?xf32>
  %true = arith.constant true
  %false = arith.constant false
  %x = call @pick(%true, %ad, %bd) : (i1, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  call @print(%x) : (tensor<?xf32>) -> ()
  %y = call @pick(%false, %ad, %bd) : (i1, tensor<?xf32>, tensor<?xf32>) -> tensor<?xf32>
  call @print(%y) : (tensor<?xf32>) -> ()

  // Per element, by a mask.
  %mask = arith.constant dense<[true, false, true]> : tensor<3xi1>
  %c = arith.constant dense<[1.0, 2.0, 3.0]> : tensor<3xf32>
  %m = arith.select %mask, %b, %c : tensor<3xi1>, tensor<3xf32>
  %md = tensor.cast %m : tensor<3xf32> to tensor<?xf32>
  call @print(%md) : (tensor<?xf32>) -> ()

  // Sizes known here: the whole tensor is still picked.
  %z = arith.select %true, %ad, %bd : tensor<?xf32>
  call @print(%z) : (tensor<?xf32>) -> ()
  return
}
