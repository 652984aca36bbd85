// A thread's heap allocation (memref.alloc in a kernel) of a size known
// only at run time that lives across a barrier is an error at the op on
// the host target, which says how to allocate the thread's memory
// instead; nothing is written. (One of a static shape is the thread's
// private memory: integration/host/private-memory.mlir.)
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-heap-across-barrier.mlir:[[@LINE+7]]:12: error: this heap allocation lives across a gpu.barrier and mlirc cannot keep it per thread on the host target; allocate the thread's memory with memref.alloca, or in #gpu.address_space<private>
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%out: memref<8xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %i = arith.index_cast %t : index to i32
      %m = memref.alloc(%n) : memref<?xi32>
      memref.store %i, %m[%c0] : memref<?xi32>
      gpu.barrier
      %v = memref.load %m[%c0] : memref<?xi32>
      memref.store %v, %out[%t] : memref<8xi32>
      memref.dealloc %m : memref<?xi32>
      gpu.return
    }
  }
}
