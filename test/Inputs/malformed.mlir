func.func @main() {
  %0 = arith.addi %x, %x : i32
  return
}
