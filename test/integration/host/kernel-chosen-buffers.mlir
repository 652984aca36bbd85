// Buffers chosen at run time in kernels: an scf.if on tensors whose
// branches yield different tensors (one made before the branch, one a
// constant), an arith.select of two tensors, and an arith.select of two
// private arrays, also written through. Vulkan has no variable pointers
// and rejected each ("choosing a buffer at run time"); such a choice is
// now a copy of the buffer chosen, where that reads the same.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Thread t: row t + [0, 1, 2, 3] where t is odd, else the constant
// [9, 8, 7, 6] with 77 in place of 7 for thread 2; then the other tensor of
// the select (odd threads take the constant); then 10 t or 100, and one
// more, written through the choice and read back.
// CHECK:      [9,   8,   7,   6,   0,   1,   2,   3,   100,   101],
// CHECK-NEXT: [1,   2,   3,   4,   9,   8,   7,   6,   10,   11],
// CHECK-NEXT: [9,   8,   77,   6,   2,   3,   4,   5,   100,   101],
// CHECK-NEXT: [3,   4,   5,   6,   9,   8,   7,   6,   30,   31]]
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<4x10xi32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c8 = arith.constant 8 : index
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %k77 = arith.constant 77 : i32
      %k100 = arith.constant 100 : i32
      %t = arith.index_cast %tx : index to i32
      %row = tensor.generate {
      ^bb0(%i: index):
        %ii = arith.index_cast %i : index to i32
        %v = arith.addi %ii, %t : i32
        tensor.yield %v : i32
      } : tensor<4xi32>
      %fixed = arith.constant dense<[9, 8, 7, 6]> : tensor<4xi32>
      %parity = arith.remui %t, %two : i32
      %odd = arith.cmpi eq, %parity, %one : i32
      %is2 = arith.cmpi eq, %tx, %c2 : index
      %chosen = scf.if %odd -> tensor<4xi32> {
        scf.yield %row : tensor<4xi32>
      } else {
        %r = scf.if %is2 -> tensor<4xi32> {
          %m = tensor.insert %k77 into %fixed[%c2] : tensor<4xi32>
          scf.yield %m : tensor<4xi32>
        } else {
          scf.yield %fixed : tensor<4xi32>
        }
        scf.yield %r : tensor<4xi32>
      }
      %other = arith.select %odd, %fixed, %row : tensor<4xi32>
      %first = memref.subview %out[%tx, 0] [1, 4] [1, 1]
          : memref<4x10xi32> to memref<4xi32, strided<[1], offset: ?>>
      bufferization.materialize_in_destination %chosen in writable %first
          : (tensor<4xi32>, memref<4xi32, strided<[1], offset: ?>>) -> ()
      %second = memref.subview %out[%tx, 4] [1, 4] [1, 1]
          : memref<4x10xi32> to memref<4xi32, strided<[1], offset: ?>>
      bufferization.materialize_in_destination %other in writable %second
          : (tensor<4xi32>, memref<4xi32, strided<[1], offset: ?>>) -> ()

      %a = memref.alloca() : memref<1xi32>
      %b = memref.alloca() : memref<1xi32>
      %k10 = arith.constant 10 : i32
      %t10 = arith.muli %t, %k10 : i32
      memref.store %t10, %a[%c0] : memref<1xi32>
      memref.store %k100, %b[%c0] : memref<1xi32>
      %s = arith.select %odd, %a, %b : memref<1xi32>
      %x = memref.load %s[%c0] : memref<1xi32>
      memref.store %x, %out[%tx, %c8] : memref<4x10xi32>
      %next = arith.addi %x, %one : i32
      memref.store %next, %s[%c0] : memref<1xi32>
      %c9 = arith.constant 9 : index
      %x1 = memref.load %s[%c0] : memref<1xi32>
      memref.store %x1, %out[%tx, %c9] : memref<4x10xi32>
      gpu.terminator
    }
    %u = memref.cast %out : memref<4x10xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
