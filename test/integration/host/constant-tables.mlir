// Constant memref.globals a kernel and a device function read: a 2-D table
// and a splat, which is not marked constant but only read (on Vulkan each
// thread gets its own copy of the values).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// CHECK: [17,  24,  37,  17,  24,  37]
module attributes {gpu.container_module} {
  gpu.module @k {
    memref.global "private" constant @table : memref<2x3xi32> = dense<[[10, 20, 30], [7, 4, 7]]>
    memref.global "private" @ones : memref<3xi32> = dense<1>
    func.func @column(%j: index) -> i32 {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = memref.get_global @table : memref<2x3xi32>
      %a = memref.load %t[%c0, %j] : memref<2x3xi32>
      %b = memref.load %t[%c1, %j] : memref<2x3xi32>
      %s = arith.addi %a, %b : i32
      return %s : i32
    }
    gpu.func @sums(%out: memref<6xi32>) kernel attributes {known_block_size = array<i32: 6, 1, 1>} {
      %t = gpu.thread_id x
      %c3 = arith.constant 3 : index
      %j = arith.remui %t, %c3 : index
      %s = func.call @column(%j) : (index) -> i32
      %o = memref.get_global @ones : memref<3xi32>
      %one = memref.load %o[%j] : memref<3xi32>
      %r = arith.subi %s, %one : i32
      %more = arith.constant 1 : i32
      %v = arith.addi %r, %more : i32
      memref.store %v, %out[%t] : memref<6xi32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c6 = arith.constant 6 : index
    %d = gpu.alloc() : memref<6xi32>
    gpu.launch_func @k::@sums blocks in (%c1, %c1, %c1) threads in (%c6, %c1, %c1) args(%d : memref<6xi32>)
    %h = memref.alloc() : memref<6xi32>
    gpu.memcpy %h, %d : memref<6xi32>, memref<6xi32>
    %u = memref.cast %h : memref<6xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
  func.func private @printMemrefI32(memref<*xi32>)
}
