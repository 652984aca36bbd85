// A program written the way MLIR's SPIR-V CPU runner programs are: memrefs
// of memref.alloc filled by fillI32Buffer and fillF32Buffer1D/2D/3D (which
// take dynamic memrefs: the C interface, or the fields expanded when the
// declaration asks for no interface), then a kernel launched on them.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sizes = [5] strides = [1] data =
// CHECK-NEXT: [21,  21,  21,  21,  21]
// CHECK: sizes = [3] strides = [1] data =
// CHECK-NEXT: [3.5,  3.5,  3.5]
// CHECK: sizes = [2, 3] strides = [3, 1] data =
// CHECK-NEXT: {{\[}}[4.5,   4.5,   4.5],
// CHECK-NEXT:  [4.5,   4.5,   4.5]]
// CHECK: sizes = [2, 2, 2] strides = [4, 2, 1] data =
// CHECK-NEXT: {{\[}}{{\[}}[-1,    -1],
// CHECK-NEXT:   [-1,    -1]],
// CHECK: [-1,    -1]]]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @scale(%in : memref<5xi32>, %out : memref<5xi32>) kernel {
      %i = gpu.thread_id x
      %x = memref.load %in[%i] : memref<5xi32>
      %c3 = arith.constant 3 : i32
      %y = arith.muli %x, %c3 : i32
      memref.store %y, %out[%i] : memref<5xi32>
      gpu.return
    }
  }
  func.func @main() {
    %in = memref.alloc() : memref<5xi32>
    %out = memref.alloc() : memref<5xi32>
    %seven = arith.constant 7 : i32
    %zero = arith.constant 0 : i32
    %in_dyn = memref.cast %in : memref<5xi32> to memref<?xi32>
    %out_dyn = memref.cast %out : memref<5xi32> to memref<?xi32>
    call @fillI32Buffer(%in_dyn, %seven) : (memref<?xi32>, i32) -> ()
    call @fillI32Buffer(%out_dyn, %zero) : (memref<?xi32>, i32) -> ()
    %one = arith.constant 1 : index
    %five = arith.constant 5 : index
    gpu.launch_func @kernels::@scale blocks in (%one, %one, %one)
        threads in (%five, %one, %one)
        args(%in : memref<5xi32>, %out : memref<5xi32>)
    %out_u = memref.cast %out : memref<5xi32> to memref<*xi32>
    call @printMemrefI32(%out_u) : (memref<*xi32>) -> ()

    %a = memref.alloc() : memref<3xf32>
    %a_dyn = memref.cast %a : memref<3xf32> to memref<?xf32>
    %f1 = arith.constant 3.5 : f32
    call @fillF32Buffer1D(%a_dyn, %f1) : (memref<?xf32>, f32) -> ()
    %a_u = memref.cast %a : memref<3xf32> to memref<*xf32>
    call @printMemrefF32(%a_u) : (memref<*xf32>) -> ()

    %b = memref.alloc() : memref<2x3xf32>
    %b_dyn = memref.cast %b : memref<2x3xf32> to memref<?x?xf32>
    %f2 = arith.constant 4.5 : f32
    call @fillF32Buffer2D(%b_dyn, %f2) : (memref<?x?xf32>, f32) -> ()
    %b_u = memref.cast %b : memref<2x3xf32> to memref<*xf32>
    call @printMemrefF32(%b_u) : (memref<*xf32>) -> ()

    %c = memref.alloc() : memref<2x2x2xf32>
    %c_dyn = memref.cast %c : memref<2x2x2xf32> to memref<?x?x?xf32>
    %f3 = arith.constant -1.0 : f32
    call @fillF32Buffer3D(%c_dyn, %f3) : (memref<?x?x?xf32>, f32) -> ()
    %c_u = memref.cast %c : memref<2x2x2xf32> to memref<*xf32>
    call @printMemrefF32(%c_u) : (memref<*xf32>) -> ()
    memref.dealloc %in : memref<5xi32>
    memref.dealloc %out : memref<5xi32>
    memref.dealloc %a : memref<3xf32>
    memref.dealloc %b : memref<2x3xf32>
    memref.dealloc %c : memref<2x2x2xf32>
    return
  }
  func.func private @fillI32Buffer(memref<?xi32>, i32) attributes {llvm.emit_c_interface}
  func.func private @fillF32Buffer1D(memref<?xf32>, f32)
  func.func private @fillF32Buffer2D(memref<?x?xf32>, f32) attributes {llvm.emit_c_interface}
  func.func private @fillF32Buffer3D(memref<?x?x?xf32>, f32)
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefF32(memref<*xf32>)
}
