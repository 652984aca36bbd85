// Loops on tensors in gpu.func kernels and in device functions that make a
// new tensor each trip: one inserts into the tensor the loop started from
// (not the one it carries), one builds a rotated tensor with
// tensor.from_elements. Both were errors at the loop's yield ("Yield
// operand #0 is not equivalent to the corresponding iter bbArg"); they now
// keep the buffer they start with, as in a gpu.launch body. The second, and
// a loop on memrefs that starts from the kernel's argument and yields a new
// private array each trip, start from a copy of the argument (on Vulkan
// they were errors: "choosing a buffer at run time").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Thread t runs t + 1 trips of a[0] = in[i]: row t is [t + 1, 2, 3, 4].
// CHECK:      [1,   2,   3,   4],
// CHECK-NEXT: [2,   2,   3,   4],
// CHECK-NEXT: [3,   2,   3,   4],
// CHECK-NEXT: [4,   2,   3,   4]]
// Thread t rotates [1, 2, 3, 4] left t times.
// CHECK:      [1,   2,   3,   4],
// CHECK-NEXT: [2,   3,   4,   1],
// CHECK-NEXT: [3,   4,   1,   2],
// CHECK-NEXT: [4,   1,   2,   3]]
// Thread t adds 1 to each element t times; the argument stays as it was.
// CHECK:      [1,   2,   3,   4],
// CHECK-NEXT: [2,   3,   4,   5],
// CHECK-NEXT: [3,   4,   5,   6],
// CHECK-NEXT: [4,   5,   6,   7]]
// CHECK:      [1,  2,  3,  4]
module attributes {gpu.container_module} {
  func.func private @printMemrefF32(memref<*xf32>)
  gpu.module @k {
    gpu.func @first_of_each(%in: memref<4xf32>, %out: memref<4x4xf32>) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %n = arith.addi %tx, %c1 : index
      %t = bufferization.to_tensor %in restrict : memref<4xf32> to tensor<4xf32>
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%a = %t) -> tensor<4xf32> {
        %v = tensor.extract %a[%i] : tensor<4xf32>
        %m = tensor.insert %v into %t[%c0] : tensor<4xf32>
        scf.yield %m : tensor<4xf32>
      }
      %row = memref.subview %out[%tx, 0] [1, 4] [1, 1]
          : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      bufferization.materialize_in_destination %r in writable %row
          : (tensor<4xf32>, memref<4xf32, strided<[1], offset: ?>>) -> ()
      gpu.return
    }

    func.func @rotate_by(%t: tensor<4xf32>, %k: index) -> tensor<4xf32> {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %r = scf.for %i = %c0 to %k step %c1 iter_args(%a = %t) -> tensor<4xf32> {
        %x0 = tensor.extract %a[%c0] : tensor<4xf32>
        %x1 = tensor.extract %a[%c1] : tensor<4xf32>
        %x2 = tensor.extract %a[%c2] : tensor<4xf32>
        %x3 = tensor.extract %a[%c3] : tensor<4xf32>
        %b = tensor.from_elements %x1, %x2, %x3, %x0 : tensor<4xf32>
        scf.yield %b : tensor<4xf32>
      }
      return %r : tensor<4xf32>
    }

    gpu.func @rotate_rows(%in: memref<4xf32>, %out: memref<4x4xf32>) kernel {
      %tx = gpu.thread_id x
      %t = bufferization.to_tensor %in restrict : memref<4xf32> to tensor<4xf32>
      %r = func.call @rotate_by(%t, %tx) : (tensor<4xf32>, index) -> tensor<4xf32>
      %row = memref.subview %out[%tx, 0] [1, 4] [1, 1]
          : memref<4x4xf32> to memref<4xf32, strided<[1], offset: ?>>
      bufferization.materialize_in_destination %r in writable %row
          : (tensor<4xf32>, memref<4xf32, strided<[1], offset: ?>>) -> ()
      gpu.return
    }

    gpu.func @add_rows(%in: memref<4xf32>, %out: memref<4x4xf32>) kernel {
      %tx = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %f1 = arith.constant 1.0 : f32
      %r = scf.for %i = %c0 to %tx step %c1 iter_args(%a = %in) -> memref<4xf32> {
        %n = memref.alloca() : memref<4xf32>
        scf.for %j = %c0 to %c4 step %c1 {
          %x = memref.load %a[%j] : memref<4xf32>
          %y = arith.addf %x, %f1 : f32
          memref.store %y, %n[%j] : memref<4xf32>
        }
        scf.yield %n : memref<4xf32>
      }
      scf.for %j = %c0 to %c4 step %c1 {
        %x = memref.load %r[%j] : memref<4xf32>
        memref.store %x, %out[%tx, %j] : memref<4x4xf32>
      }
      gpu.return
    }
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %f1 = arith.constant 1.0 : f32
    %f2 = arith.constant 2.0 : f32
    %f3 = arith.constant 3.0 : f32
    %f4 = arith.constant 4.0 : f32
    %in = gpu.alloc host_shared () : memref<4xf32>
    memref.store %f1, %in[%c0] : memref<4xf32>
    memref.store %f2, %in[%c1] : memref<4xf32>
    memref.store %f3, %in[%c2] : memref<4xf32>
    memref.store %f4, %in[%c3] : memref<4xf32>
    %out = gpu.alloc host_shared () : memref<4x4xf32>
    %u = memref.cast %out : memref<4x4xf32> to memref<*xf32>
    gpu.launch_func @k::@first_of_each blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%in : memref<4xf32>, %out : memref<4x4xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.launch_func @k::@rotate_rows blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%in : memref<4xf32>, %out : memref<4x4xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    gpu.launch_func @k::@add_rows blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%in : memref<4xf32>, %out : memref<4x4xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    %v = memref.cast %in : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%v) : (memref<*xf32>) -> ()
    return
  }
}
