// Named sequences without an entry point, for schedules that include them
// (transform-includes-helper.mlir): tiles every fill by 4.
module attributes {transform.with_named_sequence} {
  transform.named_sequence @tile_fills(%root: !transform.any_op {transform.readonly}) {
    %f = transform.structured.match ops{["linalg.fill"]} in %root : (!transform.any_op) -> !transform.any_op
    %t, %l = transform.structured.tile_using_for %f tile_sizes [4] : (!transform.any_op) -> (!transform.any_op, !transform.any_op)
    transform.yield
  }
}
