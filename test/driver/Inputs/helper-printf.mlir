// A kernel whose printf was inlined from a helper by a front end: its
// location is a call site.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k() kernel {
      %t = gpu.thread_id x
      gpu.printf "thread %lld\n", %t : index loc(callsite("lib.mlir":3:5 at "app.mlir":10:1))
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    gpu.launch_func @kernels::@k blocks in (%c1, %c1, %c1) threads in (%c2, %c1, %c1)
    return
  }
}
