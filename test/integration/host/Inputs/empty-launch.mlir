// Launches a grid of zero blocks, decided at run time.
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %d = gpu.alloc() : memref<4xf32>
    %n = memref.dim %d, %c0 : memref<4xf32>
    %blocks = arith.subi %n, %c4 : index
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %d[%tx] : memref<4xf32>
      gpu.terminator
    }
    return
  }
}
