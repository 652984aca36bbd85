// Kernels on memrefs of dynamic shape and layout, launched from a function
// that sees only the dynamic types: the sizes, strides and offsets the
// Vulkan target takes from the host's descriptors (its buffers carry none;
// a memref<?x?xf32> could not be indexed). A 3x4 matrix is read transposed
// into a 4x3 one within memref.dim bounds, and a strided column of a 4x4
// matrix (a subview with dynamic offset and strides) is scaled; a kernel
// reads the size of a 1-D memref (6). The function is @launch, a name the
// host runtime's own helper took.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: ( ( 0, 4, 8 ), ( 1, 5, 9 ), ( 2, 6, 10 ), ( 3, 7, 11 ) )
// CHECK-NEXT: ( ( 0, 1, 20, 3 ), ( 4, 5, 60, 7 ), ( 8, 9, 100, 11 ), ( 12, 13, 140, 15 ) )
// CHECK-NEXT: 6
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @transpose(%in: memref<?x?xf32>, %out: memref<?x?xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %i = gpu.thread_id x
      %j = gpu.thread_id y
      %rows = memref.dim %in, %c0 : memref<?x?xf32>
      %cols = memref.dim %in, %c1 : memref<?x?xf32>
      %r = arith.cmpi ult, %i, %rows : index
      %c = arith.cmpi ult, %j, %cols : index
      %in_bounds = arith.andi %r, %c : i1
      scf.if %in_bounds {
        %v = memref.load %in[%i, %j] : memref<?x?xf32>
        memref.store %v, %out[%j, %i] : memref<?x?xf32>
      }
      gpu.return
    }
    gpu.func @size(%v: memref<?xf32>, %out: memref<1xi32>) kernel {
      %c0 = arith.constant 0 : index
      %n = memref.dim %v, %c0 : memref<?xf32>
      %ni = arith.index_cast %n : index to i32
      memref.store %ni, %out[%c0] : memref<1xi32>
      gpu.return
    }
    gpu.func @scale(%col: memref<?xf32, strided<[?], offset: ?>>, %n: index) kernel {
      %i = gpu.thread_id x
      %ten = arith.constant 10.0 : f32
      %in = arith.cmpi ult, %i, %n : index
      scf.if %in {
        %v = memref.load %col[%i] : memref<?xf32, strided<[?], offset: ?>>
        %w = arith.mulf %v, %ten : f32
        memref.store %w, %col[%i] : memref<?xf32, strided<[?], offset: ?>>
      }
      gpu.return
    }
  }
  // Out of line, so that the launches see the dynamic types only.
  func.func @launch(%din: memref<?x?xf32>, %dout: memref<?x?xf32>, %dcol: memref<?xf32, strided<[?], offset: ?>>, %v: memref<?xf32>, %size: memref<1xi32>) attributes {no_inline} {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @k::@transpose blocks in (%c1, %c1, %c1) threads in (%c4, %c4, %c1)
        args(%din : memref<?x?xf32>, %dout : memref<?x?xf32>)
    gpu.launch_func @k::@scale blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1)
        args(%dcol : memref<?xf32, strided<[?], offset: ?>>, %c4 : index)
    gpu.launch_func @k::@size blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%v : memref<?xf32>, %size : memref<1xi32>)
    return
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %f0 = arith.constant 0.0 : f32
    %in = gpu.alloc host_shared () : memref<3x4xf32>
    %out = gpu.alloc host_shared () : memref<4x3xf32>
    %m = gpu.alloc host_shared () : memref<4x4xf32>
    scf.for %i = %c0 to %c4 step %c1 {
      scf.for %j = %c0 to %c4 step %c1 {
        %k = arith.muli %i, %c4 : index
        %l = arith.addi %k, %j : index
        %li = arith.index_cast %l : index to i32
        %f = arith.sitofp %li : i32 to f32
        %row3 = arith.cmpi ult, %i, %c3 : index
        scf.if %row3 {
          memref.store %f, %in[%i, %j] : memref<3x4xf32>
        }
        memref.store %f, %m[%i, %j] : memref<4x4xf32>
      }
    }
    %din = memref.cast %in : memref<3x4xf32> to memref<?x?xf32>
    %dout = memref.cast %out : memref<4x3xf32> to memref<?x?xf32>
    %col = memref.subview %m[0, %c2] [4, 1] [1, 1] : memref<4x4xf32> to memref<4xf32, strided<[4], offset: ?>>
    %dcol = memref.cast %col : memref<4xf32, strided<[4], offset: ?>> to memref<?xf32, strided<[?], offset: ?>>
    %six = gpu.alloc host_shared () : memref<6xf32>
    %v = memref.cast %six : memref<6xf32> to memref<?xf32>
    %size = gpu.alloc host_shared () : memref<1xi32>
    call @launch(%din, %dout, %dcol, %v, %size) : (memref<?x?xf32>, memref<?x?xf32>, memref<?xf32, strided<[?], offset: ?>>, memref<?xf32>, memref<1xi32>) -> ()
    %t = vector.transfer_read %out[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<4x3xf32>, vector<4x3xf32>
    vector.print %t : vector<4x3xf32>
    %s = vector.transfer_read %m[%c0, %c0], %f0 {in_bounds = [true, true]} : memref<4x4xf32>, vector<4x4xf32>
    vector.print %s : vector<4x4xf32>
    %n = memref.load %size[%c0] : memref<1xi32>
    vector.print %n : i32
    return
  }
}
