// A loop with the same bounds in every thread that carries a value runs
// around the thread loops on the host target, four iterations per thread
// loop: the carried value is loaded from its per-thread buffer once, goes
// through four iterations in registers and is stored once. 8 iterations
// leave no rest; 10 leave two, run one per thread loop.
// RUN: %mlirc %s --offload-arch=host --compile-to=device -o - | FileCheck %s
// CHECK-LABEL: func.func private @__mlirc_host.k_jam_
// The loop of 8: two groups of four, no rest.
// CHECK: scf.for %{{.*}} = %{{.*}} to %{{.*}} step %{{.*}} {
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[V0:.*]] = memref.load %[[BUF:.*]][%[[T:.*]]] : memref<?xi32>
// CHECK: %[[V1:.*]] = arith.addi %[[V0]], %{{.*}} : i32
// CHECK: %[[V2:.*]] = arith.addi %[[V1]], %{{.*}} : i32
// CHECK: %[[V3:.*]] = arith.addi %[[V2]], %{{.*}} : i32
// CHECK: %[[V4:.*]] = arith.addi %[[V3]], %{{.*}} : i32
// CHECK-NEXT: memref.store %[[V4]], %[[BUF]][%[[T]]] : memref<?xi32>
// CHECK-NOT: arith.addi {{.*}} : i32
// CHECK: memref.store %{{.*}}, %arg{{[0-9]+}}[%{{.*}}] : memref<64xi32>
// The loop of 10: two groups of four, then one iteration at a time.
// CHECK: scf.for
// CHECK: %[[W0:.*]] = memref.load %[[BUF2:.*]][%{{.*}}] : memref<?xi32>
// CHECK-COUNT-4: arith.addi %{{.*}}, %{{.*}} : i32
// CHECK: memref.store %{{.*}}, %[[BUF2]][%{{.*}}] : memref<?xi32>
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: %[[R0:.*]] = memref.load %[[BUF2]]
// CHECK-NEXT: %[[R1:.*]] = arith.addi %[[R0]], %{{.*}} : i32
// CHECK-NEXT: memref.store %[[R1]], %[[BUF2]]
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @jam(%out: memref<64xi32>) kernel {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c8 = arith.constant 8 : index
      %c10 = arith.constant 10 : index
      %zero = arith.constant 0 : i32
      %t = gpu.thread_id x
      %sum8 = scf.for %k = %c0 to %c8 step %c1 iter_args(%acc = %zero) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %s = arith.addi %acc, %ki : i32
        scf.yield %s : i32
      }
      memref.store %sum8, %out[%t] : memref<64xi32>
      %sum10 = scf.for %k = %c0 to %c10 step %c1 iter_args(%acc = %zero) -> i32 {
        %ki = arith.index_cast %k : index to i32
        %s = arith.addi %acc, %ki : i32
        scf.yield %s : i32
      }
      memref.store %sum10, %out[%t] : memref<64xi32>
      gpu.return
    }
  }
  func.func @main(%out: memref<64xi32>) {
    %c1 = arith.constant 1 : index
    %c64 = arith.constant 64 : index
    gpu.launch_func @k::@jam blocks in (%c1, %c1, %c1) threads in (%c64, %c1, %c1)
        args(%out : memref<64xi32>)
    return
  }
}
