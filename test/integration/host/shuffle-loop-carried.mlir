// A shuffle of a loop-carried value reads the other threads' values of
// that trip. The host target stored each thread's next value straight
// into the carried value's buffer, in the thread loop where the shuffle
// reads it, so a later thread read an earlier thread's next value: two
// trips of "partner's value plus one" gave t + 4 instead of t + 2.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && %t | FileCheck %s

// a: twice the xor-1 partner's value plus one, t + 2. b: three times the
// next lane's value (its own past lane 31), min(t + 3, 31).
// CHECK: [2,  3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  32,  33]
// CHECK: [3,  4,  5,  6,  7,  8,  9,  10,  11,  12,  13,  14,  15,  16,  17,  18,  19,  20,  21,  22,  23,  24,  25,  26,  27,  28,  29,  30,  31,  31,  31,  31]

module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%trips: index, %a: memref<32xi32>, %b: memref<32xi32>) kernel {
      %tid = gpu.thread_id x
      %t = arith.index_cast %tid : index to i32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c3 = arith.constant 3 : index
      %one = arith.constant 1 : i32
      %w = arith.constant 32 : i32
      %ra = scf.for %i = %c0 to %trips step %c1 iter_args(%acc = %t) -> (i32) {
        %p, %ok = gpu.shuffle xor %acc, %one, %w : i32
        %n = arith.addi %p, %one : i32
        scf.yield %n : i32
      }
      %rb = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %t) -> (i32) {
        %p, %ok = gpu.shuffle down %acc, %one, %w : i32
        %n = arith.select %ok, %p, %acc : i32
        scf.yield %n : i32
      }
      memref.store %ra, %a[%tid] : memref<32xi32>
      memref.store %rb, %b[%tid] : memref<32xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c32 = arith.constant 32 : index
    %a = gpu.alloc host_shared () : memref<32xi32>
    %b = gpu.alloc host_shared () : memref<32xi32>
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c32, %c1, %c1)
        args(%c2 : index, %a : memref<32xi32>, %b : memref<32xi32>)
    %ua = memref.cast %a : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%ua) : (memref<*xi32>) -> ()
    %ub = memref.cast %b : memref<32xi32> to memref<*xi32>
    call @printMemrefI32(%ub) : (memref<*xi32>) -> ()
    return
  }
}
