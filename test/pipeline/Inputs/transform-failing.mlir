// A schedule that fails: a function is no tileable op.
module attributes {transform.with_named_sequence} {
  func.func @main() {
    return
  }
  transform.named_sequence @__transform_main(%root: !transform.any_op {transform.readonly}) {
    %m = transform.structured.match ops{["func.func"]} in %root : (!transform.any_op) -> !transform.any_op
    %tiled, %loops = transform.structured.tile_using_for %m tile_sizes [2] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
