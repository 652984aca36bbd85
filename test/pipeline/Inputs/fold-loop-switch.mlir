// The loop of fold-loop-self-argument.mlir behind a cf.switch on a
// constant, which crashed the same way.
func.func @main() -> i32 {
  %flag = arith.constant 1 : i32
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  cf.switch %flag : i32, [
    default: ^loop(%c0 : i32),
    1: ^exit(%c3 : i32)
  ]
^back:
  cf.br ^loop(%i : i32)
^loop(%i: i32):
  %t = arith.cmpi slt, %i, %c0 : i32
  cf.cond_br %t, ^back, ^exit(%i : i32)
^exit(%r: i32):
  return %r : i32
}
