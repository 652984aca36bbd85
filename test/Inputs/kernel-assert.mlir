// A kernel that checks its argument with cf.assert (which holds here).
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @check(%arg: i32) kernel {
      %c0 = arith.constant 0 : i32
      %ok = arith.cmpi sge, %arg, %c0 : i32
      cf.assert %ok, "negative argument"
      gpu.return
    }
  }
  func.func @main() {
    %c1 = arith.constant 1 : index
    %v = arith.constant 5 : i32
    gpu.launch_func @kernels::@check blocks in (%c1, %c1, %c1) threads in (%c1, %c1, %c1) args(%v : i32)
    return
  }
}
