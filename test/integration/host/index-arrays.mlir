// Arrays of index elements in a kernel's own and workgroup memory. On
// Vulkan they hold the shader's 32-bit index; MLIR's SPIR-V lowering
// converted neither before ("memref.alloc cannot be compiled for the
// Vulkan target").
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [3,  2,  1,  0]
// CHECK: [6,  4,  2,  0]
module attributes {gpu.container_module} {
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
    gpu.func @twice(%out: memref<4xi32>) kernel {
      %t = gpu.thread_id x
      %own = memref.alloca() : memref<2xindex>
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %from = arith.subi %c3, %t : index
      memref.store %from, %own[%c0] : memref<2xindex>
      memref.store %from, %own[%c1] : memref<2xindex>
      %a = memref.load %own[%c0] : memref<2xindex>
      %b = memref.load %own[%c1] : memref<2xindex>
      %s = arith.addi %a, %b : index
      %i = arith.index_cast %s : index to i32
      memref.store %i, %out[%t] : memref<4xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %o = memref.alloc() : memref<4xi32>
    %u = memref.cast %o : memref<4xi32> to memref<*xi32>
    gpu.launch_func @k::@reverse blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%o : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @k::@twice blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%o : memref<4xi32>)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    memref.dealloc %o : memref<4xi32>
    return
  }
}
