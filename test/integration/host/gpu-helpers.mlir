// Device helpers that use the GPU: thread ids, a barrier over a workgroup
// global, a workgroup memref argument, and a shuffle two calls down. The
// host target inlines them into the kernel (the block function needs to see
// their barriers and ids); plain helpers stay functions (helpers.mlir).
// Thread t of 64 holds 2t; rows: the value of thread 63 - t, of t xor 1, of
// t + 1 (mod 64).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// The Vulkan target inlines them too: workgroup memory, and subgroups of
// workgroup memory where the device's are narrower than the shuffle's 32
// lanes (lavapipe's have 8), belong to kernels.
// CHECK: {{\[\[}}126, 124, 122, 120, 118, 116, 114, 112, 110, 108, 106, 104, 102, 100, 98, 96, 94, 92, 90, 88, 86, 84, 82, 80, 78, 76, 74, 72, 70, 68, 66, 64, 62, 60, 58, 56, 54, 52, 50, 48, 46, 44, 42, 40, 38, 36, 34, 32, 30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0],
// CHECK-NEXT: [2, 0, 6, 4, 10, 8, 14, 12, 18, 16, 22, 20, 26, 24, 30, 28, 34, 32, 38, 36, 42, 40, 46, 44, 50, 48, 54, 52, 58, 56, 62, 60, 66, 64, 70, 68, 74, 72, 78, 76, 82, 80, 86, 84, 90, 88, 94, 92, 98, 96, 102, 100, 106, 104, 110, 108, 114, 112, 118, 116, 122, 120, 126, 124],
// CHECK-NEXT: [2, 4, 6, 8, 10, 12, 14, 16, 18, 20, 22, 24, 26, 28, 30, 32, 34, 36, 38, 40, 42, 44, 46, 48, 50, 52, 54, 56, 58, 60, 62, 64, 66, 68, 70, 72, 74, 76, 78, 80, 82, 84, 86, 88, 90, 92, 94, 96, 98, 100, 102, 104, 106, 108, 110, 112, 114, 116, 118, 120, 122, 124, 126, 0{{\]\]}}
module attributes {gpu.container_module} {
  gpu.module @k {
    memref.global "private" @tile : memref<64xi32, #gpu.address_space<workgroup>>
    func.func @reverse(%v: i32) -> i32 {
      %t = gpu.thread_id x
      %s = memref.get_global @tile : memref<64xi32, #gpu.address_space<workgroup>>
      memref.store %v, %s[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c63 = arith.constant 63 : index
      %m = arith.subi %c63, %t : index
      %r = memref.load %s[%m] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      return %r : i32
    }
    func.func @swap(%v: i32) -> i32 {
      %o1 = arith.constant 1 : i32
      %w32 = arith.constant 32 : i32
      %x, %valid = gpu.shuffle xor %v, %o1, %w32 : i32
      return %x : i32
    }
    func.func @neighbor(%v: i32) -> i32 {
      %x = func.call @swap(%v) : (i32) -> i32
      return %x : i32
    }
    func.func @next(%shared: memref<64xi32, #gpu.address_space<workgroup>>,
                    %t: index, %v: i32) -> i32 {
      memref.store %v, %shared[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      gpu.barrier
      %c1 = arith.constant 1 : index
      %c64 = arith.constant 64 : index
      %t1 = arith.addi %t, %c1 : index
      %n = arith.remui %t1, %c64 : index
      %r = memref.load %shared[%n] : memref<64xi32, #gpu.address_space<workgroup>>
      return %r : i32
    }
    gpu.func @kernel(%out: memref<3x64xi32>)
        workgroup(%shared: memref<64xi32, #gpu.address_space<workgroup>>)
        kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      %v = arith.addi %ti, %ti : i32
      %r = func.call @reverse(%v) : (i32) -> i32
      %x = func.call @neighbor(%v) : (i32) -> i32
      %n = func.call @next(%shared, %t, %v)
          : (memref<64xi32, #gpu.address_space<workgroup>>, index, i32) -> i32
      memref.store %r, %out[%c0, %t] : memref<3x64xi32>
      memref.store %x, %out[%c1, %t] : memref<3x64xi32>
      memref.store %n, %out[%c2, %t] : memref<3x64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<3x64xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%out : memref<3x64xi32>)
    %h = memref.alloc() : memref<3x64xi32>
    gpu.memcpy %h, %out : memref<3x64xi32>, memref<3x64xi32>
    %u = memref.cast %h : memref<3x64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
