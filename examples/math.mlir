// Device math through libdevice: row 0 is erf(x), row 1 is exp(x), for
// x = 0, 0.5, 1, 1.5 computed by thread x of one block.
module {
  func.func private @printMemrefF32(memref<*xf32>)

  func.func @main() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %out = memref.alloc() : memref<2x4xf32>
    %dout = gpu.alloc() : memref<2x4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %ti = arith.index_cast %tx : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      %half = arith.constant 0.5 : f32
      %x = arith.mulf %tf, %half : f32
      %e = math.erf %x : f32
      %p = math.exp %x : f32
      memref.store %e, %dout[%c0, %tx] : memref<2x4xf32>
      memref.store %p, %dout[%c1, %tx] : memref<2x4xf32>
      gpu.terminator
    }
    gpu.memcpy %out, %dout : memref<2x4xf32>, memref<2x4xf32>
    %u = memref.cast %out : memref<2x4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
