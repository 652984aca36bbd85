// memref.alloc and memref.alloca in workgroup memory in a kernel (as
// promotion to shared memory makes them) are one buffer that the block's
// threads share, on every target: thread t stores t * 3 (and, in a loop,
// t + i into a second buffer), and after a barrier reads what thread 7 - t
// stored. Two blocks, each with its own buffers.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// For NVIDIA, shared memory, no heap allocation cast to it.
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%fake_cuda --compile-to=device -o - | FileCheck %s --check-prefix=SHARED
// SHARED-NOT: malloc
// SHARED: llvm.mlir.global internal @__wg_{{.*}} {addr_space = 3 : i32} : !llvm.array<8 x i32>
// SHARED-NEXT: llvm.mlir.global internal @__wg_{{.*}} {addr_space = 3 : i32} : !llvm.array<8 x i32>
// SHARED-NOT: malloc
// CHECK: [21,  18,  15,  12,  9,  6,  3,  0,  21,  18,  15,  12,  9,  6,  3,  0]
// CHECK: [9,  8,  7,  6,  5,  4,  3,  2,  9,  8,  7,  6,  5,  4,  3,  2]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @reverse(%out: memref<2x16xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %c7 = arith.constant 7 : index
      %c8 = arith.constant 8 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %shared = memref.alloc() : memref<8xi32, #gpu.address_space<workgroup>>
      %ti = arith.index_cast %t : index to i32
      %three = arith.constant 3 : i32
      %v = arith.muli %ti, %three : i32
      memref.store %v, %shared[%t] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %other = arith.subi %c7, %t : index
      %w = memref.load %shared[%other] : memref<8xi32, #gpu.address_space<workgroup>>
      %base = arith.muli %b, %c8 : index
      %at = arith.addi %base, %t : index
      memref.store %w, %out[%c0, %at] : memref<2x16xi32>
      memref.dealloc %shared : memref<8xi32, #gpu.address_space<workgroup>>
      %last = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %ti) -> i32 {
        %scratch = memref.alloca() : memref<8xi32, #gpu.address_space<workgroup>>
        %ii = arith.index_cast %i : index to i32
        %s = arith.addi %ti, %ii : i32
        memref.store %s, %scratch[%t] : memref<8xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        %r = memref.load %scratch[%other] : memref<8xi32, #gpu.address_space<workgroup>>
        gpu.barrier
        scf.yield %r : i32
      }
      memref.store %last, %out[%c1, %at] : memref<2x16xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc() : memref<2x16xi32>
    gpu.launch_func @k::@reverse blocks in (%c2, %c1, %c1) threads in (%c8, %c1, %c1) args(%out : memref<2x16xi32>)
    %h = memref.alloc() : memref<2x16xi32>
    gpu.memcpy %h, %out : memref<2x16xi32>, memref<2x16xi32>
    %c0 = arith.constant 0 : index
    %r0 = memref.subview %h[0, 0] [1, 16] [1, 1] : memref<2x16xi32> to memref<16xi32, strided<[1]>>
    %r1 = memref.subview %h[1, 0] [1, 16] [1, 1] : memref<2x16xi32> to memref<16xi32, strided<[1], offset: 16>>
    %u0 = memref.cast %r0 : memref<16xi32, strided<[1]>> to memref<*xi32>
    %u1 = memref.cast %r1 : memref<16xi32, strided<[1], offset: 16>> to memref<*xi32>
    call @printMemrefI32(%u0) : (memref<*xi32>) -> ()
    call @printMemrefI32(%u1) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
