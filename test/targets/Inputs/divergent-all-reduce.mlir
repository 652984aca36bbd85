// A gpu.all_reduce that only some threads reach, not marked uniform.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%out: memref<1xf32>) kernel {
      %c0 = arith.constant 0 : index
      %c16 = arith.constant 16 : index
      %t = gpu.thread_id x
      %low = arith.cmpi ult, %t, %c16 : index
      scf.if %low {
        %one = arith.constant 1.0 : f32
        %sum = gpu.all_reduce add %one {} : (f32) -> f32
        memref.store %sum, %out[%c0] : memref<1xf32>
      }
      gpu.return
    }
  }
}
