// Undefined behavior in MLIR's semantics, with operands known only at run
// time (@opaque hides them from the folders): each op below is checked by
// -fsanitize=undefined (and unsigned-integer-overflow).
func.func private @opaque(%x: i32) -> i32 attributes {llvm.noinline} {
  return %x : i32
}

func.func @main() {
  %c0 = arith.constant 0 : i32
  %c40 = arith.constant 40 : i32
  %cm1 = arith.constant -1 : i32
  %c8 = arith.constant 8 : i32
  %max = arith.constant 2147483647 : i32
  %min = arith.constant -2147483648 : i32
  %zero = func.call @opaque(%c0) : (i32) -> i32
  %forty = func.call @opaque(%c40) : (i32) -> i32
  %minus = func.call @opaque(%cm1) : (i32) -> i32
  %eight = func.call @opaque(%c8) : (i32) -> i32
  %q = arith.divsi %c40, %zero : i32
  %r = arith.remui %c40, %zero : i32
  %d = arith.divsi %min, %minus : i32
  %s = arith.shli %max, %forty : i32
  %a = arith.addi %max, %forty overflow<nsw> : i32
  %m = arith.muli %max, %forty overflow<nsw> : i32
  %u = arith.subi %forty, %max overflow<nuw> : i32
  // One past the end of a row: still inside the buffer, so going on after the
  // report is safe.
  %i = arith.index_cast %eight : i32 to index
  %buffer = memref.alloca() : memref<4x8xi32>
  %c1 = arith.constant 1 : index
  %c0i = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  memref.store %c40, %buffer[%c1, %i] : memref<4x8xi32>
  %b = memref.load %buffer[%c2, %c0i] : memref<4x8xi32>
  vector.print %q : i32
  vector.print %r : i32
  vector.print %d : i32
  vector.print %s : i32
  vector.print %a : i32
  vector.print %m : i32
  vector.print %u : i32
  vector.print %b : i32
  return
}
