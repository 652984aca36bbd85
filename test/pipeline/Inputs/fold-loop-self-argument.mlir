// An unreachable loop that passes a block's argument back to it, once
// the branch on %true folds: MLIR's rewrites of the unreachable blocks
// left an op using an erased value, and folding it crashed (mlir-opt
// --canonicalize too).
func.func @main() -> i32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  cf.cond_br %true, ^exit(%c3 : i32), ^loop(%c0 : i32)
^back:
  cf.br ^loop(%i : i32)
^loop(%i: i32):
  %t = arith.cmpi slt, %i, %c0 : i32
  cf.cond_br %t, ^back, ^exit(%i : i32)
^exit(%r: i32):
  return %r : i32
}
