// scf.index_switch on a value every thread shares, with barriers and
// shuffles in its cases (as a lifted cf.switch has them too). The host
// target placed barriers by scf.for, scf.while and scf.if only, and such
// a kernel was an error there.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s
// Mode 2: thread t reads what thread 7 - t stored, plus its neighbour's
// value (a shuffle xor 1). Mode 5: the default, -1 each.
// CHECK:      [13,  13,  9,  9,  5,  5,  1,  1]
// CHECK:      [-1,  -1,  -1,  -1,  -1,  -1,  -1,  -1]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%out: memref<8xi32>, %mode: index)
        workgroup(%shared : memref<8xi32, #gpu.address_space<workgroup>>) kernel {
      %t = gpu.thread_id x
      %ti = arith.index_cast %t : index to i32
      memref.store %ti, %shared[%t] : memref<8xi32, #gpu.address_space<workgroup>>
      %r = scf.index_switch %mode -> i32
      case 1 {
        %z = arith.constant 0 : i32
        scf.yield %z : i32
      }
      case 2 {
        gpu.barrier
        %c7 = arith.constant 7 : index
        %o = arith.subi %c7, %t : index
        %v = memref.load %shared[%o] : memref<8xi32, #gpu.address_space<workgroup>>
        %one = arith.constant 1 : i32
        %eight = arith.constant 8 : i32
        %n, %valid = gpu.shuffle xor %v, %one, %eight : i32
        %s = arith.addi %v, %n : i32
        scf.yield %s : i32
      }
      default {
        %m = arith.constant -1 : i32
        scf.yield %m : i32
      }
      memref.store %r, %out[%t] : memref<8xi32>
      gpu.return
    }
  }
  func.func private @printMemrefI32(memref<*xi32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c5 = arith.constant 5 : index
    %c8 = arith.constant 8 : index
    %out = gpu.alloc host_shared () : memref<8xi32>
    %u = memref.cast %out : memref<8xi32> to memref<*xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%out : memref<8xi32>, %c2 : index)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%out : memref<8xi32>, %c5 : index)
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
