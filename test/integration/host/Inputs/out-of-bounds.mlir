// A kernel whose last thread writes one element past its gpu.alloc.
module {
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c17 = arith.constant 17 : index
    %buffer = gpu.alloc() : memref<16xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c17, %sy = %c1, %sz = %c1) {
      %v = arith.constant 1.0 : f32
      memref.store %v, %buffer[%tx] : memref<16xf32>
      gpu.terminator
    }
    gpu.dealloc %buffer : memref<16xf32>
    return
  }
}
