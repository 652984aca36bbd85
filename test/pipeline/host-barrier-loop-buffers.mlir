// A loop with a barrier keeps each thread's carried values in memory on the
// host target, but no memref: where the buffers a loop carries only trade
// places each trip (ping-pong buffers, in scf.for or scf.while), each is
// chosen by the trip number instead
// (test/integration/host/kernel-chosen-arguments.mlir); buffers chosen
// among those from before the loop are carried as their number; a buffer
// the trip makes stays an error at the loop.
// RUN: rm -rf %t && mkdir %t
// RUN: not %mlirc %s --offload-arch=host -c -o %t/out.o 2>&1 | FileCheck %s
// RUN: not ls %t/out.o
// CHECK: host-barrier-loop-buffers.mlir:[[@LINE+42]]:{{[0-9]+}}: error: a loop holding 'gpu.barrier' cannot carry a memref on the host target
// CHECK-NOT: error
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @kernel(%a: memref<8xi32>, %b: memref<8xi32>, %n: index) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %t = gpu.thread_id x
      %zero = arith.constant 0 : i32
      // Taking turns: compiles.
      %s:2 = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a, %y = %b)
          -> (memref<8xi32>, memref<8xi32>) {
        %v = memref.load %x[%t] : memref<8xi32>
        memref.store %v, %y[%t] : memref<8xi32>
        gpu.barrier
        scf.yield %y, %x : memref<8xi32>, memref<8xi32>
      }
      // Taking turns in an scf.while: compiles.
      %w:3 = scf.while (%k = %c0, %x = %a, %y = %b)
          : (index, memref<8xi32>, memref<8xi32>)
          -> (index, memref<8xi32>, memref<8xi32>) {
        %go = arith.cmpi ult, %k, %n : index
        scf.condition(%go) %k, %x, %y : index, memref<8xi32>, memref<8xi32>
      } do {
      ^bb0(%k: index, %x: memref<8xi32>, %y: memref<8xi32>):
        %v = memref.load %x[%t] : memref<8xi32>
        memref.store %v, %y[%t] : memref<8xi32>
        gpu.barrier
        %k1 = arith.addi %k, %c1 : index
        scf.yield %k1, %y, %x : index, memref<8xi32>, memref<8xi32>
      }
      // Chosen by what a buffer holds: the loop carries which buffer it
      // is (0 or 1) instead. Compiles.
      %r = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<8xi32> {
        %v = memref.load %x[%t] : memref<8xi32>
        memref.store %v, %b[%t] : memref<8xi32>
        gpu.barrier
        %big = arith.cmpi sgt, %v, %zero : i32
        %next = arith.select %big, %x, %b : memref<8xi32>
        scf.yield %next : memref<8xi32>
      }
      // A buffer made in the trip: an error.
      %m = scf.for %k = %c0 to %n step %c1 iter_args(%x = %a) -> memref<8xi32> {
        %v = memref.load %x[%t] : memref<8xi32>
        %own = memref.alloca() : memref<8xi32>
        memref.store %v, %own[%t] : memref<8xi32>
        gpu.barrier
        scf.yield %own : memref<8xi32>
      }
      gpu.return
    }
  }
  func.func @main(%a: memref<8xi32>, %b: memref<8xi32>, %n: index) {
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    gpu.launch_func @k::@kernel blocks in (%c1, %c1, %c1) threads in (%c8, %c1, %c1)
        args(%a : memref<8xi32>, %b : memref<8xi32>, %n : index)
    return
  }
}
