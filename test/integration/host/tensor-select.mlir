// arith.select of whole tensors by one i1 picks one of them, whatever
// their sizes: it was made a select per element, shaped as the first
// tensor, and printed [10, 20] for the second tensor [10, 20, 30] (and
// failed to compile where constants showed the sizes differ). A select
// by a tensor of i1 still picks element by element, and so does a select
// of tensors of one static shape (in a kernel too, where choosing a buffer
// at run time is an error on Vulkan).
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
// CHECK: ( 1, 20, 3, 40 )

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

  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %zero = arith.constant 0.0 : f32
  %out = gpu.alloc host_shared () : memref<4xf32>
  gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
             threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
    %small = arith.constant dense<[1.0, 2.0, 3.0, 4.0]> : tensor<4xf32>
    %large = arith.constant dense<[10.0, 20.0, 30.0, 40.0]> : tensor<4xf32>
    %i = arith.index_cast %tx : index to i32
    %two = arith.constant 2 : i32
    %r = arith.remsi %i, %two : i32
    %z0 = arith.constant 0 : i32
    %even = arith.cmpi eq, %r, %z0 : i32
    %s = arith.select %even, %small, %large : tensor<4xf32>
    %e = tensor.extract %s[%tx] : tensor<4xf32>
    memref.store %e, %out[%tx] : memref<4xf32>
    gpu.terminator
  }
  %v = vector.transfer_read %out[%c0], %zero : memref<4xf32>, vector<4xf32>
  vector.print %v : vector<4xf32>
  gpu.dealloc %out : memref<4xf32>
  return
}
