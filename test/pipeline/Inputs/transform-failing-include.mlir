// The failing transform op is in a named sequence the entry includes; a
// matcher runs before it.
func.func @main() {
  %a = memref.alloc() : memref<4xf32>
  linalg.generic {indexing_maps = [affine_map<(i) -> (i)>], iterator_types = ["parallel"]} outs(%a : memref<4xf32>) {
  ^bb0(%x: f32):
    %y = func.call @twice(%x) : (f32) -> f32
    linalg.yield %y : f32
  }
  memref.dealloc %a : memref<4xf32>
  return
}
func.func private @twice(%x: f32) -> f32 {
  %y = arith.addf %x, %x : f32
  return %y : f32
}
module attributes {transform.with_named_sequence} {
  transform.named_sequence @vectorize(%h: !transform.any_op {transform.consumed}) {
    transform.structured.vectorize %h : !transform.any_op
    transform.yield
  }
  transform.named_sequence @match_generic(%op: !transform.any_op {transform.readonly}) -> !transform.any_op {
    transform.match.operation_name %op ["linalg.generic"] : !transform.any_op
    transform.yield %op : !transform.any_op
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.collect_matching @match_generic in %root : (!transform.any_op) -> !transform.any_op
    transform.include @vectorize failures(propagate) (%g) : (!transform.any_op) -> ()
    transform.yield
  }
}
