// A schedule that includes a named sequence it only declares: another file
// defines it (transform-helpers.mlir, through --transform-library=).
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %v = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%v : f32) outs(%a : memref<8xf32>)
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  memref.dealloc %a : memref<8xf32>
  return
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_fills(%root: !transform.any_op {transform.readonly})
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    transform.include @tile_fills failures(propagate) (%root) : (!transform.any_op) -> ()
    transform.yield
  }
}
