// Launches a grid of zero blocks, decided at run time: the size comes from
// memory (a constant one is a compile-time error).
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %size = memref.alloca() : memref<1xindex>
    memref.store %c0, %size[%c0] : memref<1xindex>
    %blocks = memref.load %size[%c0] : memref<1xindex>
    %d = gpu.alloc() : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %blocks, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %d[%tx] : memref<4xf32>
      gpu.terminator
    }
    return
  }
}
