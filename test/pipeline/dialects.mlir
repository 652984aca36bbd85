// Host and device code using affine, vector, index, math, scf and cf, plus
// gpu.printf, dynamic shared memory and shuffles, lowers all the way to an
// object file with its cubin: whole-program by default (printf's vprintf
// and dynamic shared memory are no symbols of other objects), relocatable
// with -fgpu-rdc.
// REQUIRES: cuda-toolkit
// RUN: %mlirc -c %s --offload-arch=sm_80 --cuda-path=%cuda_root -o %t.o
// RUN: %nvfatbin %t.o | FileCheck %s --check-prefix=WHOLE
// RUN: %mlirc -c %s --offload-arch=sm_80 --cuda-path=%cuda_root -fgpu-rdc -o %t.o
// RUN: llvm-objdump --offloading %t.o | FileCheck %s
// RUN: %mlirc %s --offload-arch=sm_80 --cuda-path=%cuda_root --compile-to=binary -o - | FileCheck %s --check-prefix=PTX
// WHOLE: ELF sm_80 {{.+}}
// CHECK: kind cubin
// CHECK-NEXT: arch sm_80
// PTX-DAG: vprintf
// PTX-DAG: shfl.sync.bfly
// PTX-DAG: bar.sync

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xf32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %tid = gpu.thread_id x
      %shared = gpu.dynamic_shared_memory : memref<?xi8, #gpu.address_space<workgroup>>
      %view = memref.view %shared[%c0][] : memref<?xi8, #gpu.address_space<workgroup>> to memref<32xf32, #gpu.address_space<workgroup>>
      %v = memref.load %m[%tid] : memref<64xf32>
      %x = math.sqrt %v : f32
      %w = arith.constant 32 : i32
      %o = arith.constant 1 : i32
      %s, %valid = gpu.shuffle xor %x, %o, %w : f32
      memref.store %s, %view[%tid] : memref<32xf32, #gpu.address_space<workgroup>>
      gpu.barrier
      %i1 = index.add %tid, %n
      %vec = vector.broadcast %s : f32 to vector<4xf32>
      %red = vector.reduction <add>, %vec : vector<4xf32> into f32
      affine.for %j = 0 to 2 {
        memref.store %red, %m[%i1] : memref<64xf32>
      }
      gpu.printf "thread %lld value %f\n", %tid, %red : index, f32
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %smem = arith.constant 128 : i32
    %h = memref.alloc() : memref<64xf32>
    affine.for %i = 0 to 64 {
      %ii = index.casts %i : index to i64
      %f = arith.sitofp %ii : i64 to f32
      memref.store %f, %h[%i] : memref<64xf32>
    }
    %d = gpu.alloc() : memref<64xf32>
    gpu.memcpy %d, %h : memref<64xf32>, memref<64xf32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c32, %c1, %c1) dynamic_shared_memory_size %smem
        args(%d : memref<64xf32>, %c32 : index)
    return
  }
}
