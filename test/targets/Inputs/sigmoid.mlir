// 1 / (1 + exp(-x)): exp's last multiply (in libdevice, ocml) and the add
// after it may fuse only when every multiply and add may.
module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @sigmoid(%x: memref<?xf32>, %y: memref<?xf32>) kernel {
      %i = gpu.thread_id x
      %v = memref.load %x[%i] : memref<?xf32>
      %n = arith.negf %v : f32
      %e = math.exp %n : f32
      %one = arith.constant 1.0 : f32
      %d = arith.addf %e, %one : f32
      %r = arith.divf %one, %d : f32
      memref.store %r, %y[%i] : memref<?xf32>
      gpu.return
    }
  }
}
