// Multiplies a device buffer by 10 with a kernel named exactly like the one
// two-files-main.mlir outlines: @main_kernel::@main_kernel.
module attributes {gpu.container_module} {
  gpu.module @main_kernel {
    gpu.func @main_kernel(%d: memref<4xf32>) kernel {
      %tx = gpu.thread_id x
      %v = memref.load %d[%tx] : memref<4xf32>
      %ten = arith.constant 10.0 : f32
      %r = arith.mulf %v, %ten : f32
      memref.store %r, %d[%tx] : memref<4xf32>
      gpu.return
    }
  }
  func.func @scale(%d: memref<4xf32>) {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    gpu.launch_func @main_kernel::@main_kernel blocks in (%c1, %c1, %c1)
        threads in (%c4, %c1, %c1) args(%d : memref<4xf32>)
    return
  }
}
