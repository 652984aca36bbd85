// Launches a block of 2048 threads, more than any GPU allows. The size
// comes from memory, so that only the runtime can see it (a constant one
// is a compile-time error).
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2048 = arith.constant 2048 : index
    %size = memref.alloca() : memref<1xindex>
    memref.store %c2048, %size[%c0] : memref<1xindex>
    %threads = memref.load %size[%c0] : memref<1xindex>
    %d = gpu.alloc() : memref<2048xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %threads, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %d[%tx] : memref<2048xf32>
      gpu.terminator
    }
    return
  }
}
