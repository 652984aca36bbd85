// RUN: mlirc-opt '--mlirc-instrument-undefined-behavior=checks=integer-divide-by-zero recover=false' %s | FileCheck %s
// RUN: mlirc-opt --mlirc-instrument-undefined-behavior=checks=shift %s | FileCheck %s --check-prefix=NONE
// RUN: not mlirc-opt --mlirc-instrument-undefined-behavior=checks=overflow %s 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// The pass's options spell -fsanitize='s checks; recover=false calls the
// handlers that end the program.

// CHECK: llvm.func @__ubsan_handle_divrem_overflow_abort(
// CHECK-LABEL: func.func @div
// CHECK: scf.if
// CHECK: llvm.call @__ubsan_handle_divrem_overflow_abort(
// CHECK: arith.divsi
// NONE-NOT: __ubsan
// UNKNOWN: error: unknown check 'overflow' in the checks of mlirc-instrument-undefined-behavior; expected integer-divide-by-zero, shift,
func.func @div(%a: i32, %b: i32) -> i32 {
  %q = arith.divsi %a, %b : i32
  return %q : i32
}
