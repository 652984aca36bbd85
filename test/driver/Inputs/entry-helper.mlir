// A helper in a file of its own, for an entry point in another.
func.func @helper() -> i32 {
  %c = arith.constant 5 : i32
  return %c : i32
}
