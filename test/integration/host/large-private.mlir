// 16 KiB of private memory per thread (CUDA allows far more), live across a
// barrier, in blocks of 1024 threads: 16 MiB a block, more than a thread's
// stack holds, so the host target takes it from the heap; so for a 256-byte
// vector each thread keeps across the barrier. Thread t fills its array and
// its vector with t, then adds what both hold at the end.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: sum: 2095104
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<2048xi32>)
        private(%p : memref<4096xi32, #gpu.address_space<private>>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c4095 = arith.constant 4095 : index
      %c4096 = arith.constant 4096 : index
      %c1024 = arith.constant 1024 : index
      %t = gpu.thread_id x
      %b = gpu.block_id x
      %ti = arith.index_cast %t : index to i32
      scf.for %i = %c0 to %c4096 step %c1 {
        memref.store %ti, %p[%i] : memref<4096xi32, #gpu.address_space<private>>
      }
      %vec = vector.broadcast %ti : i32 to vector<64xi32>
      gpu.barrier
      %fromArray = memref.load %p[%c4095] : memref<4096xi32, #gpu.address_space<private>>
      %fromVector = vector.extract %vec[63] : i32 from vector<64xi32>
      %v = arith.addi %fromArray, %fromVector : i32
      %base = arith.muli %b, %c1024 : index
      %slot = arith.addi %base, %t : index
      memref.store %v, %m[%slot] : memref<2048xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c1024 = arith.constant 1024 : index
    %c2048 = arith.constant 2048 : index
    %out = gpu.alloc() : memref<2048xi32>
    gpu.launch_func @k::@kernel blocks in (%c2, %c1, %c1)
        threads in (%c1024, %c1, %c1) args(%out : memref<2048xi32>)
    %h = memref.alloc() : memref<2048xi32>
    gpu.memcpy %h, %out : memref<2048xi32>, memref<2048xi32>
    %zero = arith.constant 0 : i32
    %sum = scf.for %i = %c0 to %c2048 step %c1 iter_args(%acc = %zero) -> i32 {
      %v = memref.load %h[%i] : memref<2048xi32>
      %s = arith.addi %acc, %v : i32
      scf.yield %s : i32
    }
    vector.print str "sum: "
    vector.print %sum : i32
    return
  }
}
