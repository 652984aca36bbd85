# @thrice for call-extern.mlir, linked as x86-64 assembly.
  .text
  .globl thrice
thrice:
  leal (%rdi,%rdi,2), %eax
  ret
  .section .note.GNU-stack,"",@progbits
