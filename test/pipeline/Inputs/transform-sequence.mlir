// The older form of a schedule: a top-level transform.sequence, here
// tiling a fill by 3.
func.func private @printMemrefF32(memref<*xf32>)
func.func @main() {
  %one = arith.constant 3.0 : f32
  %a = memref.alloc() : memref<8xf32>
  linalg.fill ins(%one : f32) outs(%a : memref<8xf32>)
  %u = memref.cast %a : memref<8xf32> to memref<*xf32>
  call @printMemrefF32(%u) : (memref<*xf32>) -> ()
  return
}
transform.sequence failures(propagate) {
^bb0(%root: !transform.any_op):
  %f = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
  %t, %l = transform.structured.tile_using_for %f tile_sizes [3] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
}
