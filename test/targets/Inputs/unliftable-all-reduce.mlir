// A gpu.all_reduce after branches that do not lift into scf ops (an exit
// by llvm.unreachable): whether every thread reaches it is unknown.
module attributes {gpu.container_module} {
  gpu.module @k {
    gpu.func @k(%out: memref<64xf32>) kernel {
      %t = gpu.thread_id x
      %c64 = arith.constant 64 : index
      %in = arith.cmpi ult, %t, %c64 : index
      cf.cond_br %in, ^ok, ^bad
    ^bad:
      llvm.unreachable
    ^ok:
      %one = arith.constant 1.0 : f32
      %sum = gpu.all_reduce add %one {} : (f32) -> f32
      memref.store %sum, %out[%t] : memref<64xf32>
      gpu.return
    }
  }
}
