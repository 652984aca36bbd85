// cf.assert in a kernel, as on a GPU: a failing thread prints CUDA's
// device-side message with its block and thread and ends; the other
// threads run on (and print); then the launch fails and the program ends
// with exit code 1, keeping what it printed before.
// RUN: %mlirc %s --offload-arch=%offload_arch -o %t
// RUN: not %t > %t.out 2> %t.err
// RUN: FileCheck %s --input-file=%t.out
// RUN: FileCheck %s --check-prefix=ERR --input-file=%t.err
// CHECK: before the launch
// CHECK-DAG: block 0 thread 0 passed
// CHECK-DAG: block 0 thread 2 passed
// CHECK-DAG: block 1 thread 0 passed
// CHECK-DAG: block 1 thread 2 passed
// CHECK-DAG: kernel.mlir:52: check_even: block: [0,0,0], thread: [1,0,0] Assertion `odd thread 100% wrong` failed.
// CHECK-DAG: kernel.mlir:52: check_even: block: [1,0,0], thread: [1,0,0] Assertion `odd thread 100% wrong` failed.
// CHECK-NOT: thread 1 passed
// CHECK-NOT: after the launch
// On a GPU the runtime reports its own words for the failed launch.
// ERR: mlirc runtime: error: {{.*}}assert
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @check(%limit: index) kernel {
      %b = gpu.block_id x
      %t = gpu.thread_id x
      %c1 = arith.constant 1 : index
      %c2 = arith.constant 2 : index
      %r = arith.remui %t, %c2 : index
      %even = arith.cmpi ne, %r, %c1 : index
      %ok = arith.cmpi ult, %t, %limit : index
      cf.assert %ok, "thread in range"
      cf.assert %even, "odd thread 100% wrong" loc(callsite("check_even"("kernel.mlir":52:3) at "caller.mlir":9:1))
      gpu.printf "block %lld thread %lld passed\n", %b, %t : index, index
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c3 = arith.constant 3 : index
    %c8 = arith.constant 8 : index
    vector.print str "before the launch\n"
    gpu.launch_func @kernels::@check blocks in (%c2, %c1, %c1)
        threads in (%c3, %c1, %c1) args(%c8 : index)
    vector.print str "after the launch\n"
    return
  }
}
