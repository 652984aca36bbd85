// A schedule whose transform op reports its failure at the payload op
// only: a generic that calls a function has no vector form.
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
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %g = transform.structured.match ops{["linalg.generic"]} in %root : (!transform.any_op) -> !transform.any_op
    transform.sequence %g : !transform.any_op failures(propagate) {
    ^bb0(%h: !transform.any_op):
      transform.structured.vectorize %h : !transform.any_op
    }
    transform.yield
  }
}
