// Kernels on independent streams run at the same time, as on a GPU: each
// of the two kernels adds one to a counter and then spins until the
// counter is 2, which only the other kernel can make it; run one after the
// other, they would never end. Then a third kernel, on a stream that
// waits for both (through their events), reads what they left.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t && timeout 60 %t | FileCheck %s
// CHECK: [2,  7,  9]
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @meet(%counter: memref<3xi32>, %slot: index, %value: i32) kernel {
      %c0 = arith.constant 0 : index
      %zero = arith.constant 0 : i32
      %one = arith.constant 1 : i32
      %two = arith.constant 2 : i32
      %old = memref.atomic_rmw addi %one, %counter[%c0] : (i32, memref<3xi32>) -> i32
      scf.while : () -> () {
        %now = memref.atomic_rmw addi %zero, %counter[%c0] : (i32, memref<3xi32>) -> i32
        %waiting = arith.cmpi slt, %now, %two : i32
        scf.condition(%waiting)
      } do {
        scf.yield
      }
      memref.store %value, %counter[%slot] : memref<3xi32>
      gpu.return
    }
    gpu.func @sum(%counter: memref<3xi32>) kernel {
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %a = memref.load %counter[%c1] : memref<3xi32>
      %b = memref.load %counter[%c2] : memref<3xi32>
      %s = arith.addi %a, %b : i32
      memref.store %s, %counter[%c2] : memref<3xi32>
      gpu.return
    }
  }

  func.func private @printMemrefI32(memref<*xi32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant 0 : i32
    %seven = arith.constant 7 : i32
    %two = arith.constant 2 : i32
    %counter = gpu.alloc host_shared () : memref<3xi32>
    memref.store %zero, %counter[%c0] : memref<3xi32>
    %s0 = gpu.wait async
    %s1 = gpu.wait async
    %a = gpu.launch_func async [%s0] @kernels::@meet
        blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%counter : memref<3xi32>, %c1 : index, %seven : i32)
    %b = gpu.launch_func async [%s1] @kernels::@meet
        blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%counter : memref<3xi32>, %c2 : index, %two : i32)
    %c = gpu.launch_func async [%a, %b] @kernels::@sum
        blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1)
        args(%counter : memref<3xi32>)
    gpu.wait [%c]
    %u = memref.cast %counter : memref<3xi32> to memref<*xi32>
    call @printMemrefI32(%u) : (memref<*xi32>) -> ()
    return
  }
}
