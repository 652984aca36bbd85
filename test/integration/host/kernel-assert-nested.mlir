// cf.assert inside loops and branches of a kernel, and in a device
// function it calls: a failing one ends its thread there, as on a GPU
// (the thread prints nothing after it); the loops around it become
// branches (they made an scf.for of two blocks, which did not verify).
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// CHECK-DAG: kernel-assert-nested.mlir:41: {{.*}}: block: [0,0,0], thread: [1,0,0] Assertion `nonzero in the loop` failed.
// CHECK-DAG: kernel-assert-nested.mlir:25: {{.*}}: block: [0,0,0], thread: [0,0,0] Assertion `helper wants a positive value` failed.
// CHECK-DAG: kernel-assert-nested.mlir:52: {{.*}}: block: [0,0,0], thread: [3,0,0] Assertion `below 10 when odd` failed.
// CHECK-DAG: thread 2 result 8.000000
// CHECK-NOT: thread 0 result
// CHECK-NOT: thread 1 result
// CHECK-NOT: thread 3 result
// ERR: mlirc runtime: error: {{.*}}assert
// kernel-assert-nested.mlir's thread t starts from t - 1 and doubles it
// three times: thread 1 asserts in the loop (0), thread 0 in the helper
// (-8), thread 3 in the branch (16, odd); thread 2 gets 8.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    func.func @helper(%x: f32) {
      %zero = arith.constant 0.0 : f32
      %ok = arith.cmpf ogt, %x, %zero : f32
      cf.assert %ok, "helper wants a positive value"
      return
    }
    gpu.func @nested(%out: memref<4xf32>) kernel {
      %t = gpu.thread_id x
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %c3 = arith.constant 3 : index
      %ti = arith.index_cast %t : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %one = arith.constant 1.0 : f32
      %start = arith.subf %tf, %one : f32
      %v = scf.for %j = %c0 to %c3 step %c1 iter_args(%acc = %start) -> f32 {
        %zero = arith.constant 0.0 : f32
        %ok = arith.cmpf one, %acc, %zero : f32
        cf.assert %ok, "nonzero in the loop"
        %two = arith.constant 2.0 : f32
        %next = arith.mulf %acc, %two : f32
        scf.yield %next : f32
      }
      func.call @helper(%v) : (f32) -> ()
      %odd = arith.remui %t, %c2 : index
      %isOdd = arith.cmpi eq, %odd, %c1 : index
      scf.if %isOdd {
        %limit = arith.constant 10.0 : f32
        %small = arith.cmpf olt, %v, %limit : f32
        cf.assert %small, "below 10 when odd"
      }
      gpu.printf "thread %lld result %f\n", %t, %v : index, f32
      memref.store %v, %out[%t] : memref<4xf32>
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = gpu.alloc () : memref<4xf32>
    gpu.launch_func @kernels::@nested blocks in (%c1, %c1, %c1) threads in (%c4, %c1, %c1) args(%out : memref<4xf32>)
    return
  }
}
