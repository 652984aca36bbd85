// Outlines main_kernel and calls @scale from another file, which outlines
// a main_kernel of its own.
module {
  func.func private @printMemrefF32(memref<*xf32>)
  func.func private @scale(memref<4xf32>)
  func.func @main() {
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %h = memref.alloc() : memref<4xf32>
    %d = gpu.alloc() : memref<4xf32>
    gpu.launch blocks(%bx, %by, %bz) in (%gx = %c1, %gy = %c1, %gz = %c1)
               threads(%tx, %ty, %tz) in (%sx = %c4, %sy = %c1, %sz = %c1) {
      %ti = arith.index_cast %tx : index to i32
      %tf = arith.sitofp %ti : i32 to f32
      memref.store %tf, %d[%tx] : memref<4xf32>
      gpu.terminator
    }
    call @scale(%d) : (memref<4xf32>) -> ()
    gpu.memcpy %h, %d : memref<4xf32>, memref<4xf32>
    %u = memref.cast %h : memref<4xf32> to memref<*xf32>
    call @printMemrefF32(%u) : (memref<*xf32>) -> ()
    return
  }
}
