// A kernel with unstructured control flow (cf branches, a loop made of
// blocks with arguments) and private memory from memref.alloca. Thread t
// of 64 stores 1 + 2 + ... + t when t is even, and -t when it is odd.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [0, -1, 3, -3, 10, -5, 21, -7, 36, -9, 55, -11, 78, -13, 105, -15, 136, -17, 171, -19, 210, -21, 253, -23, 300, -25, 351, -27, 406, -29, 465, -31, 528, -33, 595, -35, 666, -37, 741, -39, 820, -41, 903, -43, 990, -45, 1081, -47, 1176, -49, 1275, -51, 1378, -53, 1485, -55, 1596, -57, 1711, -59, 1830, -61, 1953, -63]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%m: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %zero = arith.constant 0 : i32
      %sum = memref.alloca() : memref<1xi32>
      memref.store %zero, %sum[%c0] : memref<1xi32>
      %t = gpu.thread_id x
      %rem = arith.remui %t, %c2 : index
      %odd = arith.cmpi eq, %rem, %c1 : index
      cf.cond_br %odd, ^negate, ^loop(%c1 : index)
    ^loop(%i: index):
      %done = arith.cmpi ugt, %i, %t : index
      cf.cond_br %done, ^store, ^body
    ^body:
      %s = memref.load %sum[%c0] : memref<1xi32>
      %ii = arith.index_cast %i : index to i32
      %s2 = arith.addi %s, %ii : i32
      memref.store %s2, %sum[%c0] : memref<1xi32>
      %next = arith.addi %i, %c1 : index
      cf.br ^loop(%next : index)
    ^negate:
      %ti = arith.index_cast %t : index to i32
      %neg = arith.subi %zero, %ti : i32
      memref.store %neg, %sum[%c0] : memref<1xi32>
      cf.br ^store
    ^store:
      %v = memref.load %sum[%c0] : memref<1xi32>
      memref.store %v, %m[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    %out = gpu.alloc() : memref<64xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1)
        threads in (%c64, %c1, %c1) args(%out : memref<64xi32>)
    %h = memref.alloc() : memref<64xi32>
    gpu.memcpy %h, %out : memref<64xi32>, memref<64xi32>
    %u = memref.cast %h : memref<64xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
