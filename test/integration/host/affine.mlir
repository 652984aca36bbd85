// Affine loops and accesses in a kernel, with a barrier inside the
// affine.for: thread t sums the values of threads t .. t+3 (mod 64).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [6, 10, 14, 18, 22, 26, 30, 34, 38, 42, 46, 50, 54, 58, 62, 66, 70, 74, 78, 82, 86, 90, 94, 98, 102, 106, 110, 114, 118, 122, 126, 130, 134, 138, 142, 146, 150, 154, 158, 162, 166, 170, 174, 178, 182, 186, 190, 194, 198, 202, 206, 210, 214, 218, 222, 226, 230, 234, 238, 242, 246, 186, 126, 66]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) workgroup(%s : memref<64xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      affine.store %ti, %s[%t] : memref<64xi32, #gpu.address_space<workgroup>>
      %zero = arith.constant 0 : i32
      %r = affine.for %k = 0 to 4 iter_args(%acc = %zero) -> i32 {
        gpu.barrier
        %v = affine.load %s[(%t + %k) mod 64] : memref<64xi32, #gpu.address_space<workgroup>>
        %a = arith.addi %acc, %v : i32
        affine.yield %a : i32
      }
      affine.store %r, %m[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<64xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1) args(%out : memref<64xi32>)
    %h = memref.alloc() : memref<64xi32>
    gpu.memcpy %h, %out : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
