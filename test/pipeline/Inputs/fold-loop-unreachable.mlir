// A loop that becomes unreachable while the canonicalizer runs: once the
// branch on %true folds, ^loop's only predecessor is ^body, and merging
// the two leaves an op that uses its own result (%y = x & x of itself),
// which MLIR's driver would fold in place forever.
func.func @main() -> i32 {
  %true = arith.constant true
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  cf.cond_br %true, ^exit(%c3 : i32), ^loop(%c0 : i32)
^body:
  cf.br ^loop(%y : i32)
^loop(%i: i32):
  %y = arith.andi %i, %i : i32
  %t = arith.cmpi slt, %y, %c0 : i32
  cf.cond_br %t, ^body, ^exit(%y : i32)
^exit(%r: i32):
  return %r : i32
}
