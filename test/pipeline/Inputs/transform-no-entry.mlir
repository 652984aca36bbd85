// Named sequences, none of them @__transform_main.
module attributes {transform.with_named_sequence} {
  func.func @main() {
    return
  }
  transform.named_sequence @helper(%root: !transform.any_op {transform.readonly}) {
    transform.yield
  }
}
