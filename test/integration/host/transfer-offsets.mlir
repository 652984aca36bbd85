// gpu.memcpy and gpu.memset start where each memref starts: at the offset
// of a subview, static or dynamic, on either side, and for rows of a 2-D
// buffer (a contiguous subview). MLIR's gpu-to-llvm copied from and to the
// start of the whole buffer: a copy into the second half of a buffer wrote
// its first half, and a copy from a subview had no lowering at all.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

module attributes {gpu.container_module} {
  gpu.module @kernels {
    // Each element i becomes 10 * i + 1.
    gpu.func @number(%data: memref<?xi32>) kernel {
      %i = gpu.thread_id x
      %ii = arith.index_cast %i : index to i32
      %ten = arith.constant 10 : i32
      %one = arith.constant 1 : i32
      %t = arith.muli %ii, %ten : i32
      %v = arith.addi %t, %one : i32
      memref.store %v, %data[%i] : memref<?xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @show(%m: memref<?xi32>) {
    %u = memref.cast %m : memref<?xi32> to memref<*xi32>
    func.call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %zero = arith.constant 0 : i32
    %device = gpu.alloc (%c8) : memref<?xi32>
    gpu.launch_func @kernels::@number blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1) args(%device : memref<?xi32>)

    // A whole device buffer into host [4, 8): the copy wrote host [0, 4).
    // CHECK: [0,  0,  0,  0,  1,  11,  21,  31]
    %four = gpu.alloc (%c4) : memref<?xi32>
    gpu.launch_func @kernels::@number blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%four : memref<?xi32>)
    %back = memref.alloc(%c8) : memref<?xi32>
    linalg.fill ins(%zero : i32) outs(%back : memref<?xi32>)
    %half = memref.subview %back[%c4] [%c4] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    gpu.memcpy %half, %four : memref<?xi32, strided<[1], offset: ?>>, memref<?xi32>
    func.call @show(%back) : (memref<?xi32>) -> ()
    gpu.dealloc %four : memref<?xi32>
    memref.dealloc %back : memref<?xi32>

    // Device [4, 8) into host [2, 6): a dynamic offset on both sides.
    // CHECK: [0,  0,  41,  51,  61,  71,  0,  0]
    %host = memref.alloc(%c8) : memref<?xi32>
    linalg.fill ins(%zero : i32) outs(%host : memref<?xi32>)
    %from = memref.subview %device[%c4] [%c4] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    %to = memref.subview %host[%c2] [%c4] [1] : memref<?xi32> to memref<?xi32, strided<[1], offset: ?>>
    gpu.memcpy %to, %from : memref<?xi32, strided<[1], offset: ?>>, memref<?xi32, strided<[1], offset: ?>>
    func.call @show(%host) : (memref<?xi32>) -> ()

    // Host into the device's second half, at a static offset, back whole.
    // CHECK: [1,  11,  21,  31,  0,  41,  51,  61]
    %tail = memref.subview %device[4] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: 4>>
    %part = memref.subview %host[1] [4] [1] : memref<?xi32> to memref<4xi32, strided<[1], offset: 1>>
    gpu.memcpy %tail, %part : memref<4xi32, strided<[1], offset: 4>>, memref<4xi32, strided<[1], offset: 1>>
    gpu.memcpy %host, %device : memref<?xi32>, memref<?xi32>
    func.call @show(%host) : (memref<?xi32>) -> ()

    // A memset of the device's middle.
    // CHECK: [1,  11,  7,  7,  7,  41,  51,  61]
    %seven = arith.constant 7 : i32
    %middle = memref.subview %device[%c2] [3] [1] : memref<?xi32> to memref<3xi32, strided<[1], offset: ?>>
    gpu.memset %middle, %seven : memref<3xi32, strided<[1], offset: ?>>, i32
    gpu.memcpy %host, %device : memref<?xi32>, memref<?xi32>
    func.call @show(%host) : (memref<?xi32>) -> ()

    // Rows 1 and 2 of a 4x2 buffer, a contiguous 2-D subview.
    // CHECK: [7,  7,  7,  41]
    %grid = gpu.alloc () : memref<4x2xi32>
    %flat = memref.collapse_shape %grid [[0, 1]] : memref<4x2xi32> into memref<8xi32>
    %dflat = memref.cast %device : memref<?xi32> to memref<8xi32>
    gpu.memcpy %flat, %dflat : memref<8xi32>, memref<8xi32>
    %rows = memref.subview %grid[1, 0] [2, 2] [1, 1] : memref<4x2xi32> to memref<2x2xi32, strided<[2, 1], offset: 2>>
    %got = memref.alloc() : memref<2x2xi32>
    gpu.memcpy %got, %rows : memref<2x2xi32>, memref<2x2xi32, strided<[2, 1], offset: 2>>
    %gotflat = memref.collapse_shape %got [[0, 1]] : memref<2x2xi32> into memref<4xi32>
    %gotdyn = memref.cast %gotflat : memref<4xi32> to memref<?xi32>
    func.call @show(%gotdyn) : (memref<?xi32>) -> ()

    gpu.dealloc %grid : memref<4x2xi32>
    gpu.dealloc %device : memref<?xi32>
    memref.dealloc %host : memref<?xi32>
    memref.dealloc %got : memref<2x2xi32>
    return
  }
}
