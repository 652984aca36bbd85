// memref.copy between views of a thread's own arrays (a collapse_shape, a
// subview, an expand_shape) in a kernel. On Vulkan the copies' loads and
// stores went through the views, so the arrays did not become Function
// variables: "'memref.alloca' cannot be compiled for the Vulkan target".
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Thread t: 2 t (through the collapse_shape), t + 10 (a subview's second
// element), and 3 t (copied into an expand_shape of a 1-D array).
// CHECK: [0,  2,  4,  6,  10,  11,  12,  13,  0,  3,  6,  9]
module attributes {gpu.container_module} {
  func.func private @printMemrefI32(memref<*xi32>)
  gpu.module @kernels {
    gpu.func @k(%out: memref<3x4xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %a = memref.alloca() : memref<1x3xi32>
      memref.store %ti, %a[%c0, %c0] : memref<1x3xi32>
      memref.store %ti, %a[%c0, %c1] : memref<1x3xi32>
      memref.store %ti, %a[%c0, %c2] : memref<1x3xi32>
      %av = memref.collapse_shape %a [[0, 1]] : memref<1x3xi32> into memref<3xi32>
      %s = memref.alloca() : memref<3xi32>
      memref.copy %av, %s : memref<3xi32> to memref<3xi32>
      %x = memref.load %s[%c1] : memref<3xi32>
      %x2 = arith.addi %x, %x : i32
      memref.store %x2, %out[%c0, %t] : memref<3x4xi32>

      %k10 = arith.constant 10 : i32
      %t10 = arith.addi %ti, %k10 : i32
      %b = memref.alloca() : memref<2x2xi32>
      memref.store %t10, %b[%c0, %c1] : memref<2x2xi32>
      memref.store %ti, %b[%c0, %c0] : memref<2x2xi32>
      %row = memref.subview %b[0, 0] [1, 2] [1, 1]
          : memref<2x2xi32> to memref<2xi32, strided<[1]>>
      %r = memref.alloca() : memref<2xi32>
      memref.copy %row, %r : memref<2xi32, strided<[1]>> to memref<2xi32>
      %y = memref.load %r[%c1] : memref<2xi32>
      memref.store %y, %out[%c1, %t] : memref<3x4xi32>

      %k3 = arith.constant 3 : i32
      %t3 = arith.muli %ti, %k3 : i32
      %c = memref.alloca() : memref<2xi32>
      memref.store %t3, %c[%c0] : memref<2xi32>
      memref.store %t3, %c[%c1] : memref<2xi32>
      %d = memref.alloca() : memref<2xi32>
      %dv = memref.expand_shape %d [[0, 1]] output_shape [1, 2]
          : memref<2xi32> into memref<1x2xi32>
      %cv = memref.expand_shape %c [[0, 1]] output_shape [1, 2]
          : memref<2xi32> into memref<1x2xi32>
      memref.copy %cv, %dv : memref<1x2xi32> to memref<1x2xi32>
      %z = memref.load %d[%c1] : memref<2xi32>
      memref.store %z, %out[%c2, %t] : memref<3x4xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc host_shared () : memref<3x4xi32>
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%out : memref<3x4xi32>)
    %flat = memref.collapse_shape %out [[0, 1]] : memref<3x4xi32> into memref<12xi32>
    %u = memref.cast %flat : memref<12xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
