// Launches 65536 blocks in y, more than CUDA runs (65535). The size comes
// from memory, so that only the runtime can see it (a constant one is a
// compile-time error); kernels are compiled for ids within the limits, so
// the launch must never be made.
module {
  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c65536 = arith.constant 65536 : index
    %size = memref.alloca() : memref<1xindex>
    memref.store %c65536, %size[%c0] : memref<1xindex>
    %blocks = memref.load %size[%c0] : memref<1xindex>
    %d = gpu.alloc() : memref<65536xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %blocks, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c1, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %d[%by] : memref<65536xf32>
      gpu.terminator
    }
    return
  }
}
