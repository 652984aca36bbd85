// Launches a block of 2048 threads, more than any NVIDIA GPU allows.
module {
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %d = gpu.alloc() : memref<2048xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c2048, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %d[%tx] : memref<2048xf32>
      gpu.terminator
    }
    return
  }
}
