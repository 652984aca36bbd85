// memref.reshape in kernels, its shape in memory: @dynamic reshapes a
// dynamic 1-D buffer to ?x? with the shape a host buffer of index
// elements holds, and reads it column by column; @private holds the shape
// in the thread's own memory (memref<2xindex>, stored right after its
// allocation) and reshapes to a static 4x3; @narrow takes an i32 shape
// and three dims; host code reshapes with an i32 shape too (MLIR 22's
// LLVM lowering used the i32 sizes as index, an internal compiler error
// on every target), also to unranked memrefs (MLIR 22 crashed on a shape
// of static length, and read one of dynamic length as 64-bit sizes:
// [17179869187, 4] for 3 and 4). On Vulkan (which has no reshape) each is a
// reinterpret_cast of the buffer with the sizes loaded from the shape and
// row-major strides, which the accesses fold; the index memory is then
// only loaded and stored (on Vulkan an index allocation followed at once
// by its store crashed the conversion).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0,  4,  8,  1,  5,  9,  2,  6,  10,  3,  7,  11]
// CHECK: [0,  3,  6,  9,  1,  4,  7,  10,  2,  5,  8,  11]
// CHECK: [0,  6,  1,  7,  2,  8,  3,  9,  4,  10,  5,  11]
// CHECK-NEXT: 9
// CHECK-COUNT-2: rank = 2 offset = 0 sizes = [6, 2] strides = [2, 1]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @dynamic(%buf: memref<?xf32>, %shape: memref<2xindex>,
                      %out: memref<?xf32>) kernel {
      %t = gpu.thread_id x
      %r = memref.reshape %buf(%shape)
          : (memref<?xf32>, memref<2xindex>) -> memref<?x?xf32>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %rows = memref.dim %r, %c0 : memref<?x?xf32>
      %col = arith.divui %t, %rows : index
      %row = arith.remui %t, %rows : index
      %v = memref.load %r[%row, %col] : memref<?x?xf32>
      memref.store %v, %out[%t] : memref<?xf32>
      gpu.return
    }
    gpu.func @private(%buf: memref<12xf32>, %out: memref<12xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c4 = arith.constant 4 : index
      %shape = memref.alloca() : memref<2xindex>
      memref.store %c4, %shape[%c0] : memref<2xindex>
      memref.store %c3, %shape[%c1] : memref<2xindex>
      %r = memref.reshape %buf(%shape)
          : (memref<12xf32>, memref<2xindex>) -> memref<4x3xf32>
      %col = arith.divui %t, %c4 : index
      %row = arith.remui %t, %c4 : index
      %v = memref.load %r[%row, %col] : memref<4x3xf32>
      memref.store %v, %out[%t] : memref<12xf32>
      gpu.return
    }
    gpu.func @narrow(%buf: memref<12xf32>, %out: memref<12xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c6 = arith.constant 6 : index
      %two = arith.constant 2 : i32
      %six = arith.constant 6 : i32
      %one = arith.constant 1 : i32
      %shape = memref.alloca() : memref<3xi32>
      memref.store %two, %shape[%c0] : memref<3xi32>
      memref.store %six, %shape[%c1] : memref<3xi32>
      memref.store %one, %shape[%c2] : memref<3xi32>
      %r = memref.reshape %buf(%shape)
          : (memref<12xf32>, memref<3xi32>) -> memref<?x?x?xf32>
      // Transposed: element t is r[t % 2, t / 2, 0].
      %i = arith.remui %t, %c2 : index
      %j = arith.divui %t, %c2 : index
      %v = memref.load %r[%i, %j, %c0] : memref<?x?x?xf32>
      memref.store %v, %out[%t] : memref<12xf32>
      gpu.return
    }
  }

  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %buf = memref.alloc(%c12) : memref<?xf32>
    %out = memref.alloc(%c12) : memref<?xf32>
    scf.for %i = %c0 to %c12 step %c1 {
      %ii = arith.index_cast %i : index to i32
      %f = arith.sitofp %ii : i32 to f32
      memref.store %f, %buf[%i] : memref<?xf32>
    }
    %shape = memref.alloc() : memref<2xindex>
    memref.store %c3, %shape[%c0] : memref<2xindex>
    memref.store %c4, %shape[%c1] : memref<2xindex>
    gpu.launch_func @k::@dynamic blocks in (%c1, %c1, %c1)
        threads in (%c12, %c1, %c1)
        args(%buf : memref<?xf32>, %shape : memref<2xindex>, %out : memref<?xf32>)
    %u = memref.cast %out : memref<?xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    %sbuf = memref.cast %buf : memref<?xf32> to memref<12xf32>
    %sout = memref.cast %out : memref<?xf32> to memref<12xf32>
    gpu.launch_func @k::@private blocks in (%c1, %c1, %c1)
        threads in (%c12, %c1, %c1)
        args(%sbuf : memref<12xf32>, %sout : memref<12xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    gpu.launch_func @k::@narrow blocks in (%c1, %c1, %c1)
        threads in (%c12, %c1, %c1)
        args(%sbuf : memref<12xf32>, %sout : memref<12xf32>)
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()

    // Host code, an i32 shape: 6x2, element [4, 1] is 9.
    %hshape = memref.alloca() : memref<2xi32>
    %six = arith.constant 6 : i32
    %two = arith.constant 2 : i32
    memref.store %six, %hshape[%c0] : memref<2xi32>
    memref.store %two, %hshape[%c1] : memref<2xi32>
    %h = memref.reshape %buf(%hshape)
        : (memref<?xf32>, memref<2xi32>) -> memref<?x?xf32>
    %v = memref.load %h[%c4, %c1] : memref<?x?xf32>
    vector.print %v : f32
    // To an unranked memref, from an i32 shape of static and of dynamic
    // length (MLIR 22 read two i32 sizes as one 64-bit size).
    %uh = memref.reshape %buf(%hshape)
        : (memref<?xf32>, memref<2xi32>) -> memref<*xf32>
    call @printMemrefF32(%uh) : (memref<*xf32>) -> ()
    %dshape = memref.cast %hshape : memref<2xi32> to memref<?xi32>
    %ud = memref.reshape %buf(%dshape)
        : (memref<?xf32>, memref<?xi32>) -> memref<*xf32>
    call @printMemrefF32(%ud) : (memref<*xf32>) -> ()
    return
  }
}
