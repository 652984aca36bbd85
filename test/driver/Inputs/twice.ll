; @twice for call-extern.mlir, linked as LLVM IR.
define i32 @twice(i32 %x) {
  %r = mul i32 %x, 2
  ret i32 %r
}
