// Private memory (attributions and memref.alloca) that one thread writes
// and reads again after its thread loop was split: by a loop with the same
// bounds in every thread (which runs around the thread loops) or by a
// barrier. Thread t stores t and reads it back four times; rows: a private
// attribution around a loop, an alloca around a loop, an alloca across a
// barrier (plus the value of thread 7 - t), a memref.alloc of private
// memory across a barrier (2t; a thread's stack on every target), and a
// memref.alloc of the default memory space across a barrier (3t; a
// thread's heap on a GPU; on the host target it was an error).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: {{\[\[}}0, 4, 8, 12, 16, 20, 24, 28],
// CHECK-NEXT: [0, 4, 8, 12, 16, 20, 24, 28],
// CHECK-NEXT: [7, 7, 7, 7, 7, 7, 7, 7],
// CHECK-NEXT: [0, 2, 4, 6, 8, 10, 12, 14],
// CHECK-NEXT: [0, 3, 6, 9, 12, 15, 18, 21{{\]\]}}
module attributes {gpu.container_module} {
  gpu.module @k {
    func.func @fourTimes(%priv: memref<1xi32, #gpu.address_space<private>>) -> i32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %p = memref.load %priv[%c0] : memref<1xi32, #gpu.address_space<private>>
        %a = arith.addi %acc, %p : i32
        scf.yield %a : i32
      }
      return %s : i32
    }
    gpu.func @attribution(%m: memref<5x8xi32>)
        private(%priv : memref<1xi32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %priv[%c0] : memref<1xi32, #gpu.address_space<private>>
      %s = func.call @fourTimes(%priv)
          : (memref<1xi32, #gpu.address_space<private>>) -> i32
      memref.store %s, %m[%c0, %t] : memref<5x8xi32>
      gpu.return
    }
    gpu.func @alloca(%m: memref<5x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4 = arith.constant 4 : index
      %priv = memref.alloca() : memref<1xi32>
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %priv[%c0] : memref<1xi32>
      %zero = arith.constant 0 : i32
      %s = scf.for %k = %c0 to %c4 step %c1 iter_args(%acc = %zero) -> i32 {
        %p = memref.load %priv[%c0] : memref<1xi32>
        %a = arith.addi %acc, %p : i32
        scf.yield %a : i32
      }
      memref.store %s, %m[%c1, %t] : memref<5x8xi32>
      gpu.return
    }
    gpu.func @allocaBarrier(%m: memref<5x8xi32>)
        workgroup(%shared : memref<8xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c2 = arith.constant 2 : index
      %c7 = arith.constant 7 : index
      %priv = memref.alloca() : memref<1xi32>
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %priv[%c0] : memref<1xi32>
      memref.store %ti, %shared[%t] : memref<8xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %o = arith.subi %c7, %t : index
      %other = memref.load %shared[%o] : memref<8xi32, #gpu.address_space<workgroup>>
      %mine = memref.load %priv[%c0] : memref<1xi32>
      %s = arith.addi %mine, %other : i32
      memref.store %s, %m[%c2, %t] : memref<5x8xi32>
      gpu.return
    }
    gpu.func @privateAllocBarrier(%m: memref<5x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c3 = arith.constant 3 : index
      %priv = memref.alloc() : memref<1xi32, #gpu.address_space<private>>
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %twice = arith.addi %ti, %ti : i32
      memref.store %twice, %priv[%c0] : memref<1xi32, #gpu.address_space<private>>
      gpu.barrier
      %mine = memref.load %priv[%c0] : memref<1xi32, #gpu.address_space<private>>
      memref.store %mine, %m[%c3, %t] : memref<5x8xi32>
      memref.dealloc %priv : memref<1xi32, #gpu.address_space<private>>
      gpu.return
    }
    gpu.func @heapAllocBarrier(%m: memref<5x8xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c4 = arith.constant 4 : index
      %mem = memref.alloc() : memref<2xi32>
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %twice = arith.addi %ti, %ti : i32
      %thrice = arith.addi %twice, %ti : i32
      memref.store %thrice, %mem[%c0] : memref<2xi32>
      gpu.barrier
      %mine = memref.load %mem[%c0] : memref<2xi32>
      memref.store %mine, %m[%c4, %t] : memref<5x8xi32>
      memref.dealloc %mem : memref<2xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc() : memref<5x8xi32>
    gpu.launch_func @k::@attribution blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<5x8xi32>)
    gpu.launch_func @k::@alloca blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<5x8xi32>)
    gpu.launch_func @k::@allocaBarrier blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<5x8xi32>)
    gpu.launch_func @k::@privateAllocBarrier blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<5x8xi32>)
    gpu.launch_func @k::@heapAllocBarrier blocks in (%c1, %c1, %c1)
        threads in (%c8, %c1, %c1) args(%out : memref<5x8xi32>)
    %h = memref.alloc() : memref<5x8xi32>
    gpu.memcpy %h, %out : memref<5x8xi32>, memref<5x8xi32>
    %u = memref.cast %h : memref<5x8xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
