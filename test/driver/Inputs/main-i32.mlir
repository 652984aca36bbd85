// A main that returns i32: C's main, its result the exit status, unless
// --entry-point-result=i32 asks for it to be printed.
func.func @main() -> i32 {
  %c = arith.constant 3 : i32
  return %c : i32
}
