// A program without a schedule of its own: transform-library.mlir tiles its
// fill.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %v = arith.constant 5.0 : f32
  %a = memref.alloc() : memref<6xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<6xf32>)
  %u = memref.cast %a : memref<6xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
