// Calls @twice and @thrice, which other inputs of the link define.
func.func private @twice(i32) -> i32
func.func private @thrice(i32) -> i32
func.func @main() {
  %c = arith.constant 7 : i32
  %a = func.call @twice(%c) : (i32) -> i32
  %b = func.call @thrice(%c) : (i32) -> i32
  vector.print %a : i32
  vector.print %b : i32
  return
}
