// Arrays of index elements in a kernel's own and workgroup memory. On
// Vulkan they hold the shader's 32-bit index; MLIR's SPIR-V lowering
// converted neither before ("memref.alloc cannot be compiled for the
// Vulkan target"). A memref of indices the host passes (row pointers, as
// sparse kernels take) holds the host's 64-bit ones: on Vulkan a buffer of
// i64, read and written through a subview too, and as vectors; it was an
// error at the kernel.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  2,  1,  0]
// CHECK: [6,  4,  2,  0]
// CHECK: [1,  5,  0,  9]
// CHECK: [10,  11,  12,  13]
// CHECK: [7,  8,  10,  10,  56,  57,  58,  59]
module attributes {gpu.container_module} {
  memref.global "private" constant @rows_init : memref<8xindex> = dense<[0, 1, 3, 3, 5, 0, 0, 0]>
  memref.global "private" constant @values : memref<9xi32> = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9]>
  gpu.module @k {
    gpu.func @reverse(%out: memref<4xi32>)
        workgroup(%shared: memref<4xindex, #gpu.address_space<workgroup>>)
        kernel {
      %t = gpu.thread_id x
      memref.store %t, %shared[%t] : memref<4xindex, #gpu.address_space<workgroup>>
      gpu.barrier
      %c3 = arith.constant 3 : index
      %from = arith.subi %c3, %t : index
      %v = memref.load %shared[%from] : memref<4xindex, #gpu.address_space<workgroup>>
      %i = arith.index_cast %v : index to i32
      memref.store %i, %out[%t] : memref<4xi32>
      gpu.return
    }
    // A thread's own indices, read back as a vector.
    gpu.func @twice(%out: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %own = memref.alloca() : memref<2xindex>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %from = arith.subi %c3, %t : index
      memref.store %from, %own[%c0] : memref<2xindex>
      memref.store %from, %own[%c1] : memref<2xindex>
      %both = vector.load %own[%c0] : memref<2xindex>, vector<2xindex>
      %s = vector.reduction <add>, %both : vector<2xindex> into index
      %i = arith.index_cast %s : index to i32
      memref.store %i, %out[%t] : memref<4xi32>
      gpu.return
    }
    // Row t sums values[rows[t]] to values[rows[t + 1]], and writes
    // t + 10 into the row pointers' second half.
    gpu.func @rows(%rows: memref<?xindex>, %values: memref<9xi32>,
                   %out: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %next = arith.addi %t, %c1 : index
      %begin = memref.load %rows[%t] : memref<?xindex>
      %end = memref.load %rows[%next] : memref<?xindex>
      %zero = arith.constant 0 : i32
      %sum = scf.for %k = %begin to %end step %c1 iter_args(%a = %zero) -> i32 {
        %v = memref.load %values[%k] : memref<9xi32>
        %b = arith.addi %a, %v : i32
        scf.yield %b : i32
      }
      memref.store %sum, %out[%t] : memref<4xi32>
      gpu.barrier
      %half = memref.subview %rows[%c4] [4] [1] : memref<?xindex> to memref<4xindex, strided<[1], offset: ?>>
      %c10 = arith.constant 10 : index
      %w = arith.addi %t, %c10 : index
      memref.store %w, %half[%t] : memref<4xindex, strided<[1], offset: ?>>
      gpu.return
    }
    // Thread t adds the sum of indices 4t to 4t + 3 to each of them.
    gpu.func @vectors(%rows: memref<?xindex>) kernel {
      %t = gpu.thread_id x
      %c4 = arith.constant 4 : index
      %at = arith.muli %t, %c4 : index
      %v = vector.load %rows[%at] : memref<?xindex>, vector<4xindex>
      %sum = vector.reduction <add>, %v : vector<4xindex> into index
      %b = vector.broadcast %sum : index to vector<4xindex>
      %w = arith.addi %v, %b : vector<4xindex>
      vector.store %w, %rows[%at] : memref<?xindex>, vector<4xindex>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func private @printMemrefInd(memref<*xindex>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %o = memref.alloc() : memref<4xi32>
    %u = memref.cast %o : memref<4xi32> to memref<*xi32>
    gpu.launch_func @k::@reverse blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%o : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%o : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %rows = memref.alloc() : memref<8xindex>
    %rowsGlobal = memref.get_global @rows_init : memref<8xindex>
    memref.copy %rowsGlobal, %rows : memref<8xindex> to memref<8xindex>
    %values = memref.get_global @values : memref<9xi32>
    %rowsDyn = memref.cast %rows : memref<8xindex> to memref<?xindex>
    gpu.launch_func @k::@rows blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%rowsDyn : memref<?xindex>, %values : memref<9xi32>, %o : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    %c4i = arith.constant 4 : index
    %tail = memref.subview %rows[%c4i] [4] [1] : memref<8xindex> to memref<4xindex, strided<[1], offset: ?>>
    %tailCast = memref.cast %tail : memref<4xindex, strided<[1], offset: ?>> to memref<*xindex>
    call @printMemrefInd(%tailCast) : (memref<*xindex>) -> ()
    %c2 = arith.constant 2 : index
    gpu.launch_func @k::@vectors blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1) args(%rowsDyn : memref<?xindex>)
    %all = memref.cast %rows : memref<8xindex> to memref<*xindex>
    call @printMemrefInd(%all) : (memref<*xindex>) -> ()
    memref.dealloc %rows : memref<8xindex>
    memref.dealloc %o : memref<4xi32>
    return
  }
}
